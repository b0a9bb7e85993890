/**
 * Estimated time (DECISIONS 3): `30min`, `2h`, `1d`, `1.5h`, or a time-increment label such as
 * '15 minutes', '1 hour', '2 days'. Several parts add up: '1h 30min' is 90 minutes.
 * A day counts as a working day of 8 hours.
 */

export const MINUTES_PER_HOUR = 60;
export const WORKING_HOURS_PER_DAY = 8;
export const MINUTES_PER_DAY = WORKING_HOURS_PER_DAY * MINUTES_PER_HOUR;

export const ESTIMATE_UNITS = ['minutes', 'hours', 'days'] as const;
export type EstimateUnit = (typeof ESTIMATE_UNITS)[number];
export const MINUTES_PER_UNIT: Readonly<Record<EstimateUnit, number>> = { minutes: 1, hours: MINUTES_PER_HOUR, days: MINUTES_PER_DAY };

const UNIT_WORDS: ReadonlyArray<[RegExp, EstimateUnit]> = [
  [/^(?:m|mins?|minutes?)$/, 'minutes'],
  [/^(?:h|hrs?|hours?)$/, 'hours'],
  [/^(?:d|days?)$/, 'days'],
];

/** The unit a word of an estimate names ('m', 'mins', 'hr', 'Hours', 'd' …), or null for any other word. */
export function estimateUnit(word: string): EstimateUnit | null {
  const lower = word.toLowerCase();
  return UNIT_WORDS.find(([pattern]) => pattern.test(lower))?.[1] ?? null;
}

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
    const unit = estimateUnit(match[2] as string);
    if (!unit) return null;
    total += Number(match[1]) * MINUTES_PER_UNIT[unit];
    parts += 1;
    position = PART.lastIndex;
  }
  return parts > 0 ? total : null;
}

/**
 * Minutes written as an estimate in the units of the time increments (nl RULES §5): '2d' for whole days of
 * effort, '1.5h' for a whole or half number of hours (from one hour on), else whole minutes ('20min',
 * '75min'). parseEstimateMinutes reads it back.
 */
export function formatEstimate(minutes: number): string {
  const m = Math.round(minutes);
  if (m >= MINUTES_PER_DAY && m % MINUTES_PER_DAY === 0) return `${m / MINUTES_PER_DAY}d`;
  if (m >= MINUTES_PER_HOUR && m % (MINUTES_PER_HOUR / 2) === 0) return `${m / MINUTES_PER_HOUR}h`;
  return `${m}min`;
}

/** Sum of the estimates that can be read; the others count as 0. */
export function totalEstimateMinutes(estimates: ReadonlyArray<string | null | undefined>): number {
  return estimates.reduce((sum, estimate) => sum + (parseEstimateMinutes(estimate) ?? 0), 0);
}

/**
 * How every duration is shown to the user (estimates, their totals, tracked time, capacity, working hours):
 * whole minutes as '45 min', '2 h', '1 h 30 min', '12 h 20 min'; nothing is '0 h'. Never days (an
 * estimate of '1d' is '8 h'): a day of work is 8 hours but a calendar day 24. Billing's hours keep
 * decimals (docs/usage.md).
 */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / MINUTES_PER_HOUR);
  const rest = total % MINUTES_PER_HOUR;
  if (hours === 0 && rest > 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A task's estimate as shown: '1 h 30 min' for '1.5h' or '90min'; one that cannot be read as written. */
export function estimateLabel(estimatedTime: string): string {
  const minutes = parseEstimateMinutes(estimatedTime);
  return minutes === null ? estimatedTime : formatDuration(minutes);
}

/** The 'Est. Time' figure for a list of tasks' estimates. */
export const estimateTotalLabel = (estimates: ReadonlyArray<string | null | undefined>) => formatDuration(totalEstimateMinutes(estimates));

/**
 * What a task shows of its time (DECISIONS 31): tracked (its time entries' seconds), its estimate when it
 * has one, and whether tracking passed it. (Here rather than with time tracking: task cards show it on
 * the first paint.)
 */
export interface TrackedAgainstEstimate {
  /** '1 h 30 min / 2 h', or '1 h 30 min' without an estimate that can be read. */
  label: string;
  trackedMinutes: number;
  estimateMinutes: number | null;
  over: boolean;
}

export function trackedAgainstEstimate(trackedSeconds: number, estimatedTime: string | null | undefined): TrackedAgainstEstimate {
  const trackedMinutes = Math.floor(trackedSeconds / 60);
  const estimateMinutes = parseEstimateMinutes(estimatedTime);
  const tracked = formatDuration(trackedMinutes);
  return {
    label: estimateMinutes === null ? tracked : `${tracked} / ${formatDuration(estimateMinutes)}`,
    trackedMinutes,
    estimateMinutes,
    over: estimateMinutes !== null && trackedMinutes > estimateMinutes,
  };
}
