import type { ClientAlias, EstimateHabit } from '@daybook/nl';
import type { StructuredTask, TimeIncrementChoice } from '@daybook/shared';

/**
 * What every provider receives: the job data of the queue contract (the user's text, the instant it was
 * sent, the user's zone, clients with their aliases, time increments and usual estimates), in the shape of
 * @daybook/nl's rules input. The zone is any IANA name here, so that the batch command can replay cases
 * from other zones than the product's list.
 */
export interface StructureRequest {
  input: string;
  /** UTC ISO instant the user submitted. */
  now: string;
  timezone: string;
  /** The user's client names, canonical spelling. */
  clients: readonly string[];
  timeIncrements: readonly TimeIncrementChoice[];
  /** Other names the user calls a client by (DECISIONS 28). */
  aliases?: readonly ClientAlias[];
  /** The user's usual estimates by kind of work (DECISIONS 28). */
  habits?: readonly EstimateHabit[];
}

export interface ProviderCallOptions {
  /** Aborted when the worker stops waiting (AI_TIMEOUT_MS) or shuts down. */
  signal: AbortSignal;
  /** The rules' reading of the request: a model reviews it as a draft ("the model as a reviewer", DECISIONS 26). */
  draft?: StructuredTask;
}

/**
 * A structuring provider (docs/development.md convention 9): one file or folder each, chosen by AI_PROVIDER in
 * the registry (`index.ts`). `structure` answers with the provider's raw output: the rules provider with a
 * finished task, a model with whatever it said. The caller (`structure-task.ts`) treats every answer as
 * untrusted: parses it with zod, normalises it, and falls back to the rules when it is unusable.
 */
export interface StructureProvider {
  readonly name: string;
  /** True when the answer is already a checked structured task (no fallback needed): the rules provider. */
  readonly trusted?: boolean;
  structure(request: StructureRequest, options: ProviderCallOptions): Promise<unknown>;
}
