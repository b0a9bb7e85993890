import { formatDuration, formatShortDate, formatShortMonthDay, formatTimeOfDay, localDate, localTime, type RecurringType, type ReminderSpec } from '@daybook/shared';

/** '15:00' → '3:00 PM' (one rule, in the shared package: the overdue labels use it too). */
export { formatTimeOfDay } from '@daybook/shared';

/** An instant's calendar day in the user's zone, as 'Mar 5, 2026' (a note's date). */
export const formatInstantDate = (iso: string, timeZone: string) => formatShortDate(localDate(new Date(iso), timeZone));

/** An instant in the user's zone, as 'Mar 5, 2026, 3:00 PM' (a share response's, a comment's). */
export const formatInstantDateTime = (iso: string, timeZone: string) => `${formatInstantDate(iso, timeZone)}, ${formatTimeOfDay(localTime(new Date(iso), timeZone))}`;

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

/**
 * Billing's hours, with two decimals as an invoice multiplies them by the rate: '1.95 h'. Every other
 * duration is `formatDuration`'s '1 h 57 min' (docs/usage.md).
 */
export const decimalHoursLabel = (hours: number) => `${hours.toFixed(2)} h`;

/** '30 min', '1 h', '1 h 30 min', '1 day', '2 days': how long before the due time a reminder fires (calendar days). */
export function reminderLeadLabel(minutes: number): string {
  return minutes >= 1440 && minutes % 1440 === 0 ? countLabel(minutes / 1440, 'day') : formatDuration(minutes);
}

/**
 * How a reminder is labelled everywhere (task dialog chips, settings, capture): 'At due time',
 * '30 min before', 'On the day at 09:00', 'Day before at 18:00', '3 days before at 09:00', or an instant
 * on the user's clock: 'Dec 3, 08:00'.
 */
export function reminderLabel(spec: ReminderSpec, timeZone: string): string {
  if (spec.kind === 'before') return spec.minutes === 0 ? 'At due time' : `${reminderLeadLabel(spec.minutes)} before`;
  if (spec.kind === 'on-day') {
    if (spec.daysBefore === 0) return `On the day at ${spec.time}`;
    return spec.daysBefore === 1 ? `Day before at ${spec.time}` : `${spec.daysBefore} days before at ${spec.time}`;
  }
  const at = new Date(spec.at);
  return `${formatShortMonthDay(localDate(at, timeZone))}, ${localTime(at, timeZone)}`;
}
