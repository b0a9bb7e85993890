import { addDays, daysInMonth, formatCalendarDate, isValidTimeZone, weekdayOf, zonedDateTimeFromString, zonedDateTimeToInstant, zonedParts } from '@daybook/shared';

/**
 * "Now" on the user's wall clock. Every relative phrase is read from it; zone arithmetic (a number of
 * hours from now across a DST change) and calendar arithmetic go through the shared time module.
 */
export interface RuleContext {
  /** The instant the user submitted. */
  now: Date;
  timezone: string;
  /** `YYYY-MM-DD` in the zone. */
  today: string;
  /** `HH:mm` in the zone. */
  time: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  year: number;
  month: number;
  day: number;
  /** Numeric dates read month first (3/7 = March 7) in the Americas' zones, else day first. */
  monthFirst: boolean;
}

/** The last context made: the capture box asks for the same one on every keystroke, and per task of a text. */
let lastContext: RuleContext | null = null;

/** Throws a RangeError on an unknown zone or an invalid instant. The context is frozen: it may be shared. */
export function createRuleContext(now: Date, timezone: string): RuleContext {
  if (lastContext !== null && lastContext.timezone === timezone && lastContext.now.getTime() === now.getTime()) return lastContext;
  if (!isValidTimeZone(timezone)) throw new RangeError(`Unknown timezone: ${timezone}`);
  const { date, time, weekday, year, month, day } = zonedParts(now, timezone);
  lastContext = Object.freeze({
    now: new Date(now.getTime()),
    timezone,
    today: date,
    time,
    weekday,
    year,
    month,
    day,
    monthFirst: timezone.startsWith('America/') || timezone === 'Pacific/Honolulu',
  });
  return lastContext;
}

/**
 * The instant a local wall-clock date-time (no offset; seconds are ignored) names in the zone (a skipped
 * time moves forward). For test fixtures and cases files, whose "now" is written on the user's clock.
 */
export function localToInstant(localDateTime: string, timezone: string): Date {
  const { date, time } = zonedDateTimeFromString(localDateTime, timezone);
  return zonedDateTimeToInstant(date, time, timezone);
}

/** Wall clock `minutes` of real time after now (01:30 EST + 60 min on spring-forward night = 03:30). */
export function afterMinutes(ctx: RuleContext, minutes: number): { date: string; time: string } {
  const { date, time } = zonedParts(new Date(ctx.now.getTime() + Math.round(minutes * 60) * 1000), ctx.timezone);
  return { date, time };
}

/** The next `weekday` strictly after today, or from today on when `includeToday`. */
export function nextWeekday(ctx: RuleContext, weekday: number, includeToday = false): string {
  let delta = (weekday - ctx.weekday + 7) % 7;
  if (delta === 0 && !includeToday) delta = 7;
  return addDays(ctx.today, delta);
}

/** The first date on or after today whose day of month is `day`; months without that day are skipped. */
export function nextDayOfMonth(ctx: RuleContext, day: number): string | null {
  if (day < 1 || day > 31) return null;
  let year = ctx.year;
  let month = ctx.month;
  for (let i = 0; i < 24; i += 1) {
    if (day <= daysInMonth(year, month) && (i > 0 || day >= ctx.day)) {
      return formatCalendarDate({ year, month, day });
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return null;
}

/** A month-day date without a year: this year, or next year when it already passed. Null if it never exists. */
export function upcomingMonthDay(ctx: RuleContext, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  for (const year of [ctx.year, ctx.year + 1, ctx.year + 2, ctx.year + 3, ctx.year + 4]) {
    if (day > daysInMonth(year, month)) continue;
    const date = formatCalendarDate({ year, month, day });
    if (date >= ctx.today) return date;
  }
  return null;
}

/** A full date when it exists, else null. */
export function exactDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return formatCalendarDate({ year, month, day });
}

export function lastDayOfMonth(year: number, month: number): string {
  return formatCalendarDate({ year, month, day: daysInMonth(year, month) });
}

const isWorkday = (date: string) => weekdayOf(date) !== 0 && weekdayOf(date) !== 6;

/** `days` Monday-to-Friday days after `date` ("in 3 business days" from a Friday is Wednesday). */
export function addWorkdays(date: string, days: number): string {
  let out = date;
  for (let left = days; left > 0; ) {
    out = addDays(out, 1);
    if (isWorkday(out)) left -= 1;
  }
  return out;
}

/** The first Monday-to-Friday day from `date` on (the date itself when it is one). */
export function workdayFrom(date: string): string {
  let out = date;
  while (!isWorkday(out)) out = addDays(out, 1);
  return out;
}

/** The last Monday-to-Friday day of a month. */
export function lastWorkdayOfMonth(year: number, month: number): string {
  let out = lastDayOfMonth(year, month);
  while (!isWorkday(out)) out = addDays(out, -1);
  return out;
}
