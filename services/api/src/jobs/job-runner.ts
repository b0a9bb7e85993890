import type { JobName, JobPayload, JobResult } from '@daybook/shared';

/** Why no result came back: the transport is unreachable or full, nobody answered in time, or the job failed. */
export class JobError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

export interface DispatchOptions {
  jobId: string;
  runAt: Date;
}

/**
 * Runs the jobs of the shared queue contract (DECISIONS 25) on one of two transports: BullMQ to the
 * ai-worker when REDIS_URL is set (bullmq.runner.ts), else the same handlers called in this process
 * (in-process.runner.ts). Services see only this interface; a new job needs no code here.
 */
export interface JobRunner {
  readonly transport: 'bullmq' | 'in-process';
  /** Runs a job and waits (at most AI_REQUEST_TIMEOUT_MS) for its checked result; throws JobError. */
  run<N extends JobName>(name: N, payload: JobPayload<N>): Promise<JobResult<N>>;
  /**
   * Queues a job to run at `runAt` (at once when past) without waiting for it: fire and forget. A second
   * dispatch with the same `jobId` while the first is queued adds nothing. Resolves once queued; throws
   * JobError('unavailable') when the transport cannot take it. Failures are retried by the job's options.
   */
  dispatch<N extends JobName>(name: N, payload: JobPayload<N>, options: DispatchOptions): Promise<void>;
  close(): Promise<void>;
}
