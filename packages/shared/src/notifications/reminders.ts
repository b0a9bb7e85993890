import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { addDays, daysBetween, isDateInRange } from '../time/calendar-date';
import { localDate, zonedDateTimeToInstant } from '../time/zone';
import { timeOfDaySchema } from '../time/time.schemas';

/**
 * Reminders (DECISIONS 29). A task carries what the user asked for (`ReminderSpec`s, stored with the task
 * and copied to its next occurrences); the api keeps one scheduled reminder per spec in PostgreSQL with
 * its state (`ReminderState`), and the worker delivers it once.
 */

export const REMINDERS_PER_TASK_MAX = 5;
/** "N minutes before": at most four weeks. */
export const REMINDER_BEFORE_MAX_MINUTES = 4 * 7 * 24 * 60;
export const REMINDER_DAYS_BEFORE_MAX = 30;

/**
 * One reminder as the user sets it:
 * - `before`: `minutes` before the due time (0: at the due time); only for a task with a due time;
 * - `on-day`: on the due day (or `daysBefore` days earlier) at `time` on the user's clock; any dated task;
 * - `at`: at an instant, whatever the task's date.
 */
export const reminderSpecSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('before'),
      minutes: z
        .number({ message: 'Minutes must be a number' })
        .int('Minutes must be a whole number')
        .min(0, 'Minutes must be at least 0')
        .max(REMINDER_BEFORE_MAX_MINUTES, `A reminder can be at most ${REMINDER_BEFORE_MAX_MINUTES / 1440} days before`),
    }),
    z.strictObject({
      kind: z.literal('on-day'),
      daysBefore: z
        .number({ message: 'Days must be a number' })
        .int('Days must be a whole number')
        .min(0, 'Days must be at least 0')
        .max(REMINDER_DAYS_BEFORE_MAX, `A reminder can be at most ${REMINDER_DAYS_BEFORE_MAX} days before`),
      time: timeOfDaySchema,
    }),
    z.strictObject({
      kind: z.literal('at'),
      at: z
        .string({ message: 'A reminder time must be a date-time with an offset' })
        .refine((value) => isoInstantSchema.safeParse(value).success, { message: 'A reminder time must be a date-time with an offset', abort: true })
        .refine((value) => isDateInRange(value.slice(0, 10)), 'Reminder date must be between 1900 and 2999'),
    }),
  ],
  { message: 'A reminder is before (minutes), on-day (daysBefore, time) or at (an instant)' },
);
export type ReminderSpec = z.infer<typeof reminderSpecSchema>;

/** A task's reminders as sent: at most five, none twice. */
export const reminderSpecsSchema = z
  .array(reminderSpecSchema)
  .max(REMINDERS_PER_TASK_MAX, `At most ${REMINDERS_PER_TASK_MAX} reminders per task`)
  .refine((specs) => new Set(specs.map(reminderKey)).size === specs.length, 'The same reminder is set twice');

/** One string per distinct reminder: how the api matches a spec to its scheduled reminder. */
export function reminderKey(spec: ReminderSpec): string {
  if (spec.kind === 'before') return `before:${spec.minutes}`;
  if (spec.kind === 'on-day') return `on-day:${spec.daysBefore}:${spec.time}`;
  return `at:${new Date(spec.at).toISOString()}`;
}

/** What a reminder is measured from: the task's due date and time on the user's clock. */
export interface ReminderDue {
  dueDate: string | null;
  dueTime: string | null;
}

/** What the task lacks for the reminder to have a time: `before` needs a due time, `on-day` a due date. */
export function reminderNeeds(spec: ReminderSpec, due: ReminderDue): 'due time' | 'due date' | null {
  if (spec.kind === 'before' && !(due.dueDate && due.dueTime)) return 'due time';
  if (spec.kind === 'on-day' && !due.dueDate) return 'due date';
  return null;
}

/**
 * The instant a reminder fires, or null when the task gives it no time (`reminderNeeds`). Local times are
 * read in the user's zone (DECISIONS 1).
 */
export function reminderFireAt(spec: ReminderSpec, due: ReminderDue, timeZone: string): Date | null {
  if (spec.kind === 'at') return new Date(spec.at);
  if (reminderNeeds(spec, due) || !due.dueDate) return null;
  if (spec.kind === 'before') {
    return new Date(zonedDateTimeToInstant(due.dueDate, due.dueTime!, timeZone).getTime() - spec.minutes * 60_000);
  }
  const day = addDays(due.dueDate, -spec.daysBefore);
  return isDateInRange(day) ? zonedDateTimeToInstant(day, spec.time, timeZone) : null;
}

/**
 * A spec copied to a task's next occurrence: relative reminders as they are, an instant moved by as many
 * days as the due date moved (the same wall-clock time in the user's zone).
 */
export function reminderForNextOccurrence(spec: ReminderSpec, fromDate: string | null, toDate: string | null, timeZone: string): ReminderSpec {
  if (spec.kind !== 'at' || !fromDate || !toDate) return spec;
  const at = new Date(spec.at);
  const days = daysBetween(fromDate, toDate);
  const wall = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { kind: 'at', at: zonedDateTimeToInstant(addDays(localDate(at, timeZone), days), wall, timeZone).toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Defaults and the digest

export const DIGEST_HOUR_DEFAULT = 7;

/** A user's notification settings (GET and PUT /api/notifications/settings). */
export const notificationSettingsSchema = z.strictObject({
  /** Added to a new task with a due time when the request names no reminders; null: none. */
  timedDefault: reminderSpecSchema.nullable(),
  /** Added to a new task with a date and no time; null: none. */
  dateOnlyDefault: reminderSpecSchema.nullable(),
  /** The morning digest's hour on the user's clock; null: no digest. */
  digestHour: z.number({ message: 'Digest hour must be a number' }).int().min(0, 'Digest hour must be 0–23').max(23, 'Digest hour must be 0–23').nullable(),
  /** No digest on a day with nothing due, nothing in the top 3 and nothing overdue. */
  digestSkipEmpty: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Before a user chooses: no default reminders and no digest (the settings suggest at the due time and 09:00 on the day). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  timedDefault: null,
  dateOnlyDefault: null,
  digestHour: null,
  digestSkipEmpty: true,
};
export const SUGGESTED_TIMED_DEFAULT: ReminderSpec = { kind: 'before', minutes: 0 };
export const SUGGESTED_DATE_ONLY_DEFAULT: ReminderSpec = { kind: 'on-day', daysBefore: 0, time: '09:00' };

/** The reminders a new task gets when its request names none: the user's default for its kind of due date. */
export function defaultReminders(due: ReminderDue, settings: Pick<NotificationSettings, 'timedDefault' | 'dateOnlyDefault'>): ReminderSpec[] {
  if (!due.dueDate) return [];
  const spec = due.dueTime ? settings.timedDefault : settings.dateOnlyDefault;
  return spec ? [spec] : [];
}

/** The next digest strictly after `after`: `hour`:00 on the user's clock, today or tomorrow. */
export function nextDigestAt(after: Date, hour: number, timeZone: string): Date {
  const time = `${String(hour).padStart(2, '0')}:00`;
  const today = localDate(after, timeZone);
  const todays = zonedDateTimeToInstant(today, time, timeZone);
  return todays.getTime() > after.getTime() ? todays : zonedDateTimeToInstant(addDays(today, 1), time, timeZone);
}

// ---------------------------------------------------------------------------------------------
// Scheduled reminders (answers)

/**
 * - `pending`: waiting for its time (or for a retry after a failed channel);
 * - `sending`: a worker holds it (for at most a lease; a worker that dies gives it back);
 * - `sent`: delivered (to every channel that took it);
 * - `failed`: no channel took it after the last attempt;
 * - `cancelled`: the task was completed or archived, or no longer gives the reminder a time.
 */
export const REMINDER_STATES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export const reminderStateSchema = z.enum(REMINDER_STATES);
export type ReminderState = z.infer<typeof reminderStateSchema>;

/** GET /api/tasks/:id/reminders: each reminder of the task with its state; a snooze has no spec. */
export const scheduledReminderSchema = z.object({
  id: idSchema,
  taskId: idSchema,
  spec: reminderSpecSchema.nullable(),
  fireAt: isoInstantSchema.nullable(),
  state: reminderStateSchema,
  /** Delivered after its time (everything was down when it fell due). */
  late: z.boolean(),
  sentAt: isoInstantSchema.nullable(),
});
export type ScheduledReminder = z.infer<typeof scheduledReminderSchema>;
export const scheduledReminderListSchema = z.array(scheduledReminderSchema);

/** PUT /api/tasks/:id/reminders: the task's reminders, replaced as a whole. */
export const taskRemindersBodySchema = z.strictObject({ reminders: reminderSpecsSchema });
export type TaskRemindersBody = z.infer<typeof taskRemindersBodySchema>;

export const SNOOZE_MINUTES_DEFAULT = 60;
/** POST /api/tasks/:id/snooze: remind again in `minutes` (default an hour). */
export const snoozeBodySchema = z.strictObject({
  minutes: z.number({ message: 'Minutes must be a number' }).int().min(1, 'Snooze for at least a minute').max(7 * 24 * 60, 'Snooze for at most a week').default(SNOOZE_MINUTES_DEFAULT),
});
export type SnoozeBody = z.infer<typeof snoozeBodySchema>;
