/**
 * A worker process that takes one job and never finishes it, to be killed mid-job by worker.int.test.ts.
 * Run with: node -r ../../scripts/test/register-ts.cjs src/test/crash-worker.ts (env: REDIS_URL, PREFIX, LOCK_MS, STALLED_MS).
 */
import { Redis } from 'ioredis';
import { STRUCTURE_TASK_JOB } from '@daybook/shared';
import { createLogger } from '../log';
import { createJobWorker } from '../worker';

const connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
createJobWorker({
  name: STRUCTURE_TASK_JOB,
  connection,
  prefix: process.env.PREFIX as string,
  concurrency: 1,
  lockDuration: Number(process.env.LOCK_MS ?? 1000),
  // The stalled-check interval is shared by all workers of a queue (a Redis key): keep it short here too.
  stalledInterval: Number(process.env.STALLED_MS ?? 300),
  log: createLogger('silent'),
  handler: () => {
    process.stdout.write('active\n');
    return new Promise(() => undefined); // hangs until the process is killed
  },
});
process.stdout.write('ready\n');
