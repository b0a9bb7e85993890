import { structuredTaskSchema, TASK_TITLE_MAX, titleOnlyTask, type StructureReader, type StructuredTask } from '@daybook/shared';
import { capitalizeFirst } from '@daybook/nl';
import type { Logger } from './log';
import { normalizeModelAnswer } from './providers/model-output';
import type { StructureProvider, StructureRequest } from './providers/provider';
import { structureRequestWithRules } from './providers/rules.provider';

export type Fallback = 'rules' | 'none';

export interface StructureTaskOptions {
  provider: StructureProvider;
  /** AI_FALLBACK: what answers when the provider fails, times out or says something unusable. */
  fallback: Fallback;
  /** AI_TIMEOUT_MS: how long the provider may take. */
  timeoutMs: number;
  log?: Logger;
  /** Aborts the provider call early (worker shutdown). */
  signal?: AbortSignal;
  /** Where the CPU-heavy steps run: the job handlers' threads (jobs.ts); inline by default (the batch command, tests). */
  cpu?: StructureCpu;
}

/**
 * The CPU-heavy steps of structuring: the rules' reading of a request (a model's draft, and the answer when
 * the rules provider fails) and a model answer's normalisation. The job handlers run them in bounded threads,
 * each within JOB_CPU_BUDGET_MS (jobs.ts).
 */
export interface StructureCpu {
  rules(request: StructureRequest, signal?: AbortSignal): Promise<StructuredTask>;
  normalize(raw: unknown, request: StructureRequest, draft: StructuredTask, signal?: AbortSignal): Promise<StructuredTask>;
}

/** The steps on the caller's own event loop. */
export const inlineCpu: StructureCpu = {
  rules: async (request) => rulesOrPlain(request),
  normalize: async (raw, request, draft) => normalizeModelAnswer(raw, request, draft),
};

export interface StructureOutcome {
  result: StructuredTask;
  /** Who answered: the configured provider, or the rules as fallback. */
  source: 'provider' | 'fallback';
  /** Who read the text: a model, or the rules (the rules provider, or the fallback). */
  readBy: StructureReader;
  /** Why the provider's answer was not used. */
  reason?: string;
}

/** Thrown when the provider failed and AI_FALLBACK=none. */
export class StructureFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StructureFailedError';
  }
}

class ProviderTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

/** The text itself as the title, nothing else read. */
export function plainTask(request: Pick<StructureRequest, 'input'>): StructuredTask {
  return titleOnlyTask(capitalizeFirst(request.input.replace(/\s+/gu, ' ').trim().slice(0, TASK_TITLE_MAX)) || 'Task');
}

/** The rules result; if even that fails (a bug), the text itself as the title: always a valid task. */
export function rulesOrPlain(request: StructureRequest): StructuredTask {
  try {
    return structuredTaskSchema.parse(structureRequestWithRules(request));
  } catch {
    return plainTask(request);
  }
}

/** Runs the provider with a deadline; rejects on timeout even if the provider ignores the abort signal. */
async function callWithDeadline(provider: StructureProvider, request: StructureRequest, draft: StructuredTask, timeoutMs: number, outer?: AbortSignal): Promise<unknown> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ProviderTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([provider.structure(request, { signal: controller.signal, draft }), deadline]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
    if (!controller.signal.aborted) controller.abort();
  }
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * Structures one request with the configured provider (DECISIONS 16, 26): the rules answer directly; a
 * model reviews the rules' reading (its draft) and its answer is parsed and normalised, and when the model
 * fails, times out or answers something unusable the rules' reading is returned instead
 * (AI_FALLBACK=rules). The CPU-heavy steps run where `cpu` says (bounded threads in the job handlers). With
 * the rules fallback it throws only when the caller gave up (its signal) or the steps could not run at all.
 */
export async function structureTask(request: StructureRequest, options: StructureTaskOptions): Promise<StructureOutcome> {
  const { provider, signal } = options;
  const cpu = options.cpu ?? inlineCpu;
  if (provider.trusted) {
    try {
      const raw = await provider.structure(request, { signal: signal ?? new AbortController().signal });
      return { result: structuredTaskSchema.parse(raw), source: 'provider', readBy: 'rules' };
    } catch (error) {
      signal?.throwIfAborted();
      options.log?.error('rules provider failed', { reason: describe(error) });
      const result = await cpu.rules(request, signal).catch(() => plainTask(request));
      return { result, source: 'fallback', readBy: 'rules', reason: describe(error) };
    }
  }
  const draft = await cpu.rules(request, signal);
  try {
    const raw = await callWithDeadline(provider, request, draft, options.timeoutMs, signal);
    return { result: await cpu.normalize(raw, request, draft, signal), source: 'provider', readBy: 'model' };
  } catch (error) {
    const reason = describe(error);
    options.log?.warn('provider answer not used', { provider: provider.name, reason, fallback: options.fallback });
    if (options.fallback === 'none') throw new StructureFailedError(`${provider.name}: ${reason}`);
    return { result: draft, source: 'fallback', readBy: 'rules', reason };
  }
}
