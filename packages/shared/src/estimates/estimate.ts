/**
 * Estimated time (DECISIONS 3): `30min`, `2h`, `1d`, `1.5h`, or a time-increment label such as
 * '15 minutes', '1 hour', '2 days'. Several parts add up: '1h 30min' is 90 minutes.
 * A day counts as a working day of 8 hours.
 */

export const MINUTES_PER_HOUR = 60;
export const WORKING_HOURS_PER_DAY = 8;
export const MINUTES_PER_DAY = WORKING_HOURS_PER_DAY * MINUTES_PER_HOUR;

const UNIT_MINUTES: ReadonlyArray<[RegExp, number]> = [
  [/^(?:m|mins?|minutes?)$/, 1],
  [/^(?:h|hrs?|hours?)$/, MINUTES_PER_HOUR],
  [/^(?:d|days?)$/, MINUTES_PER_DAY],
];

const PART = /(\d+(?:\.\d+)?|\.\d+)\s*([a-z]+)/gy;

/** Minutes of an estimate, or null when it is empty or cannot be read. */
export function parseEstimateMinutes(estimate: string | null | undefined): number | null {
  const source = (estimate ?? '').trim().toLowerCase();
  if (source === '') return null;
  let total = 0;
  let position = 0;
  let parts = 0;
  while (position < source.length) {
    while (source[position] === ' ' || source[position] === ',') position += 1;
    if (position >= source.length) break;
    PART.lastIndex = position;
    const match = PART.exec(source);
    if (!match) return null;
    const unit = UNIT_MINUTES.find(([pattern]) => pattern.test(match[2] as string));
    if (!unit) return null;
    total += Number(match[1]) * unit[1];
    parts += 1;
    position = PART.lastIndex;
  }
  return parts > 0 ? total : null;
}

/** Sum of the estimates that can be read; the others count as 0. */
export function totalEstimateMinutes(estimates: ReadonlyArray<string | null | undefined>): number {
  return estimates.reduce((sum, estimate) => sum + (parseEstimateMinutes(estimate) ?? 0), 0);
}

/**
 * The totals display of spec §9. Below 60 minutes: whole minutes, '45min' ('0min' for nothing).
 * From 60 minutes: hours with exactly one decimal, '1.5h', '2.0h', '12.3h' (a day counts 8 h).
 */
export function formatEstimateTotal(minutes: number): string {
  const rounded = Math.round(minutes);
  if (rounded < MINUTES_PER_HOUR) return `${Math.max(0, rounded)}min`;
  return `${(minutes / MINUTES_PER_HOUR).toFixed(1)}h`;
}

/** The 'Est. Time' figure for a list of tasks' estimates. */
export const estimateTotalLabel = (estimates: ReadonlyArray<string | null | undefined>) =>
  formatEstimateTotal(totalEstimateMinutes(estimates));
