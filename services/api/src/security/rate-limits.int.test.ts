import type { Server } from 'node:http';
import net from 'node:net';
import { Redis } from 'ioredis';
import type { MikroORM } from '@mikro-orm/postgresql';
import { titleOnlyTask, type StructureTaskJobData, type StructureTaskJobResult } from '@daybook/shared';
import { createApp } from '../app';
import { parseEnv } from '../config/env';
import { createLogger } from '../logger';
import { createInProcessRunner } from '../jobs/in-process.runner';
import { ApiClient, startTestApp, TEST_PASSWORD, TEST_SESSION_SECRET, type TestContext } from '../test/test-app';
import { createTestOrm, rowCounts, truncateAll } from '../test/test-db';
import { testRedisUrl } from '../test/test-services';
import { handlersWith } from '../test/job-handlers';

/**
 * The rate limits (issue 11 finding 5, DECISIONS 10 and 22), tried as an attacker would: bursts of
 * parallel requests against login, registration and the AI endpoint. Behind the api's proxy
 * (TRUST_PROXY) the client address is the last X-Forwarded-For entry, which lets one test play several
 * addresses.
 */

type Res = { status: number; headers: Record<string, string>; body: { error?: { code?: string; message?: string } } };
const statuses = (answers: Res[]) => answers.map((r) => r.status);
const count = (answers: Res[], status: number) => answers.filter((r) => r.status === status).length;

/** Every refusal is a 429 with a Retry-After in whole seconds and a message. */
function expectRefusals(answers: Res[], message: RegExp, maxRetryAfter: number) {
  for (const res of answers.filter((r) => r.status === 429)) {
    expect(res.body.error).toEqual({ code: 'too_many_requests', message: expect.stringMatching(message) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(maxRetryAfter);
  }
}

const from = (address: string) => ({
  login: (client: ApiClient, username: string, password: string) =>
    client.post('/api/login', { username, password }).set('X-Forwarded-For', address) as unknown as Promise<Res>,
  register: (client: ApiClient, username: string) =>
    client.post('/api/register', { username, password: TEST_PASSWORD }).set('X-Forwarded-For', address) as unknown as Promise<Res>,
});

describe('login throttling', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', LOGIN_MAX_FAILURES: '5', LOGIN_WINDOW_SECONDS: '900' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await truncateAll(t.orm);
    await t.redis.flushdb();
    await t.client().signUpAndIn('anna');
    await t.client().signUpAndIn('bob');
  });

  it('evaluates at most LOGIN_MAX_FAILURES of 40 parallel guesses; the rest are 429 with Retry-After', async () => {
    const attacker = from('203.0.113.66');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attacker.login(t.client(), 'anna', `guess-${i}`)));
    // A 401 is an evaluated password; the count is taken before the check, so the burst cannot slip past it.
    expect(count(answers, 401)).toBe(5);
    expect(count(answers, 429)).toBe(35);
    expectRefusals(answers, /^Too many failed login attempts\. Try again in 15 minutes\.$/, 900);
    // Even the right password is refused to that address for the window.
    expect((await attacker.login(t.client(), 'anna', TEST_PASSWORD)).status).toBe(429);
  }, 60_000);

  it("never refuses another user's right password from the same address, nor the victim's from elsewhere", async () => {
    const attacker = from('203.0.113.66');
    await Promise.all(Array.from({ length: 40 }, (_, i) => attacker.login(t.client(), 'anna', `guess-${i}`)));
    // Everyone behind that address (an office, a household, localhost) still signs in.
    expect((await attacker.login(t.client(), 'bob', TEST_PASSWORD)).status).toBe(200);
    expect((await attacker.login(t.client(), 'BOB', TEST_PASSWORD)).status).toBe(200);
    // And anna herself, from her own address.
    expect((await from('198.51.100.7').login(t.client(), 'anna', TEST_PASSWORD)).status).toBe(200);
  }, 60_000);

  it('a right password starts the count over; wrong ones before it do not add up to a lock-out', async () => {
    const home = from('198.51.100.7');
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await home.login(t.client(), 'anna', `typo-${i}`)).status).toBe(401);
      expect((await home.login(t.client(), 'anna', TEST_PASSWORD)).status).toBe(200);
    }
  }, 60_000);

  it('guessing one username from many addresses blocks that username, only briefly', async () => {
    // 4 × LOGIN_MAX_FAILURES failures from 4 addresses (5 each, the most a pair may have).
    for (let a = 1; a <= 4; a += 1) {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => from(`203.0.113.${a}`).login(t.client(), 'anna', `guess-${i}`)));
      expect(statuses(answers)).toEqual([401, 401, 401, 401, 401]);
    }
    const refused = await from('203.0.113.5').login(t.client(), 'anna', 'guess-x');
    expect(refused.status).toBe(429);
    expectRefusals([refused], /^Too many failed login attempts\. Try again in \d+ seconds?\.$/, 60);
    // Other usernames from those addresses are untouched.
    expect((await from('203.0.113.1').login(t.client(), 'bob', TEST_PASSWORD)).status).toBe(200);
  }, 60_000);

  it('failures from one address for many usernames block that address, only briefly', async () => {
    const spray = from('203.0.113.99');
    // 20 × LOGIN_MAX_FAILURES failures, one per (unknown) username.
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => spray.login(t.client(), `nobody${batch}x${i}`, 'guess')));
      expect(count(answers, 401)).toBe(10);
    }
    const refused = await spray.login(t.client(), 'anna', TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expectRefusals([refused], /^Too many failed login attempts\. Try again in \d+ seconds?\.$/, 60);
    // anna's own count was given back: she still signs in from home.
    expect((await from('198.51.100.7').login(t.client(), 'anna', TEST_PASSWORD)).status).toBe(200);
  }, 60_000);
});

describe('login throttling while Redis is away', () => {
  let orm: MikroORM;
  let server: Server;
  let redis: Redis;
  beforeAll(async () => {
    orm = await createTestOrm();
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    // Nothing listens there: every Redis command fails at once, as in main.ts while Redis is down.
    redis = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_MAX_FAILURES: '3' });
    server = createApp({ env, orm, redis, logger: createLogger('silent'), sessionSecret: TEST_SESSION_SECRET }).listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    redis.disconnect();
    await orm.close(true);
  });

  it('still signs in, and still counts failures (in the api process)', async () => {
    await new ApiClient(server).signUpAndIn('anna');
    const answers = (await Promise.all(
      Array.from({ length: 20 }, (_, i) => new ApiClient(server).post('/api/login', { username: 'anna', password: `guess-${i}` })),
    )) as unknown as Res[];
    expect(count(answers, 401)).toBe(3);
    expect(count(answers, 429)).toBe(17);
    expectRefusals(answers, /^Too many failed login attempts/, 900);
    await new ApiClient(server).signUpAndIn('bob');
  }, 60_000);
});

describe('registration limit per address', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', REGISTRATION_MAX_PER_HOUR: '3' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await truncateAll(t.orm);
    await t.redis.flushdb();
  });

  it('creates REGISTRATION_MAX_PER_HOUR accounts from one address, then 429 and nothing stored', async () => {
    const bot = from('203.0.113.50');
    for (const name of ['bot1', 'bot2', 'bot3']) expect((await bot.register(t.client(), name)).status).toBe(201);
    const before = await rowCounts(t.orm);
    const refused = await bot.register(t.client(), 'bot4');
    expect(refused.status).toBe(429);
    expectRefusals([refused], /^Too many accounts were created from your network\. Try again in \d+ minutes\.$/, 3600);
    expect(await rowCounts(t.orm)).toEqual(before);
    // Another address is not affected.
    expect((await from('198.51.100.7').register(t.client(), 'anna')).status).toBe(201);
  }, 60_000);

  it('counts a parallel burst exactly: 30 at once from one address make 3 accounts', async () => {
    const bot = from('203.0.113.51');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => bot.register(t.client(), `burst${i}`)));
    expect(count(answers, 201)).toBe(3);
    expect(count(answers, 429)).toBe(27);
    expect((await rowCounts(t.orm)).users).toBe(3);
  }, 60_000);
});

describe('expensive reads per user', () => {
  let t: TestContext;
  beforeAll(async () => {
    // 60 a minute: 10 in each 10-second window.
    t = await startTestApp({ HEAVY_READS_PER_MINUTE: '60' });
  });
  afterAll(() => t.close());

  it("cuts one user's flood of searches and lists short with 429 and Retry-After while another user reads", async () => {
    const flooder = t.client();
    const other = t.client();
    await flooder.signUpAndIn('flooder');
    await other.signUpAndIn('other');
    const paths = ['/api/notes/search?query=a', '/api/tasks/active', '/api/tasks?limit=50', '/api/tasks/today'];
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await flooder.get(paths[i % paths.length]!));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.slice(10).map((a) => a.status)).toEqual(Array(20).fill(429));
    expect(Number(answers[10]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(answers[10]!.body.error.message).toMatch(/^Too many searches and lists at once\. Please wait \d+ seconds? and try again\.$/);
    expect((await other.get('/api/tasks/active')).status).toBe(200);
  }, 60_000);
});

describe('POST /api/ai/structure-task per user', () => {
  const NOW = new Date('2026-11-24T15:00:00Z');
  let orm: MikroORM;
  let redis: Redis;
  let server: Server;
  /** The assistant: holds the calls whose input starts with 'hold' until released; counts them. */
  const assistant = {
    running: 0,
    mostRunning: 0,
    calls: 0,
    held: [] as Array<() => void>,
    release() {
      for (const go of this.held.splice(0)) go();
    },
  };
  const structureTask = async (data: StructureTaskJobData): Promise<StructureTaskJobResult> => {
    assistant.calls += 1;
    assistant.running += 1;
    assistant.mostRunning = Math.max(assistant.mostRunning, assistant.running);
    try {
      if (data.input.startsWith('hold')) await new Promise<void>((resolve) => assistant.held.push(resolve));
      return { task: titleOnlyTask(data.input), readBy: 'rules' };
    } finally {
      assistant.running -= 1;
    }
  };
  // The in-process transport with room for every call: only the route's own limits are under test.
  const jobs = createInProcessRunner({ handlers: handlersWith({ 'structure-task': structureTask }), concurrency: 100, maxWaiting: 100, waitMs: 60_000, logger: createLogger('silent') });

  async function start(aiPerMinute: string) {
    orm = await createTestOrm();
    redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
    await redis.flushdb();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AI_MAX_PER_MINUTE: aiPerMinute });
    server = createApp({ env, orm, redis, logger: createLogger('silent'), sessionSecret: TEST_SESSION_SECRET, clock: () => NOW, jobs }).listen(0, '127.0.0.1');
    Object.assign(assistant, { running: 0, mostRunning: 0, calls: 0, held: [] });
  }
  afterEach(async () => {
    assistant.release();
    await new Promise((resolve) => server.close(resolve));
    redis.disconnect();
    await orm.close(true);
  });

  const structure = (client: ApiClient, input: string) => client.post('/api/ai/structure-task', { input }) as unknown as Promise<Res>;
  const signedIn = async (name: string) => {
    const client = new ApiClient(server);
    await client.signUpAndIn(name);
    return client;
  };
  const waitFor = async (what: () => boolean) => {
    for (let i = 0; i < 400 && !what(); i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(what()).toBe(true);
  };
  /** Sends `n` held calls as one user at once; `answered` fills as answers arrive. */
  function flood(client: ApiClient, n: number) {
    const answered: Res[] = [];
    const all = Promise.all(Array.from({ length: n }, (_, i) => structure(client, `hold ${i}`).then((res) => (answered.push(res), res))));
    return { answered, all };
  }
  /** Lets the assistant answer every held call, including those that start meanwhile. */
  async function drain(all: Promise<Res[]>): Promise<Res[]> {
    let done = false;
    void all.then(() => (done = true));
    while (!done) {
      assistant.release();
      await new Promise((r) => setTimeout(r, 10));
    }
    return all;
  }

  it("refuses one user's flood past AI_MAX_PER_MINUTE while another user's call is answered", async () => {
    await start('5');
    const [flooder, other] = [await signedIn('flooder'), await signedIn('other')];
    const { answered, all } = flood(flooder, 40);
    // 5 calls are allowed this minute: 2 run (held by the assistant), 3 wait; 35 are refused at once.
    await waitFor(() => assistant.held.length === 2 && answered.length === 35);
    expect(count(answered, 429)).toBe(35);
    expectRefusals(answered, /^You are sending task descriptions too quickly\. Please wait \d+ seconds? and try again\.$/, 60);
    // Meanwhile the other user's call is answered at once.
    const started = Date.now();
    expect((await structure(other, 'Call Acme tomorrow')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    const answers = await drain(all);
    expect(count(answers, 200)).toBe(5);
    expect(assistant.mostRunning).toBe(2 + 1);
    // The other user has their own allowance.
    expect((await structure(other, 'Email Globex')).status).toBe(200);
  }, 60_000);

  it('runs at most 2 calls of one user at once; 4 more wait, the rest are 429 at once', async () => {
    await start('1000');
    const flooder = await signedIn('flooder');
    const { answered, all } = flood(flooder, 10);
    await waitFor(() => assistant.held.length === 2 && answered.length === 4);
    expect(count(answered, 429)).toBe(4);
    expectRefusals(answered, /^Too many task descriptions at once/, 10);
    const answers = await drain(all);
    expect(assistant.mostRunning).toBe(2);
    expect(count(answers, 200)).toBe(6);
  }, 60_000);
});
