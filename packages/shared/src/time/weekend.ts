import { addDays, weekdayOf } from './calendar-date';
import { zonedParts } from './zone';

/** Weekend mode starts Friday at this hour (spec §4) and lasts through Sunday 23:59, in the user's zone. */
export const WEEKEND_START_HOUR = 18;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;

export function isWeekendMode(now: Date, timeZone: string): boolean {
  const { weekday, hour } = zonedParts(now, timeZone);
  return isWeekendHour(weekday, hour);
}

/** Weekend mode on this day of the week (0: Sunday) at this hour of the day. */
function isWeekendHour(weekday: number, hour: number): boolean {
  return weekday === SATURDAY || weekday === SUNDAY || (weekday === FRIDAY && hour >= WEEKEND_START_HOUR);
}

/** The zones furthest west (UTC-12) and east (UTC+14), as hours from UTC: every zone's clock lies between theirs. */
const WESTMOST_OFFSET_HOURS = -12;
const EASTMOST_OFFSET_HOURS = 14;

/**
 * Weekend mode at `now` when it is the same in every time zone, else null (from about Friday 04:00 to
 * Saturday 06:00 UTC, and Sunday 10:00 to Monday 12:00 UTC). Between the westmost and the eastmost
 * clock lie 26 hours, less than either the weekend (54 hours) or the week around it: when both ends
 * agree, every zone between them does. Those two clocks have no daylight saving time, so they are read
 * without Intl (the web's first reads ask this before anything else, and an engine's first Intl
 * formatter takes tens of milliseconds on a phone).
 */
export function weekendModeInEveryZone(now: Date): boolean | null {
  const at = (offsetHours: number) => {
    const clock = new Date(now.getTime() + offsetHours * 3_600_000);
    return isWeekendHour(clock.getUTCDay(), clock.getUTCHours());
  };
  const west = at(WESTMOST_OFFSET_HOURS);
  return west === at(EASTMOST_OFFSET_HOURS) ? west : null;
}

/** The Monday after `date` (a Monday gives the next one). */
export function nextMonday(date: string): string {
  return addDays(date, (8 - weekdayOf(date)) % 7 || 7);
}

/** The date the dashboard shows: the coming Monday in weekend mode, else today (both in the zone). */
export function dashboardDate(now: Date, timeZone: string): string {
  const { date } = zonedParts(now, timeZone);
  return isWeekendMode(now, timeZone) ? nextMonday(date) : date;
}

/** Title of the dashboard's overview card (spec §2). */
export function dashboardDayLabel(now: Date, timeZone: string): 'Today' | 'Friday - Monday' {
  return isWeekendMode(now, timeZone) ? 'Friday - Monday' : 'Today';
}
