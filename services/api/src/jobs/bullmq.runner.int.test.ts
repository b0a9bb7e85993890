import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { DEFAULT_TIME_INCREMENTS, STRUCTURE_TASK_JOB, STRUCTURE_TASK_QUEUE, type StructureTaskJobData } from '@daybook/shared';
import { createLogger } from '../logger';
import { testRedisUrl } from '../test/test-services';
import { createJobHandlers, parseEnv as parseJobSettings } from '@daybook/ai-worker';
import { createJobWorker } from '../../../ai-worker/src/worker';
import { createBullmqRunner } from './bullmq.runner';
import { JobError, type JobRunner } from './job-runner';

const logger = createLogger('silent');
const data: StructureTaskJobData = {
  input: 'Call Globex tomorrow at 3pm',
  now: '2025-03-11T15:15:00.000Z',
  timezone: 'America/Chicago',
  clients: [{ name: 'Globex', aliases: [] }],
  timeIncrements: [...DEFAULT_TIME_INCREMENTS],
  habits: [],
};
const prefix = () => `daybook-test-q-${randomUUID().slice(0, 8)}`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function rulesWorker(queuePrefix: string) {
  const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const worker = createJobWorker({
    name: STRUCTURE_TASK_JOB,
    connection,
    prefix: queuePrefix,
    concurrency: 4,
    log: logger,
    handler: createJobHandlers(parseJobSettings({}), logger)[STRUCTURE_TASK_JOB],
  });
  return {
    async close() {
      await worker.close();
      await connection.quit();
    },
  };
}

async function expectRejection(promise: Promise<unknown>, reason: JobError['reason']): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JobError);
  expect((error as JobError).reason).toBe(reason);
}

const structure = (runner: JobRunner) => runner.run(STRUCTURE_TASK_JOB, data);

describe('the BullMQ transport', () => {
  it('enqueues a job and returns the worker answer', async () => {
    const p = prefix();
    const runner = createBullmqRunner({ redisUrl: testRedisUrl(), waitMs: 5_000, logger, prefix: p });
    const worker = rulesWorker(p);
    try {
      await expect(structure(runner)).resolves.toMatchObject({ task: { title: 'Call Globex', clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00' }, readBy: 'rules' });
    } finally {
      await worker.close();
      await runner.close();
    }
  });

  it('gives up after the bounded wait when no worker runs, and drops the job', async () => {
    const p = prefix();
    const runner = createBullmqRunner({ redisUrl: testRedisUrl(), waitMs: 300, logger, prefix: p });
    const inspectConnection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const inspect = new Queue(STRUCTURE_TASK_QUEUE, { connection: inspectConnection, prefix: p });
    try {
      await structure(runner).catch(() => undefined); // connected (the first call waits for the first connection)
      const started = Date.now();
      await expectRejection(structure(runner), 'timeout');
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await inspect.getJobCounts('wait', 'active', 'completed', 'failed')).toEqual({ wait: 0, active: 0, completed: 0, failed: 0 });
    } finally {
      await inspect.obliterate({ force: true });
      await inspect.close();
      await inspectConnection.quit();
      await runner.close();
    }
  });

  it('fails quickly while Redis cannot be reached', async () => {
    const runner = createBullmqRunner({ redisUrl: `redis://127.0.0.1:${await freePort()}`, waitMs: 5_000, logger, prefix: prefix() });
    try {
      let started = Date.now();
      await expectRejection(structure(runner), 'unavailable');
      expect(Date.now() - started).toBeLessThan(2_000);
      // Once the first attempt has failed, calls do not wait at all.
      started = Date.now();
      await expectRejection(structure(runner), 'unavailable');
      expect(Date.now() - started).toBeLessThan(100);
    } finally {
      await runner.close();
    }
  });

  const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));
  (redisServer ? it : it.skip)('answers quickly when its Redis is stopped while the api runs, and works again when it is back, without logging every retry', async () => {
    const port = await freePort();
    const startRedis = () => spawn(redisServer as string, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    let server: ChildProcess = startRedis();
    const url = `redis://127.0.0.1:${port}`;
    const probe = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
    probe.on('error', () => undefined);
    const lines: string[] = [];
    const runner = createBullmqRunner({ redisUrl: url, waitMs: 200, logger: createLogger('debug', 'api', (line) => lines.push(line)), prefix: prefix() });
    /** Connected and working once a call waits its full time (no worker here) instead of failing at once. */
    const connected = async () => {
      for (let attempt = 0; ; attempt += 1) {
        const error = await structure(runner).catch((e: unknown) => e);
        if ((error as JobError).reason === 'timeout') return;
        if (attempt > 100) throw new Error('the producer never connected');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      await until(() => probe.status === 'ready');
      await connected();
      lines.length = 0;
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      for (const wait of [0, 50, 500, 1_500]) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        const started = Date.now();
        await expectRejection(structure(runner), 'unavailable');
        expect(Date.now() - started).toBeLessThan(2_000);
      }
      server = startRedis();
      await connected();
      // The outage itself is main.ts's to log (its own Redis client, one line each way).
      expect(lines).toEqual([]);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      probe.disconnect();
      await runner.close();
    }
  });
});

afterAll(async () => {
  // Nothing of ours is left in Redis.
  const redis = new Redis(testRedisUrl());
  const keys = await redis.keys('daybook-test-q-*');
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});
