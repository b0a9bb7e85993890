import { JOB_NAMES, STRUCTURE_TASK_JOB, type StructureTaskJobData } from '@daybook/shared';
import { parseEnv } from './config/env';
import { createJobHandlers, structureRequestOf } from './jobs';
import { createLogger } from './log';
import { runJob } from './run-job';
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

it('has a handler for every job of the contract', () => {
  const { close, ...handlers } = createJobHandlers(parseEnv({}), log);
  expect(typeof close).toBe('function');
  expect(Object.keys(handlers).sort()).toEqual([...JOB_NAMES].sort());
});

it('structures a task with the rules provider by default', async () => {
  const handlers = createJobHandlers(parseEnv({}), log);
  await expect(runJob(STRUCTURE_TASK_JOB, handlers[STRUCTURE_TASK_JOB], payload)).resolves.toEqual({
    task: expect.objectContaining({ title: 'Call Globex about the renewal', clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00' }),
    readBy: 'rules',
  });
});

it('gives the rules the user’s aliases and usual estimates (DECISIONS 28)', async () => {
  const handlers = createJobHandlers(parseEnv({}), log);
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
    const handlers = createJobHandlers(settings(), log);
    await expect(handlers[STRUCTURE_TASK_JOB](payload)).resolves.toMatchObject({ task: { title: 'From the model' }, readBy: 'model' });
  });

  it('cuts a hanging model short when its signal is aborted (the caller gave up), and the rules answer', async () => {
    stub.behave({ kind: 'hang' });
    const handlers = createJobHandlers(settings({ AI_TIMEOUT_MS: '60000' }), log);
    const gaveUp = new AbortController();
    setTimeout(() => gaveUp.abort(), 100);
    const started = Date.now();
    await expect(handlers[STRUCTURE_TASK_JOB](payload, { signal: gaveUp.signal })).resolves.toMatchObject({ task: { title: 'Call Globex about the renewal' }, readBy: 'rules' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails with AI_FALLBACK=none when the model does not answer in AI_TIMEOUT_MS', async () => {
    stub.behave({ kind: 'hang' });
    const handlers = createJobHandlers(settings({ AI_TIMEOUT_MS: '100', AI_FALLBACK: 'none' }), log);
    await expect(handlers[STRUCTURE_TASK_JOB](payload)).rejects.toThrow(/no answer within 100 ms/);
  });
});
