/**
 * Calendar dates as `YYYY-MM-DD` strings: pure arithmetic, no timezone involved.
 * Such strings sort and compare correctly as plain strings.
 */

export const CALENDAR_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDateParts {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

const MS_PER_DAY = 86_400_000;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` naming a day that exists (2026-02-30 does not). */
export function isValidCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * DECISIONS 23: due dates and search dates lie between these two dates (inclusive). Outside them a
 * date is refused with `DATE_RANGE_MESSAGE`, and a recurring series ends.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2999-12-31';
export const DATE_RANGE_MESSAGE = `Date must be between ${MIN_DATE} and ${MAX_DATE}`;

/** A real `YYYY-MM-DD` date between MIN_DATE and MAX_DATE (such strings compare as plain strings). */
export function isDateInRange(value: string): boolean {
  return isValidCalendarDate(value) && value >= MIN_DATE && value <= MAX_DATE;
}

/** Throws a RangeError on anything but a real `YYYY-MM-DD` date. */
export function parseCalendarDate(value: string): CalendarDateParts {
  if (!isValidCalendarDate(value)) throw new RangeError(`Not a calendar date: ${value}`);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatCalendarDate({ year, month, day }: CalendarDateParts): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Milliseconds of a wall-clock moment read as UTC; years below 100 are kept as written. */
export function wallClockMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

const toDayNumber = (date: string) => {
  const { year, month, day } = parseCalendarDate(date);
  return Math.round(wallClockMs(year, month, day) / MS_PER_DAY);
};

const fromDayNumber = (dayNumber: number) => {
  const d = new Date(dayNumber * MS_PER_DAY);
  return formatCalendarDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
};

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/**
 * Adds calendar months. The day of month is `anchorDay` (default: the date's own day), clamped to the
 * target month's length: 2026-01-31 + 1 month = 2026-02-28; with anchorDay 31, 2026-02-28 + 1 = 2026-03-31.
 */
export function addMonths(date: string, months: number, anchorDay?: number): string {
  const { year, month, day } = parseCalendarDate(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const wanted = anchorDay ?? day;
  return formatCalendarDate({ year: targetYear, month: targetMonth, day: Math.min(wanted, daysInMonth(targetYear, targetMonth)) });
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const { year, month, day } = parseCalendarDate(date);
  return new Date(wallClockMs(year, month, day)).getUTCDay();
}

export function weekdayNameOf(date: string): WeekdayName {
  return WEEKDAY_NAMES[weekdayOf(date)] as WeekdayName;
}

/**
 * A formatter made on first use: an engine's first Intl formatter loads its locale data (about 20 ms on a
 * phone), which must not happen while a module loads (the web's first reads load this one).
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }));
}
const shortDateFormat = lazyFormat({ month: 'short', day: 'numeric', year: 'numeric' });
const shortMonthDayFormat = lazyFormat({ month: 'short', day: 'numeric' });

/** 'Mar 5, 2026' */
export function formatShortDate(date: string): string {
  const { year, month, day } = parseCalendarDate(date);
  return shortDateFormat().format(wallClockMs(year, month, day));
}

/** 'Mar 5' */
export function formatShortMonthDay(date: string): string {
  const { year, month, day } = parseCalendarDate(date);
  return shortMonthDayFormat().format(wallClockMs(year, month, day));
}
