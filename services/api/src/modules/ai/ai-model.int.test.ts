import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createJobHandlers, parseEnv as parseJobSettings } from '@daybook/ai-worker';
import { createApp } from '../../app';
import { parseEnv } from '../../config/env';
import { createLogger } from '../../logger';
import { createInProcessRunner } from '../../jobs/in-process.runner';
import { ApiClient, TEST_SESSION_SECRET } from '../../test/test-app';
import { createTestOrm } from '../../test/test-db';
import { testRedisUrl } from '../../test/test-services';
import { startStubLlm, type StubLlmServer } from '../../../../ai-worker/src/test/stub-llm';

/**
 * POST /api/ai/structure-task with a model (DECISIONS 16, 26): the api and the worker's real handler with
 * the OpenAI-protocol provider, only the model's HTTP API doubled by a stub on loopback. The model reviews
 * the rules' draft; whatever it answers, the user gets a valid task, and `readBy` says who read it. One
 * user's calls run two at a time and at a bounded rate, without slowing anyone else.
 */

// Tuesday 2025-03-11, 11:15 in New York (the default zone of new users).
const NOW = new Date('2025-03-11T15:15:00Z');
/** How long the slow model takes to answer. */
const SLOW_MS = 1_000;
const AI_MAX_PER_MINUTE = 8;
const logger = createLogger('silent');

let stub: StubLlmServer;
let orm: MikroORM;
let redis: Redis;
let server: Server;
let close: () => Promise<void>;

beforeAll(async () => {
  stub = await startStubLlm();
  orm = await createTestOrm();
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  await redis.connect();
  await redis.flushdb();
  const settings = parseJobSettings({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: `${stub.url}/v1`, OPENAI_MODEL: 'stub-model', AI_TIMEOUT_MS: '5000' });
  const jobs = createInProcessRunner({
    handlers: createJobHandlers(settings, logger),
    concurrency: settings.AI_WORKER_CONCURRENCY,
    maxWaiting: 64,
    waitMs: 20_000,
    logger,
  });
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AI_PROVIDER: 'openai',
    AI_REQUEST_TIMEOUT_MS: '20000',
    AI_MAX_PER_MINUTE: String(AI_MAX_PER_MINUTE),
    REGISTRATION_MAX_PER_HOUR: '10000',
  });
  server = createApp({ env, orm, redis, logger, sessionSecret: TEST_SESSION_SECRET, clock: () => NOW, jobs }).listen(0, '127.0.0.1');
  close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await jobs.close();
  };
});
afterAll(async () => {
  await close();
  await stub.close();
  redis.disconnect();
  await orm.close(true);
});
beforeEach(() => {
  stub.requests.length = 0;
  stub.behave({ kind: 'content', content: '{}' });
});

type Answer = { status: number; headers: Record<string, string>; body: { task?: Record<string, unknown>; clientId?: string | null; readBy?: string; error?: { message: string } } };
const structure = (client: ApiClient, input: string) => client.post('/api/ai/structure-task', { input }) as unknown as Promise<Answer>;

async function userWithClients(names: string[]): Promise<{ client: ApiClient; ids: Record<string, string> }> {
  const client = new ApiClient(server);
  await client.signUpAndIn(`m${randomUUID().slice(0, 8)}`);
  const ids: Record<string, string> = {};
  for (const name of names) ids[name] = ((await client.post('/api/clients', { name })).body as { id: string }).id;
  return { client, ids };
}

/** A model's answer to 'call globex tomorrow at 3pm about the renewal'. */
const modelAnswer = {
  title: 'Call Globex about the renewal',
  description: '',
  clientName: 'globex',
  priority: 'high',
  dueDate: '2025-03-12',
  dueTime: '15:00',
  estimatedTime: null,
  isRecurring: false,
  recurringType: null,
  recurringInterval: 1,
};
const INPUT = 'call globex tomorrow at 3pm about the renewal';

describe('what the model answers', () => {
  it('says the context tells the web a model reviews proposals', async () => {
    const { client } = await userWithClients([]);
    expect((await client.get('/api/capture/context')).body).toEqual({ habits: [], modelReview: true });
  });

  it.each([
    ['a plain JSON answer', JSON.stringify(modelAnswer)],
    ['JSON after <think>…</think>', `<think>The client is {Globex}; tomorrow is the 12th.</think>\n${JSON.stringify(modelAnswer)}`],
    ['JSON in a code fence', `\`\`\`json\n${JSON.stringify(modelAnswer)}\n\`\`\``],
  ])('%s: read by the model, its client matched to the user’s own and its id', async (_case, content) => {
    stub.behave({ kind: 'content', content });
    const { client, ids } = await userWithClients(['Acme Corp', 'Globex']);
    const res = await structure(client, INPUT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ task: expect.objectContaining({ title: 'Call Globex about the renewal', clientName: 'Globex', priority: 'high' }), clientId: ids.Globex, readBy: 'model' });
    // The model was shown the rules' reading as a draft to review.
    const user = (stub.requests.at(-1)!.body as { messages: Array<{ content: string }> }).messages[1]!.content;
    expect(user).toContain("The rules' reading of it, the draft to review");
  });

  it.each([
    ['an empty answer', { kind: 'content', content: '' }],
    ['no content at all', { kind: 'empty' }],
    ['prose', { kind: 'content', content: 'Sure, I can help with that!' }],
    ['an HTTP error', { kind: 'status', status: 500 }],
  ] as const)('%s: the rules read it, and the user still gets a valid task', async (_case, behaviour) => {
    stub.behave(behaviour);
    const { client, ids } = await userWithClients(['Globex']);
    const res = await structure(client, INPUT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ task: expect.objectContaining({ clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00' }), clientId: ids.Globex, readBy: 'rules' });
    expect(stub.requests).toHaveLength(1);
  });
});

describe('one user’s calls against a slow model (DECISIONS 22)', () => {
  it('run two at a time, four more wait, the rest are 429 at once; another user is not slowed', async () => {
    stub.behave({ kind: 'content', content: JSON.stringify(modelAnswer), delayMs: SLOW_MS });
    const { client: flooder } = await userWithClients(['Globex']);
    const { client: other } = await userWithClients(['Globex']);
    const done: Record<string, number> = {};
    const started = Date.now();
    const calls = Array.from({ length: 7 }, (_, i) => structure(flooder, `${INPUT} #${i}`).then((res) => ((done[`flooder ${i}`] = Date.now() - started), res)));
    // The other user's call starts while the flooder's first two are with the model and four wait.
    await stub.waitForRequests(2, 5_000);
    const otherAnswer = await structure(other, `${INPUT} (other)`).then((res) => ((done.other = Date.now() - started), res));
    const answers = await Promise.all(calls);

    expect(otherAnswer.status).toBe(200);
    expect(otherAnswer.body.readBy).toBe('model');
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body.error!.message).toMatch(/^Too many task descriptions at once/);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(answers.filter((res) => res.status === 200 && res.body.readBy === 'model')).toHaveLength(6);

    // The model saw the flooder's calls in waves of two: the third only once the first two were answered.
    const note = (r: (typeof stub.requests)[number]) => (r.body as { messages: Array<{ content: string }> }).messages[1]!.content;
    const arrivals = stub.requests.filter((r) => note(r).includes(`${INPUT} #`)).map((r) => r.receivedAt!);
    expect(arrivals).toHaveLength(6);
    expect(arrivals[2]! - arrivals[0]!).toBeGreaterThanOrEqual(SLOW_MS * 0.9);
    expect(arrivals[4]! - arrivals[0]!).toBeGreaterThanOrEqual(SLOW_MS * 1.9);
    // The other user was answered while the flooder's last calls were still waiting their turn.
    const flooderLast = Math.max(...Object.entries(done).filter(([who]) => who.startsWith('flooder')).map(([, ms]) => ms));
    expect(done.other!).toBeLessThan(flooderLast - SLOW_MS / 2);
  }, 60_000);

  it(`refuses a user's call past AI_MAX_PER_MINUTE (${AI_MAX_PER_MINUTE}) with 429 and Retry-After; another user goes on`, async () => {
    stub.behave({ kind: 'content', content: JSON.stringify(modelAnswer) });
    const { client: hasty } = await userWithClients([]);
    const statuses: number[] = [];
    let refusal: Answer | undefined;
    for (let i = 0; i <= AI_MAX_PER_MINUTE; i += 1) {
      const res = await structure(hasty, `${INPUT} ${i}`);
      statuses.push(res.status);
      if (res.status === 429) refusal = res;
    }
    expect(statuses).toEqual([...Array<number>(AI_MAX_PER_MINUTE).fill(200), 429]);
    expect(refusal!.body.error!.message).toMatch(/^You are sending task descriptions too quickly/);
    expect(Number(refusal!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const { client: calm } = await userWithClients([]);
    expect((await structure(calm, INPUT)).status).toBe(200);
  }, 60_000);
});
