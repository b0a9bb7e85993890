import type { Server } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { CSRF_HEADER, CSRF_HEADER_VALUE, DATE_RANGE_MESSAGE } from '@daybook/shared';
import { createApp, SESSION_COOKIE } from '../app';
import { createLogger } from '../logger';
import { rowCounts, truncateAll } from '../test/test-db';
import { ApiClient, startTestApp, TEST_SESSION_SECRET, type TestContext } from '../test/test-app';

/**
 * Red team, issue 11 §6: input that answered 500 (or was stored silently wrong) answers a clear 4xx
 * with a message and changes nothing; dates stay in DECISIONS 23's range; 405 and 501 answers use the
 * JSON error shape; and an unhandled database error is logged without the SQL or its values.
 */
let t: TestContext;
let server: Server;
let logLines: string[];
let anna: ApiClient;
let annaId: string;
let taskId: string;

/** A client of the app under test, whose logger writes into `logLines`. */
const client = () => new ApiClient(server);

beforeAll(async () => {
  t = await startTestApp();
  await truncateAll(t.orm);
  logLines = [];
  const logger = createLogger('debug', 'api', (line) => logLines.push(line));
  server = createApp({ env: t.env, orm: t.orm, redis: t.redis, logger, sessionSecret: TEST_SESSION_SECRET }).listen(0, '127.0.0.1');
  anna = client();
  annaId = (await anna.signUpAndIn('anna')).id;
  taskId = (await anna.post('/api/tasks', { title: 'Mine', dueDate: '2026-03-05' })).body.id;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

type Answer = { status: number; body: { error?: { code?: string; message?: string } } };

/** A 4xx with a message, and no row added or removed. */
async function expectRefused(send: () => PromiseLike<Answer>, message?: string) {
  const before = await rowCounts(t.orm);
  const res = await send();
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body.error?.message ?? '').not.toBe('');
  if (message) expect(res.body.error?.message).toBe(message);
  expect(await rowCounts(t.orm)).toEqual(before);
  return res;
}

describe('dates stay between 1900-01-01 and 2999-12-31 (DECISIONS 23)', () => {
  it.each([
    ['a due date in year 9999', '9999-12-31'],
    ['a due date-time in year 9999 (500 before)', '9999-12-31T23:00:00-12:00'],
    ['a year-0 date-time (stored as year 2 before)', '0000-01-01T00:00:00Z'],
    ['a year-1 date (stored before)', '0001-01-01'],
    ['the day before the range', '1899-12-31'],
    ['the day after the range', '3000-01-01'],
  ])('refuses %s on create and on update, changing nothing', async (_name, dueDate) => {
    await expectRefused(() => anna.post('/api/tasks', { title: 'x', dueDate }), DATE_RANGE_MESSAGE);
    await expectRefused(() => anna.patch(`/api/tasks/${taskId}`, { dueDate }), DATE_RANGE_MESSAGE);
    expect((await anna.get(`/api/tasks/${taskId}`)).body.dueDate).toBe('2026-03-05');
  });

  it('accepts both ends of the range', async () => {
    for (const dueDate of ['1900-01-01', '2999-12-31']) {
      const res = await anna.post('/api/tasks', { title: 'edge', dueDate });
      expect(res.status).toBe(201);
      expect(res.body.dueDate).toBe(dueDate);
    }
  });

  it("refuses a date-time that the user's zone moves out of the range, with a 400", async () => {
    const tokyo = client();
    await tokyo.signUpAndIn('tokyo');
    expect((await tokyo.patch('/api/auth/user/timezone', { timezone: 'Asia/Tokyo' })).status).toBe(200);
    const id = (await tokyo.post('/api/tasks', { title: 'Late', dueDate: '2999-12-31' })).body.id;
    // 2999-12-31T23:00 at UTC-12 is 3000-01-01 in Tokyo (stored as such before).
    const created = await expectRefused(() => tokyo.post('/api/tasks', { title: 'x', dueDate: '2999-12-31T23:00:00-12:00' }), DATE_RANGE_MESSAGE);
    expect(created.status).toBe(400);
    await expectRefused(() => tokyo.patch(`/api/tasks/${id}`, { dueDate: '2999-12-31T23:00:00-12:00' }), DATE_RANGE_MESSAGE);
    expect((await tokyo.get(`/api/tasks/${id}`)).body.dueDate).toBe('2999-12-31');
    // The calendar window whose last instant is 10000-01-01 in Tokyo answered 500.
    await expectRefused(() => tokyo.get('/api/tasks/calendar?start=9999-12-31T00:00:00Z&end=9999-12-31T23:00:00Z'), DATE_RANGE_MESSAGE);
    // The week of 2999-12-31 is still shown.
    const week = await tokyo.get('/api/tasks/calendar?start=2999-12-28T15:00:00Z&end=3000-01-04T15:00:00Z');
    expect(week.status).toBe(200);
    expect(week.body.map((task: { id: string }) => task.id)).toEqual([id]);
  });

  it.each([
    ['endDate=9999-12-31'],
    ['startDate=9999-12-31'],
    ['startDate=0001-01-01'],
    ['endDate=1899-12-31'],
    ['query=x&startDate=2026-01-01&endDate=3000-01-01'],
  ])('refuses the note search ?%s with a 400 (500 for year 9999 before)', async (query) => {
    const res = await expectRefused(() => anna.get(`/api/notes/search?${query}`), DATE_RANGE_MESSAGE);
    expect(res.status).toBe(400);
  });

  it('refuses a calendar window far outside the range', async () => {
    await expectRefused(() => anna.get('/api/tasks/calendar?start=0000-01-01T00:00:00Z&end=0000-01-02T00:00:00Z'), DATE_RANGE_MESSAGE);
    await expectRefused(() => anna.get('/api/tasks/calendar?start=9999-12-25T00:00:00Z&end=9999-12-31T00:00:00Z'), DATE_RANGE_MESSAGE);
  });
});

describe('a recurring series ends at the edge of the range', () => {
  const tasksOf = async (userId: string) =>
    t.orm.em.getConnection().execute<{ due_date: string | null; last_recurrence_date: Date | null }[]>(
      'select due_date::text as due_date, last_recurrence_date from tasks where user_id = ? order by created_at',
      [userId],
    );

  it('completing a daily task due 2999-12-31 makes no next occurrence, and marks it handled', async () => {
    const rita = client();
    const { id: userId } = await rita.signUpAndIn('rita');
    const id = (await rita.post('/api/tasks', { title: 'Daily', dueDate: '2999-12-31', isRecurring: true, recurringType: 'daily' })).body.id;
    expect((await rita.patch(`/api/tasks/${id}/complete`, { isCompleted: true })).status).toBe(200);
    expect((await tasksOf(userId))[0]!.last_recurrence_date).not.toBeNull();
    expect((await rita.patch(`/api/tasks/${id}/complete`, { isCompleted: false })).status).toBe(200);
    expect((await rita.patch(`/api/tasks/${id}/complete`, { isCompleted: true })).status).toBe(200);
    expect((await tasksOf(userId)).map((row) => row.due_date)).toEqual(['2999-12-31']);
  });

  it.each([
    ['9999-12-31', 'stored 10000-01-01 before'],
    ['10000-01-01', 'answered 500 before'],
  ])('a series stored before the range (due %s, %s) ends when completed', async (dueDate) => {
    const sam = client();
    const { id: userId } = await sam.signUpAndIn(`sam-${dueDate}`);
    const [row] = await t.orm.em.getConnection().execute<{ id: string }[]>(
      `insert into tasks (id, user_id, title, due_date, is_recurring, recurring_type)
       values (gen_random_uuid(), ?, 'Legacy', ?::date, true, 'daily') returning id`,
      [userId, dueDate],
    );
    const done = await sam.patch(`/api/tasks/${row!.id}/complete`, { isCompleted: true });
    expect(done.status).toBe(200);
    const rows = await tasksOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.last_recurrence_date).not.toBeNull();
  });
});

describe('request bodies that do not decompress', () => {
  const post = (encoding: string, body: Buffer) =>
    anna.agent
      .post('/api/tasks')
      .set(CSRF_HEADER, CSRF_HEADER_VALUE)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .serialize((raw: unknown) => raw as string) // send the bytes as they are
      .send(body as unknown as string);

  it.each([
    ['gzip garbage', 'gzip', Buffer.from('garbage, not gzip')],
    ['deflate garbage', 'deflate', Buffer.from('garbage, not deflate')],
    ['truncated gzip', 'gzip', gzipSync('{"title":"cut short"}').subarray(0, 12)],
    ['brotli garbage', 'br', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x01, 0x02])],
  ])('%s → 400 with a message (500 before), nothing stored', async (_name, encoding, body) => {
    const res = await expectRefused(() => post(encoding, body), 'The request body could not be decompressed');
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('bad_request');
  });

  it('still reads a valid gzip or brotli body, and refuses one that inflates past the limit', async () => {
    expect((await post('gzip', gzipSync('{"title":"zipped"}'))).status).toBe(201);
    expect((await post('br', brotliCompressSync('{"title":"brotli"}'))).status).toBe(201);
    const bomb = gzipSync(JSON.stringify({ title: 'x', description: ' '.repeat(5_000_000) }));
    expect(bomb.length).toBeLessThan(20_000);
    expect((await expectRefused(() => post('gzip', bomb))).status).toBe(413);
  });
});

describe('405 and 501 answers', () => {
  it('405 uses the JSON error shape and keeps the Allow header', async () => {
    const res = await anna.agent.delete('/api/tasks').set(CSRF_HEADER, CSRF_HEADER_VALUE);
    expect(res.status).toBe(405);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: { code: 'method_not_allowed', message: 'Method not allowed' } });
    expect(res.headers.allow).toBe('HEAD, GET, POST');
  });

  it('501 for an unknown method uses the JSON error shape too', async () => {
    const res = await anna.agent.purge('/api/tasks').set(CSRF_HEADER, CSRF_HEADER_VALUE);
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ error: { code: 'not_implemented', message: 'Method not implemented' } });
    expect(res.headers.allow).toBe('HEAD, GET, POST');
  });
});

describe('error logs carry no SQL values', () => {
  const db = () => t.orm.em.getConnection();

  it('a failing insert logs the SQLSTATE and constraint, never the title it carried', async () => {
    const title = 'RedTeam title 7f3c91 (do not log)';
    await db().execute(`alter table tasks add constraint red_team_refuses_title check (title not like 'RedTeam title%')`);
    try {
      logLines.length = 0;
      const res = await anna.post('/api/tasks', { title });
      expect(res.status).toBe(500);
    } finally {
      await db().execute('alter table tasks drop constraint red_team_refuses_title');
    }
    const log = logLines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).not.toContain('7f3c91');
    expect(log).not.toContain(annaId);
    expect(log).not.toMatch(/insert into/i);
    const entry = JSON.parse(logLines.find((line) => line.includes('unhandled error'))!);
    expect(entry.error).toMatchObject({ name: 'CheckConstraintViolationException', sqlState: '23514', table: 'tasks', constraint: 'red_team_refuses_title' });
    expect(entry.error.message).toBe('new row for relation "tasks" violates check constraint "red_team_refuses_title"');
  });

  it('a failing session statement logs neither the session id nor the statement', async () => {
    const bea = client();
    const login = await bea.post('/api/register', { username: 'bea', password: 'correct horse battery' });
    expect(login.status).toBe(201);
    const signedIn = await bea.post('/api/login', { username: 'bea', password: 'correct horse battery' });
    const cookie = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    const sid = cookie!.slice(SESSION_COOKIE.length + 1).split(';')[0]!;
    expect(sid.length).toBeGreaterThan(10);
    await db().execute(`create or replace function red_team_refuse() returns trigger language plpgsql as $$ begin raise exception 'red team refusal'; end $$`);
    await db().execute('create trigger red_team_refuse before delete on sessions for each row execute function red_team_refuse()');
    try {
      logLines.length = 0;
      expect((await bea.post('/api/logout')).status).toBe(500);
    } finally {
      await db().execute('drop trigger red_team_refuse on sessions');
      await db().execute('drop function red_team_refuse()');
    }
    const log = logLines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).not.toContain(sid);
    expect(log).not.toMatch(/delete from/i);
    expect(JSON.parse(logLines.find((line) => line.includes('unhandled error'))!).error).toMatchObject({ sqlState: 'P0001', message: 'red team refusal' });
  });
});
