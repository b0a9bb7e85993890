import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { JobName, JobPayload, JobResult } from '@daybook/shared';
import type { Logger } from './log';
import { InvalidJobPayloadError, runJob, type JobHandler } from './run-job';

export interface JobWorkerOptions<N extends JobName> {
  /** The job this worker takes, from its BullMQ queue of the same name (the shared queue contract). */
  name: N;
  /** The job's handler (jobs.ts, or a test's). */
  handler: JobHandler<N>;
  /** A Redis connection for BullMQ (an ioredis instance with maxRetriesPerRequest: null, or options). */
  connection: ConnectionOptions;
  concurrency: number;
  log: Logger;
  /** Passed to the handler: aborted on shutdown, so a model call in hand is cut short. */
  signal?: AbortSignal;
  /** JOB_TIME_BUDGET_MS: a job still running after it fails (runJob), and its slot is free again. */
  budgetMs?: number;
  /** BullMQ key prefix (tests use their own). */
  prefix?: string;
  /** How long a job's lock lasts without renewal: a worker that dies mid-job frees it after this. */
  lockDuration?: number;
  /** How often stalled jobs (lock expired, worker gone) are moved back to the queue. */
  stalledInterval?: number;
  autorun?: boolean;
  /** BullMQ's 'error' events (ioredis reconnects on its own); by default each distinct message is logged once in a row. */
  onError?: (error: Error) => void;
}

/** Defaults: a job whose worker died is picked up again within about 30 s. */
export const DEFAULT_LOCK_DURATION_MS = 30_000;
export const DEFAULT_STALLED_INTERVAL_MS = 15_000;

/**
 * The BullMQ consumer of one job (docs/development.md convention 8): its payload checked with the contract's
 * schema (bad data fails at once, without retries), its handler called, the result checked before it
 * is stored.
 */
export function createJobWorker<N extends JobName>(options: JobWorkerOptions<N>): Worker<JobPayload<N>, JobResult<N>, N> {
  const { log, name } = options;
  const worker = new Worker<JobPayload<N>, JobResult<N>, N>(
    name,
    async (job) => {
      const started = Date.now();
      try {
        const result = await runJob(name, options.handler, job.data, { signal: options.signal, budgetMs: options.budgetMs });
        log.debug('job done', { job: name, jobId: job.id, ms: Date.now() - started });
        return result;
      } catch (error) {
        if (error instanceof InvalidJobPayloadError) throw new UnrecoverableError(error.message);
        throw error;
      }
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
  // Without a listener an 'error' event would be thrown.
  let lastError = '';
  worker.on(
    'error',
    options.onError ??
      ((error) => {
        if (error.message !== lastError) log.warn('worker error', { job: name, error: error.message });
        lastError = error.message;
      }),
  );
  worker.on('failed', (job, error) => log.warn('job failed', { job: name, jobId: job?.id, attempts: job?.attemptsMade, error: error.message }));
  return worker;
}
