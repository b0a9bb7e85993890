import type { TimeIncrementChoice } from '@daybook/shared';

/**
 * What every provider receives: the job data of the queue contract (the user's text, the instant it was
 * sent, the user's zone, clients and time increments). The zone is any IANA name here, so that the batch
 * command can replay cases from other zones than the product's list.
 */
export interface StructureRequest {
  input: string;
  /** UTC ISO instant the user submitted. */
  now: string;
  timezone: string;
  clients: readonly string[];
  timeIncrements: readonly TimeIncrementChoice[];
}

export interface ProviderCallOptions {
  /** Aborted when the worker stops waiting (AI_TIMEOUT_MS) or shuts down. */
  signal: AbortSignal;
}

/**
 * A structuring provider (ARCHITECTURE convention 9): one file or folder each, chosen by AI_PROVIDER in
 * the registry (`index.ts`). `structure` answers with the provider's raw output: the rules provider with a
 * finished task, a model with whatever it said. The caller (`structure-task.ts`) treats every answer as
 * untrusted: parses it with zod, normalises it, and falls back to the rules when it is unusable.
 */
export interface StructureProvider {
  readonly name: string;
  /** True when the answer is already a checked structured task (no fallback needed). */
  readonly trusted?: boolean;
  structure(request: StructureRequest, options: ProviderCallOptions): Promise<unknown>;
}
