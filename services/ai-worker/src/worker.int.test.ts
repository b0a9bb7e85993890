import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { DELIVER_REMINDER_JOB, STRUCTURE_TASK_JOB, structureTaskJobResultSchema, type StructureTaskJobData } from '@daybook/shared';
import { createJobHandlers, structureRequestOf } from './jobs';
import { parseEnv } from './config/env';
import { createLogger } from './log';
import { PROVIDERS, rulesProvider } from './providers';
import type { StructureProvider } from './providers/provider';
import { structureTask } from './structure-task';
import { CONTRACT_REQUEST, CONTRACT_SCENARIOS } from './test/contract-scenarios';
import { longestStall } from './test/event-loop';
import { HOSTILE_INPUT, hostileClients } from './test/hostile-entry';
import { bullConnection, testPrefix, testProducer, testRedisUrl } from './test/redis';
import { startStubLlm, type StubLlmServer } from './test/stub-llm';
import { createJobWorker } from './worker';

// Real Redis and a cold worker on a 2-core CI machine running every test file at once: be patient.
jest.setTimeout(30_000);

const log = createLogger('silent');
const jobData: StructureTaskJobData = {
  input: CONTRACT_REQUEST.input,
  now: CONTRACT_REQUEST.now,
  timezone: 'America/Chicago',
  clients: CONTRACT_REQUEST.clients.map((name) => ({ name, aliases: [] })),
  timeIncrements: [...CONTRACT_REQUEST.timeIncrements],
  habits: [],
};

function startWorker(prefix: string, provider: StructureProvider, extra: { lockDuration?: number; stalledInterval?: number; onJob?: () => void } = {}) {
  const connection = bullConnection();
  const worker = createJobWorker({
    name: STRUCTURE_TASK_JOB,
    connection,
    prefix,
    concurrency: 2,
    log,
    ...(extra.lockDuration ? { lockDuration: extra.lockDuration } : {}),
    ...(extra.stalledInterval ? { stalledInterval: extra.stalledInterval } : {}),
    handler: async (data) => {
      extra.onJob?.();
      const outcome = await structureTask(structureRequestOf(data), { provider, fallback: 'rules', timeoutMs: 300, log });
      return { task: outcome.result, readBy: outcome.readBy };
    },
  });
  return {
    worker,
    async close() {
      await worker.close();
      await connection.quit();
    },
  };
}

describe('structure-task worker on a real Redis', () => {
  it('answers a job with the structured task', async () => {
    const prefix = testPrefix('ok');
    const producer = testProducer(prefix);
    const worker = startWorker(prefix, rulesProvider);
    try {
      const job = await producer.queue.add(STRUCTURE_TASK_JOB, jobData);
      const result = await job.waitUntilFinished(producer.events, 15_000);
      expect(structureTaskJobResultSchema.parse(result)).toEqual({
        task: expect.objectContaining({ title: 'Call Globex about the renewal', clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00', estimatedTime: '30min' }),
        readBy: 'rules',
      });
    } finally {
      await worker.close();
      await producer.close();
    }
  });

  it('fails a job with invalid data at once, without retrying it', async () => {
    const prefix = testPrefix('bad');
    const producer = testProducer(prefix);
    let calls = 0;
    const worker = startWorker(prefix, rulesProvider, { onJob: () => (calls += 1) });
    try {
      const job = await producer.queue.add(STRUCTURE_TASK_JOB, { ...jobData, timezone: 'Mars/Base' as 'America/Chicago' });
      await expect(job.waitUntilFinished(producer.events, 15_000)).rejects.toThrow(/invalid job data/);
      expect((await producer.queue.getJob(job.id!))?.attemptsMade).toBe(1);
      expect(calls).toBe(0);
    } finally {
      await worker.close();
      await producer.close();
    }
  });

  describe('with a misbehaving model', () => {
    let stub: StubLlmServer;
    beforeAll(async () => {
      stub = await startStubLlm();
    });
    afterAll(() => stub.close());

    it('answers every job with a valid result and stays up', async () => {
      const prefix = testPrefix('model');
      const producer = testProducer(prefix);
      const provider = PROVIDERS.openai(parseEnv({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: `${stub.url}/v1` }));
      const worker = startWorker(prefix, provider);
      try {
        for (const scenario of CONTRACT_SCENARIOS) {
          stub.behave(scenario.behaviour);
          const job = await producer.queue.add(STRUCTURE_TASK_JOB, jobData);
          const result = await job.waitUntilFinished(producer.events, 15_000);
          expect(structureTaskJobResultSchema.safeParse(result).success).toBe(true);
          expect(worker.worker.isRunning()).toBe(true);
        }
      } finally {
        await worker.close();
        await producer.close();
      }
    });
  });

  it('delivers a reminder on time while one user’s entry keeps the rules busy: the rules run in a thread within their budget', async () => {
    // One process, as the ai-worker runs: a structure-task worker with the real handlers and a reminder
    // worker whose handler notes when it ran (the delivery itself has its own tests).
    const prefix = testPrefix('budget');
    const producer = testProducer(prefix);
    const [connection, structureConnection, reminderConnection] = [bullConnection(), bullConnection(), bullConnection()];
    const reminders = new Queue(DELIVER_REMINDER_JOB, { connection, prefix });
    const handlers = createJobHandlers(parseEnv({ JOB_CPU_BUDGET_MS: '1000' }), log);
    const ran: number[] = [];
    const structureWorker = createJobWorker({ name: STRUCTURE_TASK_JOB, connection: structureConnection, prefix, concurrency: 2, log, budgetMs: 30_000, handler: handlers[STRUCTURE_TASK_JOB] });
    const reminderWorker = createJobWorker({
      name: DELIVER_REMINDER_JOB,
      connection: reminderConnection,
      prefix,
      concurrency: 2,
      log,
      handler: async () => {
        ran.push(Date.now());
        return { outcome: 'nothing' as const };
      },
    });
    try {
      await structureWorker.waitUntilReady();
      await reminderWorker.waitUntilReady();
      const hostile: StructureTaskJobData = { ...jobData, input: HOSTILE_INPUT, clients: hostileClients() };
      const job = await producer.queue.add(STRUCTURE_TASK_JOB, hostile);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the rules are at work
      const dueAt = Date.now() + 500;
      const { result, stall } = await longestStall(async () => {
        await reminders.add(DELIVER_REMINDER_JOB, { reminderId: '00000000-0000-4000-8000-000000000001' }, { delay: 500 });
        return structureTaskJobResultSchema.parse(await job.waitUntilFinished(producer.events, 20_000));
      });
      // Read within its budget: whole, or (past it) again without the clients, the date still read.
      expect(result).toMatchObject({ readBy: 'rules', task: { dueDate: '2025-03-12' } });
      for (let i = 0; i < 100 && ran.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran).toHaveLength(1);
      expect(ran[0]! - dueAt).toBeLessThan(1_500);
      expect(stall).toBeLessThan(500);
    } finally {
      await Promise.all([structureWorker.close(), reminderWorker.close()]);
      await handlers.close();
      await reminders.obliterate({ force: true }).catch(() => undefined);
      await reminders.close();
      await Promise.all([connection, structureConnection, reminderConnection].map((c) => c.quit()));
      await producer.close();
    }
  });

  it('finishes, once, a job whose worker was killed mid-job', async () => {
    const prefix = testPrefix('crash');
    const producer = testProducer(prefix);
    const completed: string[] = [];
    producer.events.on('completed', ({ jobId }) => completed.push(jobId));
    await producer.events.waitUntilReady();
    let child: ChildProcess | undefined;
    let rescuer: ReturnType<typeof startWorker> | undefined;
    try {
      // A worker in its own process takes the job with a short lock and is killed while holding it.
      child = spawn(process.execPath, ['-r', path.join(__dirname, '../../../scripts/test/register-ts.cjs'), path.join(__dirname, 'test/crash-worker.ts')], {
        env: { ...process.env, REDIS_URL: testRedisUrl(), PREFIX: prefix, LOCK_MS: '1000', STALLED_MS: '300' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const output: string[] = [];
      const seen = (text: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`child never printed "${text}": ${output.join('')}`)), 10_000);
          const check = () => {
            if (output.join('').includes(text)) {
              clearTimeout(timer);
              resolve();
            } else setTimeout(check, 20);
          };
          check();
        });
      child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      await seen('ready');
      const job = await producer.queue.add(STRUCTURE_TASK_JOB, jobData);
      await seen('active');
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));

      // Another worker notices the expired lock and does the job.
      let processed = 0;
      rescuer = startWorker(prefix, rulesProvider, { lockDuration: 1_000, stalledInterval: 300, onJob: () => (processed += 1) });
      const result = await job.waitUntilFinished(producer.events, 10_000);
      expect(structureTaskJobResultSchema.safeParse(result).success).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500)); // room for a duplicate to show up
      expect(processed).toBe(1);
      expect(completed.filter((id) => id === job.id)).toHaveLength(1);
      expect(await producer.queue.getJobState(job.id!)).toBe('completed');
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      await rescuer?.close();
      await producer.close();
    }
  }, 30_000);
});

afterAll(async () => {
  // Nothing of ours is left in Redis.
  const redis = new Redis(testRedisUrl());
  const keys = await redis.keys('daybook-test-*');
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});
