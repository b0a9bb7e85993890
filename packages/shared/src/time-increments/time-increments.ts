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

/** How far an estimate may be from an increment and still be "close" (DECISIONS 18): 25 %. */
export const NEAREST_INCREMENT_TOLERANCE = 0.25;

/**
 * The user's increment nearest to an estimate when one is within the tolerance (relative to the
 * estimate), else null: '25min' → '30min' (5 of 25 is 20 %), '3h' with only 1h and 1d → null.
 */
export function nearestTimeIncrement<T extends TimeIncrementChoice>(
  estimate: string,
  increments: readonly T[],
  tolerance: number = NEAREST_INCREMENT_TOLERANCE,
): T | null {
  const wanted = parseEstimateMinutes(estimate);
  if (wanted === null) return null;
  let best: { increment: T; distance: number } | null = null;
  for (const increment of increments) {
    const minutes = timeIncrementMinutes(increment.value);
    if (minutes === null) continue;
    const distance = Math.abs(minutes - wanted);
    if (!best || distance < best.distance) best = { increment, distance };
  }
  return best && best.distance <= tolerance * wanted ? best.increment : null;
}

/**
 * An estimate as one of the user's increments (DECISIONS 18, the worker's RULES §5): the increment of exactly that length, else
 * the nearest by minutes, ties going to the larger; without readable increments the estimate as stated
 * (90 → '1.5h'). How the worker sets the estimate of a structured task.
 */
export function estimateAsTimeIncrement(minutes: number, increments: readonly TimeIncrementChoice[]): string {
  const stated = formatEstimate(minutes);
  const usable = increments.filter((i) => timeIncrementMinutes(i.value) !== null);
  if (usable.length === 0) return stated;
  // Longest first, so that of two equally near increments the larger wins (nearestTimeIncrement keeps the first).
  const longestFirst = [...sortTimeIncrements(usable)].reverse();
  const nearest = nearestTimeIncrement(stated, longestFirst, Number.POSITIVE_INFINITY);
  return nearest ? nearest.value : stated;
}
