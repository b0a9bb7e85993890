import { AI_CLIENT_NAME_MAX, AI_INPUT_MAX, AI_MAX_CLIENTS, CLIENT_ALIASES_MAX } from '@daybook/shared';

/**
 * What one user can hand the natural-language entry to make its client matching as slow as it can be
 * (the red team's attack on the shared worker): as many clients as a job carries, each with every alias
 * it may have, all sharing a long prefix, and an entry of the longest length that repeats that prefix.
 * The rules read it for minutes without an index; the worker tests and the drills use it.
 */
export const SHARED_PREFIX = 'Consolidated Holdings International Group of Companies and Partners ';

/** The client of index `n` and its aliases, all within the length a job allows. */
export function hostileClient(n: number, aliases = CLIENT_ALIASES_MAX): { name: string; aliases: string[] } {
  const name = `${SHARED_PREFIX}client ${n}`.slice(0, AI_CLIENT_NAME_MAX);
  return { name, aliases: Array.from({ length: aliases }, (_, a) => `${SHARED_PREFIX}alias ${n} ${a}`.slice(0, AI_CLIENT_NAME_MAX)) };
}

export const hostileClients = (count = AI_MAX_CLIENTS) => Array.from({ length: count }, (_, n) => hostileClient(n));

/** The longest entry, the prefix over and over, with a date at its end. */
export const HOSTILE_INPUT = `${SHARED_PREFIX.repeat(Math.ceil(AI_INPUT_MAX / SHARED_PREFIX.length)).slice(0, AI_INPUT_MAX - ' tomorrow'.length).trimEnd()} tomorrow`;
