import { z } from 'zod';
import { addDays, addMonths, isDateInRange, isValidCalendarDate, parseCalendarDate, weekdayOf } from '../time/calendar-date';

/** `weekdays`: Monday to Friday (DECISIONS 35), always with interval 1. */
export const RECURRING_TYPES = ['daily', 'weekdays', 'weekly', 'monthly'] as const;
export const recurringTypeSchema = z.enum(RECURRING_TYPES, { message: 'Repeat must be daily, weekdays, weekly or monthly' });
export type RecurringType = z.infer<typeof recurringTypeSchema>;

export const RECURRING_INTERVAL_MIN = 1;
export const RECURRING_INTERVAL_MAX = 365;
export const DEFAULT_RECURRING_INTERVAL = 1;
/** The interval a series is stored with: a weekdays series always has 1 (DECISIONS 35), the others keep theirs. */
export const seriesInterval = (recurringType: RecurringType | null, interval: number): number => (recurringType === 'weekdays' ? 1 : interval);

export const recurringIntervalSchema = z
  .number({ message: 'Repeat interval must be a number' })
  .int('Repeat interval must be a whole number')
  .min(RECURRING_INTERVAL_MIN, `Repeat interval must be at least ${RECURRING_INTERVAL_MIN}`)
  .max(RECURRING_INTERVAL_MAX, `Repeat interval must be at most ${RECURRING_INTERVAL_MAX}`);

export interface RecurrenceSource {
  /** The completed occurrence's due date, `YYYY-MM-DD`, or null. */
  dueDate: string | null;
  recurringType: RecurringType;
  recurringInterval: number;
}

/**
 * Due date of the next occurrence (DECISIONS 11): the previous due date (or `today`, in the user's
 * zone, when it had none) advanced by interval × day / week / month; a weekdays series goes to the next
 * Monday-to-Friday day (Friday → Monday).
 *
 * Monthly dates keep the series' day of month when the api passes `seriesStartDate` (the due date of
 * the series' first task, the one `parentTaskId` points to): Jan 31 → Feb 28 → Mar 31. Without it the
 * previous due date's day is used and clamped to the month's end: Jan 31 → Feb 28 → Mar 28.
 *
 * Null when the series ends (DECISIONS 23): the next date would fall after 2999-12-31, or the previous
 * one already lies outside the allowed range (a date stored before the range was enforced).
 */
export function nextRecurrenceDate(source: RecurrenceSource, today: string, seriesStartDate?: string | null): string | null {
  const base = source.dueDate ?? today;
  if (!isDateInRange(base)) return null;
  const next = advance(base, source, seriesStartDate);
  return isDateInRange(next) ? next : null;
}

function advance(base: string, source: RecurrenceSource, seriesStartDate?: string | null): string {
  const interval = Math.max(RECURRING_INTERVAL_MIN, Math.trunc(source.recurringInterval) || RECURRING_INTERVAL_MIN);
  switch (source.recurringType) {
    case 'daily':
      return addDays(base, interval);
    case 'weekdays':
      return nextWeekdayAfter(base);
    case 'weekly':
      return addDays(base, 7 * interval);
    case 'monthly': {
      const anchorDay = seriesStartDate && isValidCalendarDate(seriesStartDate) ? parseCalendarDate(seriesStartDate).day : undefined;
      return addMonths(base, interval, anchorDay);
    }
  }
}

/** The first Monday-to-Friday date after `date`. */
function nextWeekdayAfter(date: string): string {
  let next = addDays(date, 1);
  while (weekdayOf(next) === 0 || weekdayOf(next) === 6) next = addDays(next, 1);
  return next;
}

/** Days of the month from which "day 29, 30 or 31" runs short in some months. */
const FIRST_CLAMPED_DAY = 29;
const LAST_DAY_OF_ANY_MONTH = 31;

/**
 * The series as an RFC 5545 RRULE value (for the calendar feed), repeating the way `nextRecurrenceDate`
 * does: `anchorDay` is the series' day of month (its first task's). A monthly series on the 29th–31st is
 * moved to the month's last day where that day is missing: on the 31st that is every month's last day
 * (`BYMONTHDAY=-1`, which every calendar reads); on the 29th or 30th "the last of the 28th… that exist"
 * (`BYSETPOS`, which some calendars, such as ical.js and libical, do not apply to month days).
 */
export function recurrenceRule(recurringType: RecurringType, interval: number, anchorDay: number): string {
  const every = (frequency: string) => `FREQ=${frequency}${interval > 1 ? `;INTERVAL=${interval}` : ''}`;
  switch (recurringType) {
    case 'daily':
      return every('DAILY');
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly':
      return every('WEEKLY');
    case 'monthly': {
      if (anchorDay < FIRST_CLAMPED_DAY) return `${every('MONTHLY')};BYMONTHDAY=${anchorDay}`;
      if (anchorDay >= LAST_DAY_OF_ANY_MONTH) return `${every('MONTHLY')};BYMONTHDAY=-1`;
      const days = Array.from({ length: anchorDay - 27 }, (_, index) => 28 + index);
      return `${every('MONTHLY')};BYMONTHDAY=${days.join(',')};BYSETPOS=-1`;
    }
  }
}
