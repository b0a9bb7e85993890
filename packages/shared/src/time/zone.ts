import { addDays, formatCalendarDate, parseCalendarDate, wallClockMs, weekdayOf } from './calendar-date';
import { parseTimeOfDay } from './time-of-day';

/**
 * The wall clock of an IANA timezone, on `Intl` only (runs in Node and the browser alike).
 * Instants are `Date`s; local dates are `YYYY-MM-DD`, local times `HH:mm`.
 */

export interface ZonedParts {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:mm` */
  time: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Above every IANA name and link; zone names come from users (any case is valid), so the cache must not grow without bound. */
const MAX_FORMATTERS = 1000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The last answers of zonedParts: a screen asks for the same instant (its `now`) in the same zone once per
 * task shown, and formatToParts is the costly part (a tenth of the dashboard's first render on a phone).
 */
const recentParts = new Map<string, Readonly<ZonedParts>>();
const MAX_RECENT_PARTS = 64;

/** The wall clock in `timeZone` at `instant`. Throws a RangeError on an invalid date or zone. */
export function zonedParts(instant: Date, timeZone: string): Readonly<ZonedParts> {
  const key = `${instant.getTime()} ${timeZone}`;
  let parts = recentParts.get(key);
  if (!parts) {
    parts = Object.freeze(computeZonedParts(instant, timeZone));
    if (recentParts.size >= MAX_RECENT_PARTS) recentParts.clear();
    recentParts.set(key, parts);
  }
  return parts;
}

function computeZonedParts(instant: Date, timeZone: string): ZonedParts {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const year = values.year ?? 0;
  const month = values.month ?? 1;
  const day = values.day ?? 1;
  const hour = (values.hour ?? 0) % 24; // some engines print midnight as 24
  const minute = values.minute ?? 0;
  const second = values.second ?? 0;
  const date = formatCalendarDate({ year, month, day });
  return { date, time: `${pad2(hour)}:${pad2(minute)}`, weekday: weekdayOf(date), year, month, day, hour, minute, second };
}

export const localDate = (instant: Date, timeZone: string) => zonedParts(instant, timeZone).date;
export const localTime = (instant: Date, timeZone: string) => zonedParts(instant, timeZone).time;
export const localWeekday = (instant: Date, timeZone: string) => zonedParts(instant, timeZone).weekday;

/** Today's date in the zone. `now` is always passed in: rules never read the clock. */
export const todayIn = (now: Date, timeZone: string) => localDate(now, timeZone);
export const tomorrowIn = (now: Date, timeZone: string) => addDays(todayIn(now, timeZone), 1);

/** UTC offset of the zone at `instantMs`, in ms (New York in winter: -5 h). Whole seconds. */
function offsetMs(instantMs: number, timeZone: string): number {
  const p = zonedParts(new Date(instantMs), timeZone);
  const wall = wallClockMs(p.year, p.month, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** UTC offset of the zone at `instant`, in minutes (New York in winter: -300). */
export const utcOffsetMinutes = (instant: Date, timeZone: string) => offsetMs(instant.getTime(), timeZone) / 60_000;

const HOURS_36 = 36 * 3_600_000;

/**
 * The instant at which the zone's clock reads `date` `time` (default midnight).
 * A time skipped by a DST change (02:30 on a spring-forward night) is read with the offset in force
 * before the change, so it lands after the gap (03:30); a time that occurs twice (01:30 on a
 * fall-back night) gives the first occurrence.
 */
export function zonedDateTimeToInstant(date: string, time: string, timeZone: string): Date {
  const { year, month, day } = parseCalendarDate(date);
  const { hour, minute } = parseTimeOfDay(time);
  const wall = wallClockMs(year, month, day, hour, minute);
  // Offsets a little before and after: at most one DST change lies between them.
  const offsetBefore = offsetMs(wall - HOURS_36, timeZone);
  const offsetAfter = offsetMs(wall + HOURS_36, timeZone);
  const matches = [wall - offsetBefore, wall - offsetAfter].filter((t) => offsetMs(t, timeZone) === wall - t);
  return new Date(matches.length > 0 ? Math.min(...matches) : wall - offsetBefore);
}

/** The instant the zone's `date` begins. */
export const startOfDayInstant = (date: string, timeZone: string) => zonedDateTimeToInstant(date, '00:00', timeZone);

const OFFSET_SUFFIX = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/;

/**
 * A date-time string seen on the zone's wall clock: '2026-03-05T03:30:00Z' in America/New_York is
 * { date: '2026-03-04', time: '22:30' }. A string without an offset is already wall-clock time and is
 * read as written. Throws a RangeError on anything else, a date that does not exist included
 * ('2026-02-30T10:00Z', which `Date` would read as March 2).
 */
export function zonedDateTimeFromString(value: string, timeZone: string): { date: string; time: string } {
  const trimmed = value.trim();
  const match = LOCAL_DATE_TIME.exec(trimmed);
  if (!match) throw new RangeError(`Not a date-time: ${value}`);
  const date = match[1] as string;
  const time = `${match[2]}:${match[3]}`;
  parseCalendarDate(date);
  parseTimeOfDay(time);
  if (!OFFSET_SUFFIX.test(trimmed)) return { date, time };
  const instant = new Date(trimmed);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date-time: ${value}`);
  const local = zonedParts(instant, timeZone);
  return { date: local.date, time: local.time };
}
