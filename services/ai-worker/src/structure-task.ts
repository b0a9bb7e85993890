import { structuredTaskSchema, TASK_TITLE_MAX, titleOnlyTask, type StructureReader, type StructuredTask } from '@daybook/shared';
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
}

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

/** The rules result; if even that fails (a bug), the text itself as the title: always a valid task. */
export function rulesOrPlain(request: StructureRequest): StructuredTask {
  try {
    return structuredTaskSchema.parse(structureRequestWithRules(request));
  } catch {
    const title = request.input.replace(/\s+/gu, ' ').trim().slice(0, TASK_TITLE_MAX) || 'Task';
    return titleOnlyTask(title);
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
 * (AI_FALLBACK=rules). Never throws with the rules fallback.
 */
export async function structureTask(request: StructureRequest, options: StructureTaskOptions): Promise<StructureOutcome> {
  const { provider } = options;
  if (provider.trusted) {
    try {
      const raw = await provider.structure(request, { signal: options.signal ?? new AbortController().signal });
      return { result: structuredTaskSchema.parse(raw), source: 'provider', readBy: 'rules' };
    } catch (error) {
      options.log?.error('rules provider failed', { reason: describe(error) });
      return { result: rulesOrPlain(request), source: 'fallback', readBy: 'rules', reason: describe(error) };
    }
  }
  const draft = rulesOrPlain(request);
  try {
    const raw = await callWithDeadline(provider, request, draft, options.timeoutMs, options.signal);
    return { result: normalizeModelAnswer(raw, request, draft), source: 'provider', readBy: 'model' };
  } catch (error) {
    const reason = describe(error);
    options.log?.warn('provider answer not used', { provider: provider.name, reason, fallback: options.fallback });
    if (options.fallback === 'none') throw new StructureFailedError(`${provider.name}: ${reason}`);
    return { result: draft, source: 'fallback', readBy: 'rules', reason };
  }
}
