import { JOBS, parseJobResult, type JobName, type JobPayload, type JobResult } from '@daybook/shared';

/** What a handler gets besides its payload: a signal aborted when nobody waits any more (timeout) or on shutdown. */
export interface JobContext {
  signal?: AbortSignal;
}
/** One handler per job of the shared contract (jobs.ts): both transports call it through `runJob`. */
export type JobHandler<N extends JobName> = (payload: JobPayload<N>, context?: JobContext) => Promise<JobResult<N>>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** A payload that breaks the contract: the job fails at once and is never retried. */
export class InvalidJobPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidJobPayloadError';
  }
}

/**
 * Runs one job through its handler with the contract checked on both sides, whichever the transport
 * (the BullMQ worker, or the api without Redis): the payload before (InvalidJobPayloadError) and the
 * result after (a ZodError: the handler answered something unusable).
 */
export async function runJob<N extends JobName>(name: N, handler: JobHandler<N>, payload: unknown, context: JobContext = {}): Promise<JobResult<N>> {
  const parsed = JOBS[name].payload.safeParse(payload);
  if (!parsed.success) {
    throw new InvalidJobPayloadError(`invalid job data: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parseJobResult(name, await handler(parsed.data as JobPayload<N>, context));
}
