import net from 'node:net';
import Koa from 'koa';
import { Redis } from 'ioredis';
import request from 'supertest';
import { createLogger } from '../logger';
import { testRedisUrl } from '../test/test-services';
import type { AppState } from './guards';
import { errorHandler } from './error-handler';
import { perUserConcurrency, type PerUserConcurrencyOptions } from './per-user-concurrency';

/**
 * The per-user gate kept in Redis (perUserConcurrency with a Redis client), as several api replicas use it:
 * each "replica" here is an app of its own with its own Redis connection; the user comes from `x-user`.
 */

/** What every replica's one route does: wait until the test releases it. Counts the requests running across replicas. */
const work = {
  running: 0,
  mostRunning: 0,
  releases: [] as Array<() => void>,
  releaseAll() {
    for (const release of this.releases.splice(0)) release();
  },
};

function replica(redis: Redis, options: Omit<PerUserConcurrencyOptions, 'name' | 'message'>) {
  const app = new Koa();
  app.use(errorHandler(createLogger('silent')));
  app.use((ctx, next) => {
    const user = ctx.get('x-user');
    (ctx.state as AppState).actor = { id: user, username: user, role: 'user', timezone: 'Europe/Berlin', enableDelegation: false };
    return next();
  });
  app.use(perUserConcurrency({ ...options, name: 'test', message: 'Too many at once' }, redis));
  app.use(async (ctx) => {
    work.running += 1;
    work.mostRunning = Math.max(work.mostRunning, work.running);
    await new Promise<void>((resolve) => work.releases.push(resolve));
    work.running -= 1;
    ctx.body = { ok: true };
  });
  const server = app.listen(0, '127.0.0.1');
  return { server, redis, get: (user: string) => request(server).get('/').set('x-user', user).then((res) => res) };
}

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  for (const deadline = Date.now() + timeoutMs; !check() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Releases every running request, and those that start meanwhile, until `all` settled. */
async function drain<T>(all: Promise<T>): Promise<T> {
  let done = false;
  void all.then(() => (done = true));
  while (!done) {
    work.releaseAll();
    await sleep(10);
  }
  return all;
}

const connections: Redis[] = [];
const servers: Array<{ close(): void }> = [];
async function connect(url = testRedisUrl()): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  connections.push(redis);
  await redis.connect().catch(() => undefined);
  return redis;
}
async function replicas(count: number, options: Omit<PerUserConcurrencyOptions, 'name' | 'message'>) {
  const started = [];
  for (let i = 0; i < count; i += 1) started.push(replica(await connect(), options));
  servers.push(...started.map((r) => r.server));
  return started;
}

beforeEach(async () => {
  Object.assign(work, { running: 0, mostRunning: 0, releases: [] });
  await (await connect()).flushdb();
});
afterEach(() => {
  work.releaseAll();
  for (const server of servers.splice(0)) server.close();
  for (const redis of connections.splice(0)) redis.disconnect();
});

describe('perUserConcurrency in Redis', () => {
  it("holds one user's bound across replicas: 2 at once on two replicas together, the others wait for a slot freed on either", async () => {
    const [a, b] = await replicas(2, { limit: 2, queue: 4, waitMs: 10_000 });
    const flood = [a!.get('anna'), b!.get('anna'), a!.get('anna'), b!.get('anna'), a!.get('anna'), b!.get('anna')];
    await until(() => work.releases.length === 2);
    await sleep(200); // room for a third to slip through
    expect(work.running).toBe(2);
    // Another user is not held up by anna's slots.
    const other = b!.get('bob');
    await until(() => work.releases.length === 3);
    const answers = await drain(Promise.all([...flood, other]));
    expect(answers.map((res) => res.status)).toEqual(Array(7).fill(200));
    expect(work.mostRunning).toBe(3); // anna's two and bob's one
  });

  it('refuses with 429 past the queue of a replica, and after waitMs', async () => {
    const [a, b] = await replicas(2, { limit: 1, queue: 1, waitMs: 300 });
    const first = a!.get('anna');
    await until(() => work.releases.length === 1);
    // On b: one waits (and gives up after 300 ms), the second finds b's queue full.
    const [waited, full] = await Promise.all([b!.get('anna'), b!.get('anna')]);
    expect([waited.status, full.status]).toEqual([429, 429]);
    expect(waited.body.error.message).toBe('Too many at once');
    work.releaseAll();
    expect((await first).status).toBe(200);
  });

  it('keeps the slot of a long request (its lease is renewed) and frees those of a replica that died when their lease ends', async () => {
    const [a, b] = await replicas(2, { limit: 1, queue: 4, waitMs: 10_000, leaseMs: 300 });
    const long = a!.get('anna');
    await until(() => work.releases.length === 1);
    const waiting = b!.get('anna');
    await sleep(1_000); // three leases: a renews its slot
    expect(work.running).toBe(1);
    work.releaseAll();
    expect((await long).status).toBe(200);
    await until(() => work.releases.length === 1); // b's request got the slot
    // b "dies": its connection to Redis is gone, so its slot is neither renewed nor given back.
    b!.redis.disconnect();
    const onA = a!.get('anna');
    await sleep(100);
    expect(work.running).toBe(1);
    await until(() => work.running === 2, 2_000); // a's request got the slot once b's lease ended
    work.releaseAll();
    expect((await onA).status).toBe(200);
    expect((await waiting).status).toBe(200);
  });

  it('counts in the replica while Redis does not answer: the bound still holds there', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const app = replica(await connect(`redis://127.0.0.1:${port}`), { limit: 1, queue: 4, waitMs: 10_000 });
    servers.push(app.server);
    const both = Promise.all([app.get('anna'), app.get('anna')]);
    await until(() => work.releases.length === 1);
    await sleep(100);
    expect(work.running).toBe(1);
    expect((await drain(both)).map((res) => res.status)).toEqual([200, 200]);
    expect(work.mostRunning).toBe(1);
  });
});
