import pLimit from 'p-limit';
import { runJob, type JobHandlers } from '@daybook/ai-worker';
import { JOBS, type JobName, type JobPayload } from '@daybook/shared';
import type { Logger } from '../logger';
import { JobError, type JobRunner } from './job-runner';

export interface InProcessRunnerOptions {
  /** The worker's handlers (createJobHandlers), or a test's; `close` (when given) runs when the runner closes. */
  handlers: JobHandlers & { close?: () => Promise<void> };
  /** AI_WORKER_CONCURRENCY: jobs running at once in this process. */
  concurrency: number;
  /** Jobs that may wait for a free slot; beyond them a job is refused at once, as an unreachable queue is. */
  maxWaiting: number;
  /** AI_REQUEST_TIMEOUT_MS: how long a caller waits, for a slot and for the answer together. */
  waitMs: number;
  /** JOB_TIME_BUDGET_MS: the longest a job may run (runJob), dispatched ones included. */
  budgetMs?: number;
  logger: Logger;
}

/**
 * The in-process transport (no REDIS_URL; Laravel's `sync` driver is the model): the api calls the job's
 * handler directly, at most `concurrency` at once, `maxWaiting` more waiting for a slot. The caller's wait
 * is bounded as with BullMQ; when it gives up (or the api stops), the handler's signal is aborted and a
 * job still waiting for its slot is skipped. No queue survives a restart: the caller is still waiting.
 * The handlers' CPU-heavy steps run in the worker package's bounded threads, never on the api's event loop,
 * and every job ends at its budget (`budgetMs`), as in the ai-worker.
 *
 * Dispatched jobs (reminders) wait on a timer, run in slots of their own (so a burst of natural-language
 * requests never holds a reminder back, nor the other way round), and are retried with the job's backoff.
 * They are lost with the process; the api's reminder sweep dispatches them again after a restart.
 */
export function createInProcessRunner(options: InProcessRunnerOptions): JobRunner {
  const { logger } = options;
  const limit = pLimit(options.concurrency);
  const stopping = new AbortController();
  const handlers: JobHandlers = options.handlers;
  const background = pLimit(options.concurrency);
  const timers = new Map<string, NodeJS.Timeout>();

  /** The pause before retry `attempt` (1 = the first retry), by the job's BullMQ-style backoff. */
  const backoffMs = (name: JobName, attempt: number) => {
    const backoff = (JOBS[name].options as { backoff?: { type: string; delay: number } }).backoff;
    if (!backoff) return 0;
    return backoff.type === 'exponential' ? backoff.delay * 2 ** (attempt - 1) : backoff.delay;
  };

  function schedule<N extends JobName>(name: N, payload: JobPayload<N>, jobId: string, delayMs: number, attempt: number) {
    const timer = setTimeout(() => {
      void background(async () => {
        if (stopping.signal.aborted) return;
        try {
          await runJob(name, handlers[name], payload, { signal: stopping.signal, budgetMs: options.budgetMs });
          timers.delete(jobId);
        } catch (error) {
          const attempts = JOBS[name].options.attempts ?? 1;
          logger.warn('job failed', { job: name, jobId, attempt, error: error instanceof Error ? error.message : String(error) });
          if (attempt < attempts && !stopping.signal.aborted) schedule(name, payload, jobId, backoffMs(name, attempt), attempt + 1);
          else timers.delete(jobId);
        }
      });
    }, delayMs);
    timer.unref();
    timers.set(jobId, timer);
  }

  return {
    transport: 'in-process',

    async run(name, payload) {
      // p-limit counts a job as pending until it starts: together they are every job in this process.
      if (stopping.signal.aborted || limit.activeCount + limit.pendingCount >= options.concurrency + options.maxWaiting) {
        throw new JobError('unavailable', 'Too many jobs are waiting');
      }
      const abandon = new AbortController();
      const stop = () => abandon.abort(new JobError('unavailable', 'The api is stopping'));
      const timer = setTimeout(() => abandon.abort(new JobError('timeout', 'No answer in time')), options.waitMs);
      stopping.signal.addEventListener('abort', stop, { once: true });
      const abandoned = new Promise<never>((_, reject) => abandon.signal.addEventListener('abort', () => reject(abandon.signal.reason), { once: true }));
      const work = limit(() => {
        abandon.signal.throwIfAborted(); // nobody waits for it any more
        return runJob(name, handlers[name], payload, { signal: abandon.signal, budgetMs: options.budgetMs });
      });
      try {
        return await Promise.race([work, abandoned]);
      } catch (error) {
        if (error instanceof JobError) throw error;
        logger.warn('job failed', { job: name, error: error instanceof Error ? error.message : String(error) });
        throw new JobError('failed', 'The job failed');
      } finally {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', stop);
      }
    },

    async dispatch(name, payload, { jobId, runAt }) {
      if (stopping.signal.aborted) throw new JobError('unavailable', 'The api is stopping');
      if (timers.has(jobId)) return;
      schedule(name, payload, jobId, Math.max(0, runAt.getTime() - Date.now()), 1);
    },

    async close() {
      stopping.abort();
      limit.clearQueue();
      background.clearQueue();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await options.handlers.close?.();
    },
  };
}
