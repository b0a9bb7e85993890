import { ESTIMATE_UNITS, formatEstimate, parseEstimateMinutes } from '../estimates/estimate';

/** The numbers and units the settings dialog offers (spec §9). */
export const TIME_INCREMENT_NUMBERS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30, 45] as const;
export const TIME_INCREMENT_UNITS = ESTIMATE_UNITS;
export type TimeIncrementNumber = (typeof TIME_INCREMENT_NUMBERS)[number];
export type TimeIncrementUnit = (typeof TIME_INCREMENT_UNITS)[number];

/** Value suffix per unit: {n}min, {n}h, {n}d (spec §5). */
export const TIME_INCREMENT_SUFFIXES: Record<TimeIncrementUnit, string> = { minutes: 'min', hours: 'h', days: 'd' };

export interface TimeIncrementChoice {
  label: string;
  value: string;
}

/** '{n} {unit}', singular when n is 1: '1 hour', '2 hours'. */
export function timeIncrementLabel(n: number, unit: TimeIncrementUnit): string {
  return `${n} ${n === 1 ? unit.slice(0, -1) : unit}`;
}

export function timeIncrementValue(n: number, unit: TimeIncrementUnit): string {
  return `${n}${TIME_INCREMENT_SUFFIXES[unit]}`;
}

export const TIME_INCREMENT_VALUE_PATTERN = new RegExp(`^(${TIME_INCREMENT_NUMBERS.join('|')})(min|h|d)$`);

/** The number and unit of a valid value ('2h' → 2 hours), or null. */
export function parseTimeIncrementValue(value: string): { n: TimeIncrementNumber; unit: TimeIncrementUnit } | null {
  const match = TIME_INCREMENT_VALUE_PATTERN.exec(value);
  if (!match) return null;
  const unit = TIME_INCREMENT_UNITS.find((u) => TIME_INCREMENT_SUFFIXES[u] === match[2]) as TimeIncrementUnit;
  return { n: Number(match[1]) as TimeIncrementNumber, unit };
}

/** The label the rules derive for a value ('2h' → '2 hours'), or null for an invalid value. */
export function labelForTimeIncrementValue(value: string): string | null {
  const parsed = parseTimeIncrementValue(value);
  return parsed ? timeIncrementLabel(parsed.n, parsed.unit) : null;
}

export const makeTimeIncrement = (n: number, unit: TimeIncrementUnit): TimeIncrementChoice => ({
  label: timeIncrementLabel(n, unit),
  value: timeIncrementValue(n, unit),
});

/** Minutes of an increment's value (a day is 8 working hours, DECISIONS 3); null when unreadable. */
export const timeIncrementMinutes = (value: string) => parseEstimateMinutes(value);

/** Shortest first (spec §5); unreadable values last; equal lengths by label. */
export function sortTimeIncrements<T extends TimeIncrementChoice>(increments: readonly T[]): T[] {
  const minutes = (i: T) => timeIncrementMinutes(i.value) ?? Number.POSITIVE_INFINITY;
  return [...increments].sort((a, b) => minutes(a) - minutes(b) || a.label.localeCompare(b.label));
}

/** The choices a new user starts with. */
export const DEFAULT_TIME_INCREMENTS: readonly TimeIncrementChoice[] = [
  makeTimeIncrement(15, 'minutes'),
  makeTimeIncrement(30, 'minutes'),
  makeTimeIncrement(45, 'minutes'),
  makeTimeIncrement(1, 'hours'),
  makeTimeIncrement(2, 'hours'),
  makeTimeIncrement(4, 'hours'),
  makeTimeIncrement(1, 'days'),
];

/**
 * A stated length as the task's estimate (DECISIONS 18, nl RULES §5): the user's increment of exactly that
 * length gives its value ('1 hour' → '1h'); any other length is kept as said, never rounded to an
 * increment ('20min', '1.5h', '2d'). How the structurer and the model providers set an estimate.
 */
export function statedEstimate(minutes: number, increments: readonly TimeIncrementChoice[]): string {
  const stated = formatEstimate(minutes);
  const wanted = parseEstimateMinutes(stated);
  return increments.find((increment) => timeIncrementMinutes(increment.value) === wanted)?.value ?? stated;
}

/**
 * An estimate in words, like the increments' labels: the label of the user's increment with that value,
 * else its length ('20min' → '20 minutes', '1.5h' → '1.5 hours', '2d' → '2 days'); text that is no length
 * stays as written.
 */
export function estimateChoiceLabel(estimate: string, increments: readonly TimeIncrementChoice[]): string {
  const named = increments.find((increment) => increment.value === estimate);
  if (named) return named.label;
  const minutes = parseEstimateMinutes(estimate);
  if (minutes === null) return estimate;
  const match = /^(\d+(?:\.\d+)?)(min|h|d)$/u.exec(formatEstimate(minutes)) as RegExpExecArray;
  const unit = TIME_INCREMENT_UNITS.find((u) => TIME_INCREMENT_SUFFIXES[u] === match[2]) as TimeIncrementUnit;
  return timeIncrementLabel(Number(match[1]), unit);
}

/**
 * The estimate choices of a task (DECISIONS 18): the user's increments, plus the task's own estimate in its
 * place by length when it is none of them, named like them ('20 minutes'), so that it can stay chosen.
 */
export function estimateChoices(estimate: string | null, increments: readonly TimeIncrementChoice[]): TimeIncrementChoice[] {
  const choices = increments.map(({ label, value }) => ({ label, value }));
  if (!estimate || choices.some((choice) => choice.value === estimate)) return choices;
  return sortTimeIncrements([...choices, { label: estimateChoiceLabel(estimate, choices), value: estimate }]);
}
