import { DEFAULT_TIME_INCREMENTS, type StructuredTask, type TimeIncrementChoice } from '@daybook/shared';
import { localToInstant } from './context';
import { structureWithRules } from './rules';

/** The clients of the "own" development cases. */
export const CLIENTS = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Stark Industries', 'Wayne Enterprises'];

export interface RulesOptions {
  /** Local wall-clock date-time in `timezone`; default Tuesday 2025-03-11 10:15. */
  now?: string;
  timezone?: string;
  clients?: string[];
  increments?: readonly TimeIncrementChoice[];
}

/** Runs the rules structurer as a user in `timezone` at local time `now`. */
export function rules(input: string, options: RulesOptions = {}): StructuredTask {
  const timezone = options.timezone ?? 'America/Chicago';
  return structureWithRules({
    input,
    now: localToInstant(options.now ?? '2025-03-11T10:15:00', timezone),
    timezone,
    clients: options.clients ?? CLIENTS,
    timeIncrements: options.increments ?? DEFAULT_TIME_INCREMENTS,
  });
}
