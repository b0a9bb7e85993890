import { JOBS, parseJobResult, type JobName, type JobPayload, type JobResult } from '@daybook/shared';

/** What a handler gets besides its payload: a signal aborted when nobody waits any more (timeout) or on shutdown. */
export interface JobContext {
  signal?: AbortSignal;
}
/** One handler per job of the shared contract (jobs.ts): both transports call it through `runJob`. */
export type JobHandler<N extends JobName> = (payload: JobPayload<N>, context?: JobContext) => Promise<JobResult<N>>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** What a transport tells `runJob` besides the handler's context. */
export interface RunJobOptions extends JobContext {
  /** JOB_TIME_BUDGET_MS: past it the handler's signal is aborted and the job fails (JobBudgetError). */
  budgetMs?: number;
}

/** A job ran past its time budget: it failed without waiting for its handler. */
export class JobBudgetError extends Error {
  constructor(job: string, budgetMs: number) {
    super(`${job} ran past its time budget of ${budgetMs} ms`);
    this.name = 'JobBudgetError';
  }
}

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
 * result after (a ZodError: the handler answered something unusable). With a budget, the job ends when it
 * runs out, whatever the handler is waiting for: its signal is aborted (a model call, a send, a thread
 * are cut short) and the job fails at once with a JobBudgetError, so no job holds a worker's slot longer.
 */
export async function runJob<N extends JobName>(name: N, handler: JobHandler<N>, payload: unknown, { budgetMs, ...context }: RunJobOptions = {}): Promise<JobResult<N>> {
  const parsed = JOBS[name].payload.safeParse(payload);
  if (!parsed.success) {
    throw new InvalidJobPayloadError(`invalid job data: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const data = parsed.data as JobPayload<N>;
  if (budgetMs === undefined) return parseJobResult(name, await handler(data, context));
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(new JobBudgetError(name, budgetMs)), budgetMs);
  const overBudget = new Promise<never>((_, reject) => budget.signal.addEventListener('abort', () => reject(budget.signal.reason), { once: true }));
  const signal = context.signal ? AbortSignal.any([context.signal, budget.signal]) : budget.signal;
  try {
    return parseJobResult(name, await Promise.race([handler(data, { ...context, signal }), overBudget]));
  } finally {
    clearTimeout(timer);
  }
}
