import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import {
  STRUCTURE_TASK_JOB,
  STRUCTURE_TASK_QUEUE,
  structureTaskJobDataSchema,
  structureTaskJobResultSchema,
  type StructureTaskJobData,
  type StructureTaskJobResult,
} from '@daybook/shared';
import type { Logger } from './log';

export type StructureTaskJob = Job<StructureTaskJobData, StructureTaskJobResult, typeof STRUCTURE_TASK_JOB>;

export interface StructureTaskWorkerOptions {
  /** A Redis connection for BullMQ (an ioredis instance with maxRetriesPerRequest: null, or options). */
  connection: ConnectionOptions;
  /** Turns validated job data into a result (structure-task.ts with the configured provider). */
  structure: (data: StructureTaskJobData, job: StructureTaskJob) => Promise<StructureTaskJobResult>;
  concurrency: number;
  log: Logger;
  /** BullMQ key prefix (tests use their own). */
  prefix?: string;
  /** How long a job's lock lasts without renewal: a worker that dies mid-job frees it after this. */
  lockDuration?: number;
  /** How often stalled jobs (lock expired, worker gone) are moved back to the queue. */
  stalledInterval?: number;
  autorun?: boolean;
}

/** Defaults: a job whose worker died is picked up again within about 30 s. */
export const DEFAULT_LOCK_DURATION_MS = 30_000;
export const DEFAULT_STALLED_INTERVAL_MS = 15_000;

/**
 * The structure-task consumer (ARCHITECTURE convention 8): typed with the shared queue contract, job
 * data validated with its zod schema (bad data fails at once, without retries), the result validated
 * before it is stored.
 */
export function createStructureTaskWorker(options: StructureTaskWorkerOptions): Worker<StructureTaskJobData, StructureTaskJobResult, typeof STRUCTURE_TASK_JOB> {
  const { log } = options;
  const worker = new Worker<StructureTaskJobData, StructureTaskJobResult, typeof STRUCTURE_TASK_JOB>(
    STRUCTURE_TASK_QUEUE,
    async (job) => {
      const data = structureTaskJobDataSchema.safeParse(job.data);
      if (!data.success) {
        throw new UnrecoverableError(`invalid job data: ${data.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
      const started = Date.now();
      const result = structureTaskJobResultSchema.parse(await options.structure(data.data, job));
      log.debug('job done', { jobId: job.id, ms: Date.now() - started });
      return result;
    },
    {
      connection: options.connection,
      concurrency: options.concurrency,
      lockDuration: options.lockDuration ?? DEFAULT_LOCK_DURATION_MS,
      stalledInterval: options.stalledInterval ?? DEFAULT_STALLED_INTERVAL_MS,
      maxStalledCount: 1,
      autorun: options.autorun ?? true,
      ...(options.prefix ? { prefix: options.prefix } : {}),
    },
  );
  // Without a listener an 'error' event would be thrown; ioredis reconnects on its own.
  let lastError = '';
  worker.on('error', (error) => {
    if (error.message !== lastError) log.warn('worker error', { error: error.message });
    lastError = error.message;
  });
  worker.on('failed', (job, error) => log.warn('job failed', { jobId: job?.id, attempts: job?.attemptsMade, error: error.message }));
  return worker;
}
