import { addDays, formatShortDate, formatShortMonthDay, MAX_DATE, MIN_DATE, parseCalendarDate, weekdayOf } from './calendar-date';
import { localDate, startOfDayInstant } from './zone';

/** The calendar shows 7 days and moves by 7 (spec §9); weeks start on Sunday. */
export const CALENDAR_WEEK_DAYS = 7;

/** The Sunday on or before `date`. */
export function weekStartOf(date: string): string {
  return addDays(date, -weekdayOf(date));
}

export interface CalendarWindow {
  /** The 7 dates shown, `YYYY-MM-DD`, first to last. */
  dates: string[];
  /** Instant the first day begins in the zone (UTC ISO string): the calendar query's `start`. */
  start: string;
  /** Instant the day after the last begins (exclusive): the calendar query's `end`. */
  end: string;
}

/** The window from `weekStart` over 7 days in the zone; across a DST change it is 167 or 169 hours long. */
export function calendarWindow(weekStart: string, timeZone: string, days: number = CALENDAR_WEEK_DAYS): CalendarWindow {
  const dates = Array.from({ length: days }, (_, i) => addDays(weekStart, i));
  return {
    dates,
    start: startOfDayInstant(weekStart, timeZone).toISOString(),
    end: startOfDayInstant(addDays(weekStart, days), timeZone).toISOString(),
  };
}

/**
 * The first and last local dates an instant window `[start, end)` touches in the zone; the api selects
 * tasks whose due date lies between them (inclusive).
 */
export function datesOfWindow(start: Date, end: Date, timeZone: string): { firstDate: string; lastDate: string } {
  return { firstDate: localDate(start, timeZone), lastDate: localDate(new Date(end.getTime() - 1), timeZone) };
}

const RANGE_START_MS = Date.parse(`${MIN_DATE}T00:00:00Z`);
const RANGE_END_MS = Date.parse(`${addDays(MAX_DATE, 1)}T00:00:00Z`);

/**
 * True when the window `[start, end)` touches the dates DECISIONS 23 allows (read in UTC: a zone moves
 * the window by hours, so the week of 2999-12-31 is still shown). A window far outside is refused.
 */
export function windowTouchesDateRange(start: Date, end: Date): boolean {
  return end.getTime() > RANGE_START_MS && start.getTime() < RANGE_END_MS;
}

/**
 * Range label of a window from its first to last date: 'Mar 1 - Mar 7, 2026' within one year,
 * 'Dec 27, 2026 - Jan 2, 2027' across a year end.
 */
export function weekRangeLabel(weekStart: string, days: number = CALENDAR_WEEK_DAYS): string {
  const last = addDays(weekStart, days - 1);
  if (parseCalendarDate(weekStart).year === parseCalendarDate(last).year) {
    return `${formatShortMonthDay(weekStart)} - ${formatShortDate(last)}`;
  }
  return `${formatShortDate(weekStart)} - ${formatShortDate(last)}`;
}
