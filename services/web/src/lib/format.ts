import { formatShortDate, localDate, parseTimeOfDay, type RecurringType } from '@daybook/shared';

/** '15:00' → '3:00 PM'; anything unreadable is returned as it is. */
export function formatTimeOfDay(time: string): string {
  try {
    const { hour, minute } = parseTimeOfDay(time);
    const suffix = hour < 12 ? 'AM' : 'PM';
    const h12 = hour % 12 === 0 ? 12 : hour % 12;
    return `${h12}:${String(minute).padStart(2, '0')} ${suffix}`;
  } catch {
    return time;
  }
}

/** An instant's calendar day in the user's zone, as 'Mar 5, 2026' (a note's date). */
export const formatInstantDate = (iso: string, timeZone: string) => formatShortDate(localDate(new Date(iso), timeZone));

/** The month of a calendar date by name: '2026-03-05' → 'March'. */
export const monthNameOf = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

/** 'task' or 'tasks' after a count (spec §2). */
export const countLabel = (count: number, singular: string, plural = `${singular}s`) => `${count} ${count === 1 ? singular : plural}`;

/**
 * A document link made safe to open: http(s) and mailto links as they are, a bare host gets https://,
 * anything else (javascript:, data:) gives null and is shown without a link.
 */
export function safeLinkHref(link: string): string | null {
  const trimmed = link.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const RECURRENCE_UNITS = { daily: 'day', weekly: 'week', monthly: 'month' } as const;
const RECURRENCE_NAMES: Record<RecurringType, string> = { daily: 'Daily', weekdays: 'Every weekday', weekly: 'Weekly', monthly: 'Monthly' };

/** Repeats counted in days, weeks or months take an interval; a weekdays series has none (always 1, DECISIONS 35). */
export const hasRepeatInterval = (type: RecurringType): type is keyof typeof RECURRENCE_UNITS => type in RECURRENCE_UNITS;

/** The unit of a repeat choice, singular or plural: 'day', 'weeks'. */
export const recurrenceUnit = (type: keyof typeof RECURRENCE_UNITS, interval: number) =>
  `${RECURRENCE_UNITS[type]}${interval === 1 ? '' : 's'}`;

/** 'Daily', 'Every weekday', 'Weekly', 'Monthly', or 'Every 2 weeks': how a recurrence is labelled everywhere. */
export function recurrenceLabel(type: RecurringType, interval: number): string {
  return interval === 1 || !hasRepeatInterval(type) ? RECURRENCE_NAMES[type] : `Every ${interval} ${recurrenceUnit(type, interval)}`;
}
