import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CSRF_HEADER, CSRF_HEADER_VALUE, titleOnlyTask, type StructureTaskJobData, type StructureTaskJobResult } from '@daybook/shared';
import { createApp } from '../app';
import { parseEnv } from '../config/env';
import { USER_REQUESTS_AT_ONCE } from '../http/per-user-concurrency';
import { createInProcessRunner } from '../jobs/in-process.runner';
import { createLogger } from '../logger';
import { handlersWith } from '../test/job-handlers';
import { TEST_PASSWORD, TEST_SESSION_SECRET } from '../test/test-app';
import { createTestOrm } from '../test/test-db';
import { testDatabaseUrl, testRedisUrl } from '../test/test-services';

/**
 * Two api replicas on one database and one Redis (docs/scaling.md), each an app of its own with its own
 * Redis connection, its own rate limits and gates: a user's requests alternate between them, as nginx
 * spreads them. Every count a user or an address has is one count, whichever replica answers.
 */

/** The assistant behind both replicas: holds the calls whose input starts with 'hold' until released. */
const assistant = {
  running: 0,
  mostRunning: 0,
  held: [] as Array<() => void>,
  release() {
    for (const go of this.held.splice(0)) go();
  },
};
const structureTask = async (data: StructureTaskJobData): Promise<StructureTaskJobResult> => {
  assistant.running += 1;
  assistant.mostRunning = Math.max(assistant.mostRunning, assistant.running);
  try {
    if (data.input.startsWith('hold')) await new Promise<void>((resolve) => assistant.held.push(resolve));
    return { task: titleOnlyTask(data.input), readBy: 'rules' };
  } finally {
    assistant.running -= 1;
  }
};

const LIMITS = { LOGIN_MAX_FAILURES: '3', REGISTRATION_MAX_PER_HOUR: '2', AI_MAX_PER_MINUTE: '4', HEAVY_READS_PER_MINUTE: '24' };

let orm: MikroORM;
const connections: Redis[] = [];
let replicas: Server[];

/** A browser behind its own address: keeps the cookies it is given, whichever replica gave them. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly address: string) {}

  /** Another browser with this one's cookies (a copy of the session cookie kept after signing out). */
  copy(): Browser {
    const copy = new Browser(this.address);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async send(replica: Server, method: 'get' | 'post' | 'patch', path: string, body?: object) {
    const req = request(replica)[method](path).set('X-Forwarded-For', this.address).set(CSRF_HEADER, CSRF_HEADER_VALUE);
    if (this.cookies.size > 0) req.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await (body ? req.send(body) : req);
    for (const cookie of (res.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
}

let addresses = 0;
/** A new user, registered and signed in on the first replica from an address of their own. */
async function signedIn(username: string): Promise<Browser & { id: string }> {
  const browser = new Browser(`198.51.100.${(addresses += 1)}`);
  expect((await browser.send(replicas[0]!, 'post', '/api/register', { username, password: TEST_PASSWORD })).status).toBe(201);
  const me = await browser.send(replicas[0]!, 'post', '/api/login', { username, password: TEST_PASSWORD });
  expect(me.status).toBe(200);
  return Object.assign(browser, { id: (me.body as { id: string }).id });
}

/** The statuses of `send` on each replica in turn, one after the other. */
async function alternating(times: number, send: (replica: Server, i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < times; i += 1) statuses.push((await send(replicas[i % 2]!, i)).status);
  return statuses;
}

beforeAll(async () => {
  orm = await createTestOrm();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...LIMITS });
  replicas = [];
  for (let i = 0; i < 2; i += 1) {
    const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    connections.push(redis);
    await redis.connect();
    if (i === 0) await redis.flushdb();
    const jobs = createInProcessRunner({ handlers: handlersWith({ 'structure-task': structureTask }), concurrency: 100, maxWaiting: 100, waitMs: 60_000, logger: createLogger('silent') });
    replicas.push(createApp({ env, orm, redis, logger: createLogger('silent'), sessionSecret: TEST_SESSION_SECRET, jobs }).listen(0, '127.0.0.1'));
  }
});
afterAll(async () => {
  assistant.release();
  await Promise.all(replicas.map((server) => new Promise((resolve) => server.close(resolve))));
  for (const redis of connections) redis.disconnect();
  await orm.close(true);
});

describe('two api replicas on one database and one Redis', () => {
  it('share sessions: signed in on one, signed in on the other; signed out on one, out on both', async () => {
    const anna = await signedIn('anna');
    expect((await anna.send(replicas[1]!, 'get', '/api/auth/user')).status).toBe(200);
    const kept = anna.copy();
    expect((await anna.send(replicas[1]!, 'post', '/api/logout')).status).toBe(200);
    expect((await kept.send(replicas[0]!, 'get', '/api/auth/user')).status).toBe(401);
  });

  it('count login failures of one username and address together (LOGIN_MAX_FAILURES)', async () => {
    await signedIn('bob');
    const guesser = new Browser('203.0.113.66');
    const statuses = await alternating(5, (replica, i) => guesser.send(replica, 'post', '/api/login', { username: 'bob', password: `guess-${i}` }));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('count registrations from one address together (REGISTRATION_MAX_PER_HOUR)', async () => {
    const bot = new Browser('203.0.113.50');
    const statuses = await alternating(4, (replica, i) => bot.send(replica, 'post', '/api/register', { username: `bot${i}`, password: TEST_PASSWORD }));
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it("count a user's natural-language entries together (AI_MAX_PER_MINUTE)", async () => {
    const carol = await signedIn('carol');
    const statuses = await alternating(6, (replica) => carol.send(replica, 'post', '/api/ai/structure-task', { input: 'Call Acme tomorrow' }));
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("count a user's searches and long lists together (HEAVY_READS_PER_MINUTE, per 10 s)", async () => {
    const dave = await signedIn('dave');
    const statuses = await alternating(6, (replica) => dave.send(replica, 'get', '/api/tasks/today'));
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("run at most 2 of a user's natural-language entries at once on both replicas together", async () => {
    const erin = await signedIn('erin');
    Object.assign(assistant, { running: 0, mostRunning: 0 });
    const calls = Array.from({ length: 4 }, (_, i) => erin.send(replicas[i % 2]!, 'post', '/api/ai/structure-task', { input: `hold ${i}` }));
    for (let i = 0; i < 200 && assistant.held.length < 2; i += 1) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 300)); // room for a third to slip through
    expect(assistant.running).toBe(2);
    let answered = false;
    const all = Promise.all(calls).finally(() => (answered = true));
    while (!answered) {
      assistant.release();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await all).map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(assistant.mostRunning).toBe(2);
  });

  it("let at most USER_REQUESTS_AT_ONCE of a user's requests into the database on both replicas together", async () => {
    const frank = await signedIn('frank');
    const taskIds: string[] = [];
    for (const title of ['One', 'Two', 'Three']) taskIds.push((await frank.send(replicas[0]!, 'post', '/api/tasks', { title })).body.id as string);
    // frank's reorders take his reorder lock in turn: held here, each one that reaches the database waits there.
    const locker = new pg.Client({ connectionString: testDatabaseUrl() });
    await locker.connect();
    const waitingForLock = async () =>
      Number((await locker.query(`select count(*) from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`)).rows[0].count);
    let reorders: Array<Promise<{ status: number }>> = [];
    try {
      await locker.query('begin');
      await locker.query('select pg_advisory_xact_lock(hashtext($1))', [`daybook:reorder:${frank.id}`]);
      reorders = Array.from({ length: 12 }, (_, n) => frank.send(replicas[n % 2]!, 'patch', '/api/tasks/reorder', { taskIds: n % 4 < 2 ? taskIds : [...taskIds].reverse(), type: 'active' }));
      for (let i = 0; i < 100 && (await waitingForLock()) < USER_REQUESTS_AT_ONCE; i += 1) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300)); // time for any more of them to reach the database
      expect(await waitingForLock()).toBe(USER_REQUESTS_AT_ONCE);
    } finally {
      await locker.query('commit');
      await locker.end();
    }
    expect((await Promise.all(reorders)).map((res) => res.status)).toEqual(Array(12).fill(200));
  });
});
