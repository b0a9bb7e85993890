import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, type ReminderSpec, type ReminderState, type ScheduledReminder } from '@daybook/shared';
import { isoInstantSql } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** A task's scheduled reminder as the api keeps it in step with the task. */
export interface ReminderRow {
  id: string;
  source: 'task' | 'snooze';
  specKey: string | null;
  fireAt: string | null;
  state: ReminderState;
}

/** What scheduling a reminder writes: when it fires and whether it still waits for that. */
export interface ReminderSchedule {
  fireAt: Date | null;
  state: 'pending' | 'cancelled';
}

/** A reminder the sweep hands to the job transport. */
export interface DueReminder {
  id: string;
  nextAttemptAt: Date;
}

const SCHEDULED = `r.id, r.task_id as "taskId", r.spec, ${isoInstantSql('r.fire_at')} as "fireAt", r.state, r.late, ${isoInstantSql('r.sent_at')} as "sentAt"`;

/**
 * Every statement about scheduled reminders and notification settings on the api side (DECISIONS 29);
 * the worker's side (claim, deliver, record) is services/ai-worker/src/notify/store.ts. Statements run in
 * the caller's transaction (a task's write), scoped by the owner.
 */
export interface RemindersRepository extends UnitOfWork {
  settings(userId: string): Promise<NotificationSettings>;
  saveSettings(userId: string, settings: NotificationSettings): Promise<void>;
  /** The task's reminders and snoozes, for keeping them in step with it. */
  rowsOfTask(taskId: string): Promise<ReminderRow[]>;
  insert(userId: string, taskId: string, source: 'task' | 'snooze', spec: ReminderSpec | null, specKey: string | null, schedule: ReminderSchedule): Promise<string>;
  /** Re-arms (pending: due at `fireAt` again, nothing sent yet) or cancels a reminder; a worker's claim on it lapses. */
  reschedule(id: string, schedule: ReminderSchedule): Promise<void>;
  /** Cancels what still waits (pending or being sent). */
  cancel(ids: readonly string[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  list(userId: string, taskId: string): Promise<ScheduledReminder[]>;
  find(userId: string, id: string): Promise<ScheduledReminder | null>;
  /** Replaces the user's waiting digest with one at `at` (none when null); a digest being sent stays, and schedules the next itself. */
  replaceDigest(userId: string, at: Date | null): Promise<void>;
  /** A notice that a contact answered through a shared link (DECISIONS 33): due at once, delivered once like a reminder. */
  insertShareNotice(userId: string, shareResponseId: string): Promise<void>;
  /**
   * At most `limit` live reminders due before `horizon` that the transport does not have yet (never handed
   * over, or only before `queuedSince`), or that are overdue by `overdueMs` although handed over more than
   * `requeueMs` ago (a transport that lost them).
   */
  dueSoon(horizon: Date, queuedSince: Date, overdueMs: number, requeueMs: number, limit: number): Promise<DueReminder[]>;
  /** Marks reminders as handed to the transport, unless they were moved meanwhile (times compared to the millisecond, as JavaScript holds them). */
  markQueued(reminders: readonly DueReminder[]): Promise<void>;
}

export function createRemindersRepository(rootEm: EntityManager): RemindersRepository {
  const { db, transaction } = dataAccess(rootEm);

  return {
    transaction,

    async settings(userId) {
      const [row] = await db().execute<NotificationSettings[]>(
        `select timed_default as "timedDefault", date_only_default as "dateOnlyDefault", digest_hour as "digestHour", digest_skip_empty as "digestSkipEmpty"
           from notification_settings where user_id = ?`,
        [userId],
      );
      return row ?? DEFAULT_NOTIFICATION_SETTINGS;
    },

    async saveSettings(userId, settings) {
      await db().execute(
        `insert into notification_settings (user_id, timed_default, date_only_default, digest_hour, digest_skip_empty)
         values (?, ?::jsonb, ?::jsonb, ?, ?)
         on conflict (user_id) do update set timed_default = excluded.timed_default, date_only_default = excluded.date_only_default,
           digest_hour = excluded.digest_hour, digest_skip_empty = excluded.digest_skip_empty, updated_at = now()`,
        [userId, JSON.stringify(settings.timedDefault), JSON.stringify(settings.dateOnlyDefault), settings.digestHour, settings.digestSkipEmpty],
      );
    },

    rowsOfTask: (taskId) =>
      db().execute<ReminderRow[]>(
        `select r.id, r.source, r.spec_key as "specKey", ${isoInstantSql('r.fire_at')} as "fireAt", r.state from reminders r where r.task_id = ?`,
        [taskId],
      ),

    async insert(userId, taskId, source, spec, specKey, schedule) {
      const [row] = await db().execute<{ id: string }[]>(
        `insert into reminders (user_id, task_id, source, spec, spec_key, fire_at, next_attempt_at, state)
         values (?, ?, ?, ?::jsonb, ?, ?, ?, ?) returning id`,
        [userId, taskId, source, spec ? JSON.stringify(spec) : null, specKey, schedule.fireAt, schedule.fireAt, schedule.state],
      );
      return row!.id;
    },

    async reschedule(id, schedule) {
      await db().execute(
        `update reminders set fire_at = ?, next_attempt_at = ?, state = ?, attempts = 0, late = false, sent_at = null, last_error = null,
                claim_token = null, queued_at = null
          where id = ?`,
        [schedule.fireAt, schedule.fireAt, schedule.state, id],
      );
    },

    async cancel(ids) {
      if (ids.length === 0) return;
      await db().execute(
        `update reminders set state = 'cancelled', claim_token = null, queued_at = null
          where id in (select x::uuid from jsonb_array_elements_text(?::jsonb) x) and state in ('pending', 'sending')`,
        [JSON.stringify(ids)],
      );
    },

    async remove(ids) {
      if (ids.length === 0) return;
      await db().execute(`delete from reminders where id in (select x::uuid from jsonb_array_elements_text(?::jsonb) x)`, [JSON.stringify(ids)]);
    },

    list: (userId, taskId) =>
      db().execute<ScheduledReminder[]>(
        `select ${SCHEDULED} from reminders r where r.user_id = ? and r.task_id = ? order by r.fire_at asc nulls last, r.created_at`,
        [userId, taskId],
      ),

    find: async (userId, id) => (await db().execute<ScheduledReminder[]>(`select ${SCHEDULED} from reminders r where r.user_id = ? and r.id = ?`, [userId, id]))[0] ?? null,

    async replaceDigest(userId, at) {
      await db().execute(`delete from reminders where user_id = ? and source = 'digest' and state = 'pending'`, [userId]);
      if (!at) return;
      await db().execute(
        `insert into reminders (user_id, source, fire_at, next_attempt_at) values (?, 'digest', ?, ?)
           on conflict (user_id) where source = 'digest' and state in ('pending', 'sending') do nothing`,
        [userId, at, at],
      );
    },

    async insertShareNotice(userId, shareResponseId) {
      await db().execute(
        `insert into reminders (user_id, source, share_response_id, fire_at, next_attempt_at) values (?, 'share', ?, now(), now())`,
        [userId, shareResponseId],
      );
    },

    async dueSoon(horizon, queuedSince, overdueMs, requeueMs, limit) {
      const rows = await db().execute<{ id: string; nextAttemptAt: Date }[]>(
        `select r.id, r.next_attempt_at as "nextAttemptAt" from reminders r
          where r.state in ('pending', 'sending') and r.next_attempt_at <= ?
            and (r.queued_at is null or r.queued_at < ?
                 or (r.next_attempt_at < now() - make_interval(secs => ?::double precision / 1000)
                     and r.queued_at < now() - make_interval(secs => ?::double precision / 1000)))
          order by r.next_attempt_at limit ?`,
        [horizon, queuedSince, overdueMs, requeueMs, limit],
      );
      return rows.map((row) => ({ id: row.id, nextAttemptAt: new Date(row.nextAttemptAt) }));
    },

    async markQueued(reminders) {
      if (reminders.length === 0) return;
      await db().execute(
        `update reminders r set queued_at = now()
           from jsonb_to_recordset(?::jsonb) as q(id uuid, at timestamptz)
          where r.id = q.id and date_trunc('milliseconds', r.next_attempt_at) = q.at`,
        [JSON.stringify(reminders.map((reminder) => ({ id: reminder.id, at: reminder.nextAttemptAt.toISOString() })))],
      );
    },
  };
}
