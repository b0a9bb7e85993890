import {
  defaultReminders,
  reminderFireAt,
  reminderKey,
  type ReminderDue,
  type ReminderSpec,
  type ScheduledReminder,
  type Task,
} from '@daybook/shared';
import type { ReminderRow, ReminderSchedule, RemindersRepository } from './reminders.repository';

/** The task fields its reminders depend on. */
export type RemindedTask = Pick<Task, 'id' | 'dueDate' | 'dueTime' | 'isCompleted' | 'isArchived' | 'reminders'>;

const sameInstant = (stored: string | null, wanted: Date | null) => (stored === null ? wanted === null : wanted !== null && Date.parse(stored) === wanted.getTime());

/**
 * Keeps a task's scheduled reminders in step with the task (DECISIONS 29), inside the transaction that
 * writes the task (its row locked): one reminder per spec, due at the time the spec gives on the task's
 * current due date in the user's zone. Re-dating moves a reminder (and re-arms one already sent for the
 * old date); completing, archiving or taking away the date it needs cancels it; re-opening brings back
 * those still ahead. A reminder whose time has passed is not armed (only one missed while Daybook was
 * down is sent, late). Snoozes follow the task's life, not its date.
 */
export function reminderScheduling(reminders: RemindersRepository, clock: () => Date) {
  /** Where a spec's reminder should stand now. */
  function scheduleOf(spec: ReminderSpec, task: RemindedTask, timeZone: string): ReminderSchedule {
    const live = !task.isCompleted && !task.isArchived;
    const fireAt = reminderFireAt(spec, task, timeZone);
    return { fireAt, state: live && fireAt && fireAt.getTime() > clock().getTime() ? 'pending' : 'cancelled' };
  }

  async function syncSpec(userId: string, task: RemindedTask, spec: ReminderSpec, row: ReminderRow | undefined, timeZone: string) {
    const schedule = scheduleOf(spec, task, timeZone);
    if (!row) {
      await reminders.insert(userId, task.id, 'task', spec, reminderKey(spec), schedule);
      return;
    }
    const waiting = row.state === 'pending' || row.state === 'sending';
    if (sameInstant(row.fireAt, schedule.fireAt)) {
      // The same time: a completed task's reminder is cancelled, a reopened one's armed again; one already
      // sent (or given up) for this very time stays as it is.
      if (schedule.state === 'cancelled' && waiting) await reminders.cancel([row.id]);
      if (schedule.state === 'pending' && row.state === 'cancelled') await reminders.reschedule(row.id, schedule);
      return;
    }
    await reminders.reschedule(row.id, schedule);
  }

  return {
    /** The reminders a new task gets when its request names none: the user's default for its kind of due date. */
    async defaultsFor(userId: string, due: ReminderDue): Promise<ReminderSpec[]> {
      return defaultReminders(due, await reminders.settings(userId));
    },

    /** Brings the task's scheduled reminders in step with it; call inside the task's write. */
    async syncTask(userId: string, task: RemindedTask, timeZone: string): Promise<void> {
      const rows = await reminders.rowsOfTask(task.id);
      const byKey = new Map(rows.filter((row) => row.source === 'task').map((row) => [row.specKey, row]));
      const wanted = new Set(task.reminders.map(reminderKey));
      await reminders.remove(rows.filter((row) => row.source === 'task' && !wanted.has(row.specKey ?? '')).map((row) => row.id));
      for (const spec of task.reminders) await syncSpec(userId, task, spec, byKey.get(reminderKey(spec)), timeZone);
      if (task.isCompleted || task.isArchived) await reminders.cancel(rows.filter((row) => row.source === 'snooze').map((row) => row.id));
    },

    /** "Snooze": a one-off reminder in `minutes`. */
    async snooze(userId: string, taskId: string, minutes: number): Promise<ScheduledReminder> {
      const id = await reminders.insert(userId, taskId, 'snooze', null, null, { fireAt: new Date(clock().getTime() + minutes * 60_000), state: 'pending' });
      return (await reminders.find(userId, id))!;
    },

    list: (userId: string, taskId: string) => reminders.list(userId, taskId),
  };
}
export type ReminderScheduling = ReturnType<typeof reminderScheduling>;
