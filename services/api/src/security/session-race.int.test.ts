import pg from 'pg';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import { truncateAll } from '../test/test-db';
import { testDatabaseUrl } from '../test/test-services';
import { startTestApp, TEST_PASSWORD, type TestContext } from '../test/test-app';

/**
 * Red team, DECISIONS 21 and issue 11 §4: ending sessions always wins. A request of the user is held in
 * flight by a lock taken from another connection while the session is ended (logout, password reset,
 * deletion of the user); when it finishes, its renewal of the session must not bring the session back,
 * and must not fail.
 */

let t: TestContext;
let locker: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  locker = new pg.Client({ connectionString: testDatabaseUrl() });
  await locker.connect();
});
afterAll(async () => {
  await locker.end();
  await t.close();
});
beforeEach(() => truncateAll(t.orm));

/** Signs in and answers the session cookie, so several "devices" can send it. */
async function signIn(username: string, register = true): Promise<{ cookie: string; id: string }> {
  if (register) {
    const registered = await request(t.server).post('/api/register').set(CSRF_HEADER, CSRF_HEADER_VALUE).send({ username, password: TEST_PASSWORD });
    expect(registered.status).toBe(201);
  }
  const res = await request(t.server).post('/api/login').set(CSRF_HEADER, CSRF_HEADER_VALUE).send({ username, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  return { cookie, id: (res.body as { id: string }).id };
}

const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, cookie: string, body?: object) =>
  request(t.server)[method](path).set('Cookie', cookie).set(CSRF_HEADER, CSRF_HEADER_VALUE).send(body);

/** Puts the user's sessions into the second half of their life, where every request renews them. */
async function ageSessions(userId: string) {
  const expire = Date.now() + 24 * 60 * 60 * 1000;
  await t.orm.em
    .getConnection()
    .execute(`update sessions set sess = jsonb_set(sess, '{_expire}', to_jsonb(?::bigint)), expire = to_timestamp(? / 1000.0) where user_id = ?`, [expire, expire, userId]);
}

async function sessionRows(userId: string): Promise<number> {
  const [row] = await t.orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from sessions where user_id = ?', [userId]);
  return row!.n;
}

/** Waits until some statement of the app waits for a lock the locker holds. */
async function untilBlocked() {
  for (let i = 0; i < 100; i += 1) {
    const { rows } = await locker.query(`select count(*)::int as n from pg_locks where not granted`);
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the request never waited for the lock');
}

/**
 * Starts a PATCH of one of the user's tasks that waits on a row lock taken by the locker, with the
 * user's sessions aged just before, so that this request renews its session when it finishes.
 */
async function requestHeldByTaskLock(cookie: string, userId: string) {
  const task = (await call('post', '/api/tasks', cookie, { title: 'held' })).body as { id: string };
  await ageSessions(userId);
  await locker.query('begin');
  await locker.query('select 1 from tasks where id = $1 for update', [task.id]);
  const inFlight = call('patch', `/api/tasks/${task.id}`, cookie, { title: 'finished later' }).then((res) => res);
  await untilBlocked();
  return { inFlight }; // wrapped: an async function returning the promise itself would wait for it
}

describe('a request in flight while the session ends', () => {
  it('logout wins: the renewal of the finished request does not bring the session back', async () => {
    const anna = await signIn('anna');
    const { inFlight } = await requestHeldByTaskLock(anna.cookie, anna.id);
    expect((await call('post', '/api/logout', anna.cookie)).status).toBe(200);
    await locker.query('commit');
    expect((await inFlight).status).toBe(200);
    expect(await sessionRows(anna.id)).toBe(0);
    expect((await call('get', '/api/auth/user', anna.cookie)).status).toBe(401);
  });

  it('a password reset by the admin wins the same way', async () => {
    const admin = await signIn('admin');
    const anna = await signIn('anna');
    const { inFlight } = await requestHeldByTaskLock(anna.cookie, anna.id);
    expect((await call('post', `/api/admin/users/${anna.id}/reset-password`, admin.cookie, { newPassword: 'a new secret' })).status).toBe(200);
    await locker.query('commit');
    expect((await inFlight).status).toBe(200);
    expect(await sessionRows(anna.id)).toBe(0);
    expect((await call('get', '/api/auth/user', anna.cookie)).status).toBe(401);
  });

  it('a user deleted meanwhile: the request ends without a 500 and no session row comes back', async () => {
    const anna = await signIn('anna');
    const { inFlight } = await requestHeldByTaskLock(anna.cookie, anna.id);
    // The locker deletes the user in the transaction that holds the lock (as the admin's delete would):
    // the held request then finds its task gone, and its renewal finds no session.
    await locker.query('delete from users where id = $1', [anna.id]);
    await locker.query('commit');
    expect((await inFlight).status).toBe(404);
    const [row] = await t.orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from sessions');
    expect(row!.n).toBe(0);
  });
});
