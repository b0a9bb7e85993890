import path from 'node:path';
import { JOB_NAMES, STRUCTURE_TASK_JOB, titleOnlyTask, type StructureTaskJobData } from '@daybook/shared';
import { parseEnv } from './config/env';
import { createJobHandlers, structureRequestOf, type WorkerJobHandlers } from './jobs';
import { createLogger } from './log';
import { runJob } from './run-job';
import { longestStall } from './test/event-loop';
import { CONTRACT_REQUEST, VALID_ANSWER } from './test/contract-scenarios';
import { startStubLlm, type StubLlmServer } from './test/stub-llm';

/** The handlers both transports call (the BullMQ worker and the api without Redis), built from the worker's settings. */

const log = createLogger('silent');
const payload: StructureTaskJobData = {
  ...CONTRACT_REQUEST,
  timezone: 'America/Chicago',
  clients: CONTRACT_REQUEST.clients.map((name) => ({ name, aliases: [] })),
  timeIncrements: [...CONTRACT_REQUEST.timeIncrements],
  habits: [],
};

/** Handlers made by a test, closed (their threads ended) after it. */
const made: WorkerJobHandlers[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((handlers) => handlers.close()));
});
function createJobHandlersForTest(...args: Parameters<typeof createJobHandlers>): WorkerJobHandlers {
  const handlers = createJobHandlers(...args);
  made.push(handlers);
  return handlers;
}

it('has a handler for every job of the contract', () => {
  const { close, ...handlers } = createJobHandlersForTest(parseEnv({}), log);
  expect(typeof close).toBe('function');
  expect(Object.keys(handlers).sort()).toEqual([...JOB_NAMES].sort());
});

describe('the CPU budget of the rules (JOB_CPU_BUDGET_MS)', () => {
  /** Rules that never end for a request naming clients, or saying "forever" (test/stuck-rules.thread.ts). */
  const stuck = (budget: string) =>
    createJobHandlersForTest(parseEnv({ JOB_CPU_BUDGET_MS: budget }), log, { structureThread: path.join(__dirname, 'test', 'stuck-rules.thread') });

  it('reads an entry whose rules run past the budget again without the clients: the partial answer, in about the budget, the event loop free', async () => {
    const handlers = stuck('500');
    await runJob(STRUCTURE_TASK_JOB, handlers[STRUCTURE_TASK_JOB], { ...payload, clients: [] }); // warm
    const started = Date.now();
    const { result, stall } = await longestStall(() => runJob(STRUCTURE_TASK_JOB, handlers[STRUCTURE_TASK_JOB], payload));
    expect(result).toEqual({ task: expect.objectContaining({ title: 'Call Globex about the renewal', clientName: null, dueDate: '2025-03-12', dueTime: '15:00' }), readBy: 'rules' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stall).toBeLessThan(500);
  });

  it('answers the text as the title when even the reading without clients runs past the budget', async () => {
    const handlers = stuck('300');
    const input = 'forever and ever tomorrow';
    const started = Date.now();
    await expect(runJob(STRUCTURE_TASK_JOB, handlers[STRUCTURE_TASK_JOB], { ...payload, input })).resolves.toEqual({ task: titleOnlyTask('Forever and ever tomorrow'), readBy: 'rules' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lets a model’s job answer the rules’ partial reading as its draft', async () => {
    const handlers = createJobHandlersForTest(parseEnv({ JOB_CPU_BUDGET_MS: '1000', AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AI_TIMEOUT_MS: '200' }), log, {
      structureThread: path.join(__dirname, 'test', 'stuck-rules.thread'),
    });
    await expect(runJob(STRUCTURE_TASK_JOB, handlers[STRUCTURE_TASK_JOB], payload)).resolves.toMatchObject({ task: { title: 'Call Globex about the renewal', clientName: null }, readBy: 'rules' });
  });
});

it('structures a task with the rules provider by default', async () => {
  const handlers = createJobHandlersForTest(parseEnv({}), log);
  await expect(runJob(STRUCTURE_TASK_JOB, handlers[STRUCTURE_TASK_JOB], payload)).resolves.toEqual({
    task: expect.objectContaining({ title: 'Call Globex about the renewal', clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00' }),
    readBy: 'rules',
  });
});

it('gives the rules the user’s aliases and usual estimates (DECISIONS 28)', async () => {
  const handlers = createJobHandlersForTest(parseEnv({}), log);
  const data: StructureTaskJobData = {
    ...payload,
    input: 'the rocket people: quarterly filing next Monday',
    clients: [{ name: 'Globex', aliases: ['the rocket people'] }, { name: 'Initech', aliases: [] }],
    habits: [{ kind: 'quarterly filing', estimatedTime: '2h' }],
  };
  const { task } = await runJob(STRUCTURE_TASK_JOB, handlers[STRUCTURE_TASK_JOB], data);
  expect(task).toMatchObject({ title: 'Quarterly filing', clientName: 'Globex', estimatedTime: '2h', dueDate: '2025-03-17' });
});

it('turns job data into the structurer’s input: client names, and aliases naming their client', () => {
  expect(structureRequestOf({ ...payload, clients: [{ name: 'Globex', aliases: ['GX', 'the rocket people'] }, { name: 'Initech', aliases: [] }] })).toMatchObject({
    clients: ['Globex', 'Initech'],
    aliases: [
      { alias: 'GX', client: 'Globex' },
      { alias: 'the rocket people', client: 'Globex' },
    ],
    habits: [],
  });
});

describe('with a model (AI_PROVIDER=openai)', () => {
  let stub: StubLlmServer;
  beforeAll(async () => {
    stub = await startStubLlm();
  });
  afterAll(() => stub.close());
  const settings = (extra: Record<string, string> = {}) => parseEnv({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: `${stub.url}/v1`, ...extra });

  it("answers with the model's answer", async () => {
    stub.behave({ kind: 'content', content: JSON.stringify({ ...VALID_ANSWER, title: 'From the model' }) });
    const handlers = createJobHandlersForTest(settings(), log);
    await expect(handlers[STRUCTURE_TASK_JOB](payload)).resolves.toMatchObject({ task: { title: 'From the model' }, readBy: 'model' });
  });

  it('cuts a hanging model short when its signal is aborted (the caller gave up), and the rules answer', async () => {
    stub.behave({ kind: 'hang' });
    const handlers = createJobHandlersForTest(settings({ AI_TIMEOUT_MS: '60000', JOB_TIME_BUDGET_MS: '120000' }), log);
    const gaveUp = new AbortController();
    const asked = stub.requests.length;
    const started = Date.now();
    const answer = handlers[STRUCTURE_TASK_JOB](payload, { signal: gaveUp.signal });
    // The caller gives up while the model is being asked (the rules' draft is in hand).
    await stub.waitForRequests(asked + 1, 10_000);
    gaveUp.abort();
    await expect(answer).resolves.toMatchObject({ task: { title: 'Call Globex about the renewal' }, readBy: 'rules' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('fails with AI_FALLBACK=none when the model does not answer in AI_TIMEOUT_MS', async () => {
    stub.behave({ kind: 'hang' });
    const handlers = createJobHandlersForTest(settings({ AI_TIMEOUT_MS: '100', AI_FALLBACK: 'none' }), log);
    await expect(handlers[STRUCTURE_TASK_JOB](payload)).rejects.toThrow(/no answer within 100 ms/);
  });
});
