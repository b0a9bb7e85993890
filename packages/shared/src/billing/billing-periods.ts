import { addDays, addMonths, daysBetween, formatShortDate, formatShortMonthDay, parseCalendarDate } from '../time/calendar-date';
import { weekStartOf } from '../time/calendar-week';

/**
 * The periods a billing report covers (DECISIONS 31): calendar dates in the user's timezone, both ends
 * included. Weeks start on Sunday, as the calendar's do.
 */

export const BILLING_PERIOD_PRESETS = ['this-week', 'last-week', 'this-month', 'last-month'] as const;
export type BillingPeriodPreset = (typeof BILLING_PERIOD_PRESETS)[number];

export const BILLING_PERIOD_LABELS: Record<BillingPeriodPreset | 'custom', string> = {
  'this-week': 'This week',
  'last-week': 'Last week',
  'this-month': 'This month',
  'last-month': 'Last month',
  custom: 'Custom',
};

/** A report, a CSV or a billed period covers at most this many days (a year, leap years included). */
export const BILLING_PERIOD_MAX_DAYS = 366;

export interface DateRange {
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, included. */
  to: string;
}

const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;

/** The dates of a preset around `today` (the user's today): this week is Sunday to Saturday. */
export function presetRange(preset: BillingPeriodPreset, today: string): DateRange {
  switch (preset) {
    case 'this-week': {
      const from = weekStartOf(today);
      return { from, to: addDays(from, 6) };
    }
    case 'last-week': {
      const from = addDays(weekStartOf(today), -7);
      return { from, to: addDays(from, 6) };
    }
    case 'this-month': {
      const from = firstOfMonth(today);
      return { from, to: addDays(addMonths(from, 1), -1) };
    }
    case 'last-month': {
      const from = addMonths(firstOfMonth(today), -1);
      return { from, to: addDays(firstOfMonth(today), -1) };
    }
  }
}

/** Days from `from` to `to`, both included (1 for a single day). */
export const rangeDays = ({ from, to }: DateRange) => daysBetween(from, to) + 1;

/** 'Mar 1 – Mar 31, 2026', 'Dec 28, 2026 – Jan 3, 2027', or 'Mar 5, 2026' for one day. */
export function rangeLabel({ from, to }: DateRange): string {
  if (from === to) return formatShortDate(from);
  if (parseCalendarDate(from).year === parseCalendarDate(to).year) return `${formatShortMonthDay(from)} – ${formatShortDate(to)}`;
  return `${formatShortDate(from)} – ${formatShortDate(to)}`;
}
