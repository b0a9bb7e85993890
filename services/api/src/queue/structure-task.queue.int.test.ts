import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { DEFAULT_TIME_INCREMENTS, STRUCTURE_TASK_QUEUE, type StructureTaskJobData } from '@daybook/shared';
import { createLogger } from '../logger';
import { testRedisUrl } from '../test/test-services';
import { rulesProvider } from '../../../ai-worker/src/providers';
import { structureTask } from '../../../ai-worker/src/structure-task';
import { createStructureTaskWorker } from '../../../ai-worker/src/worker';
import { createLogger as createWorkerLogger } from '../../../ai-worker/src/log';
import { createStructureTaskQueue, StructureTaskQueueError } from './structure-task.queue';

const logger = createLogger('silent');
const data: StructureTaskJobData = {
  input: 'Call Globex tomorrow at 3pm',
  now: '2025-03-11T15:15:00.000Z',
  timezone: 'America/Chicago',
  clients: ['Globex'],
  timeIncrements: [...DEFAULT_TIME_INCREMENTS],
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
  const worker = createStructureTaskWorker({
    connection,
    prefix: queuePrefix,
    concurrency: 4,
    log: createWorkerLogger('silent'),
    structure: async (job) => (await structureTask(job, { provider: rulesProvider, fallback: 'rules', timeoutMs: 1_000 })).result,
  });
  return {
    async close() {
      await worker.close();
      await connection.quit();
    },
  };
}

async function expectRejection(promise: Promise<unknown>, reason: StructureTaskQueueError['reason']): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StructureTaskQueueError);
  expect((error as StructureTaskQueueError).reason).toBe(reason);
}

describe('structure-task producer', () => {
  it('enqueues a job and returns the worker answer', async () => {
    const p = prefix();
    const queue = createStructureTaskQueue({ redisUrl: testRedisUrl(), waitMs: 5_000, logger, prefix: p });
    const worker = rulesWorker(p);
    try {
      await expect(queue.structure(data)).resolves.toMatchObject({ title: 'Call Globex', clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00' });
    } finally {
      await worker.close();
      await queue.close();
    }
  });

  it('gives up after the bounded wait when no worker runs, and drops the job', async () => {
    const p = prefix();
    const queue = createStructureTaskQueue({ redisUrl: testRedisUrl(), waitMs: 300, logger, prefix: p });
    const inspectConnection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const inspect = new Queue(STRUCTURE_TASK_QUEUE, { connection: inspectConnection, prefix: p });
    try {
      await queue.structure(data).catch(() => undefined); // connected (the first call waits for the first connection)
      const started = Date.now();
      await expectRejection(queue.structure(data), 'timeout');
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await inspect.getJobCounts('wait', 'active', 'completed', 'failed')).toEqual({ wait: 0, active: 0, completed: 0, failed: 0 });
    } finally {
      await inspect.obliterate({ force: true });
      await inspect.close();
      await inspectConnection.quit();
      await queue.close();
    }
  });

  it('fails quickly while Redis cannot be reached', async () => {
    const queue = createStructureTaskQueue({ redisUrl: `redis://127.0.0.1:${await freePort()}`, waitMs: 5_000, logger, prefix: prefix() });
    try {
      let started = Date.now();
      await expectRejection(queue.structure(data), 'unavailable');
      expect(Date.now() - started).toBeLessThan(2_000);
      // Once the first attempt has failed, calls do not wait at all.
      started = Date.now();
      await expectRejection(queue.structure(data), 'unavailable');
      expect(Date.now() - started).toBeLessThan(100);
    } finally {
      await queue.close();
    }
  });

  const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));
  (redisServer ? it : it.skip)('answers quickly when its Redis is stopped while the api runs', async () => {
    const port = await freePort();
    const server: ChildProcess = spawn(redisServer as string, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const url = `redis://127.0.0.1:${port}`;
    const probe = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
    probe.on('error', () => undefined);
    const queue = createStructureTaskQueue({ redisUrl: url, waitMs: 200, logger, prefix: prefix() });
    try {
      await until(() => probe.status === 'ready');
      // Connected and working once a call waits its full time (no worker here) instead of failing at once.
      for (let attempt = 0; ; attempt += 1) {
        const error = await queue.structure(data).catch((e: unknown) => e);
        if ((error as StructureTaskQueueError).reason === 'timeout') break;
        if (attempt > 50) throw new Error('the producer never connected');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      for (const wait of [0, 50, 500]) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        const started = Date.now();
        await expectRejection(queue.structure(data), 'unavailable');
        expect(Date.now() - started).toBeLessThan(2_000);
      }
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      probe.disconnect();
      await queue.close();
    }
  });
});
