import { reminderKey, reminderNeeds, zonedDateTimeToInstant, type ReminderDue, type ReminderSpec } from '@daybook/shared';

/**
 * The reminder choices the web offers (DECISIONS 29), in one place for the task dialog and the settings'
 * defaults: "at the due time" and a few leads before it; on the day or the day before at a time.
 */
export const BEFORE_MINUTES_CHOICES = [0, 5, 10, 15, 30, 60, 120, 1440] as const;

/** The time suggested for a reminder on the due day (and for the date-only default). */
export const SUGGESTED_REMINDER_TIME = '09:00';

/** Why a reminder cannot fire for a task's due date and time (it is kept, and fires once they allow), or null. */
export function reminderProblem(spec: ReminderSpec, due: ReminderDue): string | null {
  const needs = reminderNeeds(spec, due);
  return needs ? `needs a ${needs}` : null;
}

/** True when `specs` already hold this reminder (the api refuses one twice). */
export const hasReminder = (specs: readonly ReminderSpec[], spec: ReminderSpec) => specs.some((held) => reminderKey(held) === reminderKey(spec));

/** An instant reminder from a date and time on the user's clock. */
export const reminderAt = (date: string, time: string, timeZone: string): ReminderSpec => ({
  kind: 'at',
  at: zonedDateTimeToInstant(date, time, timeZone).toISOString(),
});

/** The browser's own zone, for a screen shown before the user has loaded (the api keeps the user's). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
