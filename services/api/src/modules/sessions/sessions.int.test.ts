import pg from 'pg';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type SessionList } from '@daybook/shared';
import { interceptStatements, planOf, scansOf } from '../../test/query-plans';
import { truncateAll } from '../../test/test-db';
import { startTestApp, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/test-services';

/**
 * Where you are signed in (DECISIONS 48): each session with its device, address and last use; ending one,
 * or all others, takes effect at the next request; another user's session is a 404; and the session read
 * every request makes stays one prepared statement.
 */

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let t: TestContext;
let locker: pg.Client;
beforeAll(async () => {
  // Behind the bundled nginx: the client address is the X-Forwarded-For entry nginx writes.
  t = await startTestApp({ TRUST_PROXY: 'true' });
  locker = new pg.Client({ connectionString: testDatabaseUrl() });
  await locker.connect();
});
afterAll(async () => {
  await locker.end();
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
});

const db = () => t.orm.em.getConnection();

/** Waits until some statement of the app waits for a lock the locker holds. */
async function untilBlocked() {
  for (let i = 0; i < 100; i += 1) {
    const { rows } = await locker.query('select count(*)::int as n from pg_locks where not granted');
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the request never waited for the lock');
}

/** One browser: its cookie, its User-Agent and the address it comes from. */
class Device {
  cookie = '';
  constructor(
    readonly userAgent: string,
    public address: string,
  ) {}
  send(method: 'get' | 'post' | 'delete' | 'patch', path: string, body?: object) {
    const req = request(t.server)[method](path).set('User-Agent', this.userAgent).set('X-Forwarded-For', this.address).set(CSRF_HEADER, CSRF_HEADER_VALUE);
    if (this.cookie) req.set('Cookie', this.cookie);
    return body ? req.send(body) : req;
  }
  async signIn(username: string, register = false): Promise<string> {
    if (register) expect((await this.send('post', '/api/register', { username, password: TEST_PASSWORD })).status).toBe(201);
    const res = await this.send('post', '/api/login', { username, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    this.cookie = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    return (res.body as { id: string }).id;
  }
  /** The session id in the cookie (`daybook.sid=<sid>`). */
  get sid() {
    return /daybook\.sid=([^;]+)/.exec(this.cookie)![1]!;
  }
  async sessions(): Promise<SessionList> {
    const res = await this.send('get', '/api/auth/sessions');
    expect(res.status).toBe(200);
    return res.body as SessionList;
  }
  async status(): Promise<number> {
    return (await this.send('get', '/api/auth/user')).status;
  }
}

describe('the sessions list', () => {
  it('lists each session with its browser, system, device, address, sign-in and last use, and marks this one; never a session id', async () => {
    const laptop = new Device(FIREFOX_WINDOWS, '203.0.113.7');
    const phone = new Device(SAFARI_IPHONE, '198.51.100.9');
    await laptop.signIn('anna', true);
    await phone.signIn('anna');

    const list = await laptop.sessions();
    expect(list.total).toBe(2);
    const [first, second] = list.items;
    // Most recently used first: the phone signed in last.
    expect(first).toMatchObject({ current: false, browser: 'Safari 17', os: 'iOS 17.1', deviceType: 'mobile', device: 'Apple iPhone', address: '198.51.100.9' });
    expect(second).toMatchObject({ current: true, browser: 'Firefox 120', os: 'Windows 10', deviceType: 'desktop', device: null, address: '203.0.113.7' });
    for (const session of list.items) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.now() - new Date(session.signedInAt).getTime()).toBeLessThan(60_000);
      expect(session.lastSeenAt >= session.signedInAt).toBe(true);
    }
    const text = JSON.stringify(list);
    expect(text).not.toContain(laptop.sid);
    expect(text).not.toContain(phone.sid);
    expect((await phone.sessions()).items.find((s) => s.current)?.id).toBe(first!.id);
  });

  it('notes the last use at most once a minute, with the address and browser of that use', async () => {
    const phone = new Device(SAFARI_IPHONE, '198.51.100.9');
    const userId = await phone.signIn('anna', true);
    const laptop = new Device(FIREFOX_WINDOWS, '203.0.113.7');
    await laptop.signIn('anna');
    await db().execute(`update sessions set last_seen_at = now() - interval '3 hours' where user_id = ? and sid = ?`, [userId, phone.sid]);

    // Within the minute nothing is written; an hour later the next request notes it.
    const before = (await laptop.sessions()).items.find((s) => !s.current)!;
    expect(Date.now() - new Date(before.lastSeenAt).getTime()).toBeGreaterThan(2 * 3_600_000);
    phone.address = '198.51.100.77';
    expect(await phone.status()).toBe(200);
    const after = (await laptop.sessions()).items.find((s) => !s.current)!;
    expect(Date.now() - new Date(after.lastSeenAt).getTime()).toBeLessThan(60_000);
    expect(after.address).toBe('198.51.100.77');
    expect(after.signedInAt).toBe(before.signedInAt);
  });

  it('answers 403 to an API token: only a signed-in browser sees its sessions', async () => {
    const laptop = new Device(FIREFOX_WINDOWS, '203.0.113.7');
    await laptop.signIn('anna', true);
    const { secret } = (await laptop.send('post', '/api/tokens', { name: 'script', scope: 'read-write' })).body as { secret: string };
    const res = await request(t.server).get('/api/auth/sessions').set('Authorization', `Bearer ${secret}`);
    expect(res.status).toBe(403);
    expect((await request(t.server).post('/api/auth/sessions/others/end').set('Authorization', `Bearer ${secret}`)).status).toBe(403);
  });
});

/** Anna, signed in on a laptop, a phone and a tablet. */
async function annaOnThreeDevices(): Promise<[Device, Device, Device]> {
  const devices: [Device, Device, Device] = [new Device(FIREFOX_WINDOWS, '203.0.113.7'), new Device(SAFARI_IPHONE, '198.51.100.9'), new Device(SAFARI_IPHONE, '198.51.100.10')];
  await devices[0].signIn('anna', true);
  for (const device of devices.slice(1)) await device.signIn('anna');
  return devices;
}

describe('ending sessions', () => {
  it('ends one session: its next request is 401, the others go on', async () => {
    const [laptop, phone, tablet] = await annaOnThreeDevices();
    const phoneSession = (await phone.sessions()).items.find((s) => s.current)!;

    expect((await laptop.send('delete', `/api/auth/sessions/${phoneSession.id}`)).status).toBe(204);
    expect(await phone.status()).toBe(401);
    expect(await laptop.status()).toBe(200);
    expect(await tablet.status()).toBe(200);
    expect((await laptop.sessions()).items.map((s) => s.id)).not.toContain(phoneSession.id);
    // Gone is gone: the same id again is a 404.
    expect((await laptop.send('delete', `/api/auth/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it('ending this device’s own session signs it out and clears its cookie', async () => {
    const laptop = new Device(FIREFOX_WINDOWS, '203.0.113.7');
    await laptop.signIn('anna', true);
    const own = (await laptop.sessions()).items[0]!;
    const res = await laptop.send('delete', `/api/auth/sessions/${own.id}`);
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/daybook\.sid=;/);
    expect(await laptop.status()).toBe(401);
  });

  it('ends every other session and keeps this one', async () => {
    const [laptop, phone, tablet] = await annaOnThreeDevices();
    const bruno = new Device(FIREFOX_WINDOWS, '203.0.113.8');
    await bruno.signIn('bruno', true);

    const res = await laptop.send('post', '/api/auth/sessions/others/end');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect(await phone.status()).toBe(401);
    expect(await tablet.status()).toBe(401);
    expect(await laptop.status()).toBe(200);
    expect(await bruno.status()).toBe(200);
    expect((await laptop.sessions()).items).toHaveLength(1);
  });

  it('another user’s session id is a 404 and ends nothing; a malformed id is a 400', async () => {
    const anna = new Device(FIREFOX_WINDOWS, '203.0.113.7');
    const bruno = new Device(SAFARI_IPHONE, '198.51.100.9');
    await anna.signIn('anna', true);
    await bruno.signIn('bruno', true);
    const brunoSession = (await bruno.sessions()).items[0]!;

    const res = await anna.send('delete', `/api/auth/sessions/${brunoSession.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Session not found' } });
    expect(await bruno.status()).toBe(200);
    expect((await anna.send('delete', '/api/auth/sessions/not-an-id')).status).toBe(400);
    expect((await anna.sessions()).items).toHaveLength(1);
  });

  it('a request in flight while its session is ended does not bring it back by noting its last use', async () => {
    const laptop = new Device(FIREFOX_WINDOWS, '203.0.113.7');
    const phone = new Device(SAFARI_IPHONE, '198.51.100.9');
    const userId = await laptop.signIn('anna', true);
    await phone.signIn('anna');
    await db().execute(`update sessions set last_seen_at = now() - interval '1 hour' where sid = ?`, [phone.sid]);
    // The phone's next request reads its session, then waits to note its use behind the locker's row lock.
    await locker.query('begin');
    await locker.query('select 1 from sessions where sid = $1 for update', [phone.sid]);
    const inFlight = phone.send('get', '/api/auth/user').then((res) => res);
    await untilBlocked();
    // Meanwhile the session is ended (as the laptop's "sign out" of it does, in the locker's transaction).
    await locker.query('delete from sessions where sid = $1', [phone.sid]);
    await locker.query('commit');
    expect((await inFlight).status).toBe(200);
    const [row] = await db().execute<{ n: number }[]>('select count(*)::int as n from sessions where user_id = ?', [userId]);
    expect(row!.n).toBe(1);
    expect(await phone.status()).toBe(401);
  });
});

describe('the session read of every request', () => {
  it('stays one prepared statement on the sessions key, and adds one update at most once a minute', async () => {
    const laptop = new Device(FIREFOX_WINDOWS, '203.0.113.7');
    await laptop.signIn('anna', true);
    const statementsOfRequest = async () => {
      const seen: { text: string; name?: string; values?: unknown[] }[] = [];
      const spy = interceptStatements((query, send) => {
        if (/\bsessions\b/.test(query.text)) seen.push(query);
        send();
      });
      try {
        expect(await laptop.status()).toBe(200);
      } finally {
        spy.mockRestore();
      }
      return seen;
    };

    const fresh = await statementsOfRequest();
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.name).toMatch(/^daybook_/);
    const { plan } = await planOf(t.orm, { sql: fresh[0]!.text, params: fresh[0]!.values ?? [], generic: true });
    expect(scansOf(plan)).toEqual(expect.arrayContaining([expect.stringMatching(/^Index Scan on sessions$/)]));
    expect(scansOf(plan)).not.toContain('Seq Scan on sessions');

    await db().execute(`update sessions set last_seen_at = now() - interval '2 minutes'`);
    const stale = await statementsOfRequest();
    expect(stale.map((s) => s.text.trim().split(/\s+/)[0])).toEqual(['select', 'update']);
    expect(await statementsOfRequest()).toHaveLength(1);
  });
});
