import { Pool, type PoolClient } from 'pg';
import { QUOTAS, openTaskSql, overdueTaskSql, taskDefaultOrderSql, type NotificationSettings, type ReminderState } from '@daybook/shared';
import type { ChannelConfig } from './channels';

/** A reminder this worker holds: claimed with `token` until the lease runs out. */
export interface ClaimedReminder {
  id: string;
  userId: string;
  taskId: string | null;
  source: 'task' | 'snooze' | 'digest' | 'share';
  fireAt: Date;
  attempts: number;
  timezone: string;
  token: string;
}

export interface ReminderTask {
  title: string;
  dueDate: string | null;
  dueTime: string | null;
  clientName: string | null;
}

/** A contact's response through a shared link (DECISIONS 33), as its notice to the owner tells it. */
export interface ShareResponseNotice {
  taskId: string;
  taskTitle: string;
  contactName: string;
  kind: 'done' | 'proposal' | 'comment';
  proposedDate: string | null;
  proposedTime: string | null;
  text: string | null;
}

export interface StoredChannel {
  id: string;
  userId: string;
  kind: ChannelConfig['kind'];
  /** As stored: sealed (`openChannelConfig` reads it), or plain from before sealing. */
  config: unknown;
}

export interface DigestTask {
  title: string;
  dueTime: string | null;
}

export interface DigestFacts {
  dueToday: DigestTask[];
  dueTodayCount: number;
  overdueCount: number;
  top: string[];
}

export interface ReminderOutcome {
  state: Extract<ReminderState, 'sent' | 'failed' | 'cancelled' | 'pending'>;
  late: boolean;
  error: string | null;
  /** For 'pending': when to look again. */
  retryAt?: Date;
}

/** Open (not completed, archived or in the backlog) tasks. */
const OPEN = openTaskSql('t');

/**
 * The worker's statements about reminders and channels (DECISIONS 29), on a small pool of its own. The
 * api schedules reminders (services/api/src/modules/notifications); this side claims, delivers and
 * records. Every write that ends a delivery names the claim's token, so a reminder the api moved or
 * cancelled meanwhile is left as the api wrote it.
 */
export function createNotifyStore(databaseUrl: string) {
  const pool = new Pool({ connectionString: databaseUrl, max: 4, statement_timeout: 10_000, idleTimeoutMillis: 30_000, application_name: 'daybook-notify' });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);

  const rows = async <T>(sql: string, params: unknown[] = [], client: Pool | PoolClient = pool): Promise<T[]> => (await client.query(sql, params)).rows as T[];

  async function inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    /**
     * Takes the reminder when its time has come and nobody holds it (a holder that died is past its lease):
     * it is now `sending`, and looked at again after `leaseMs` unless this worker finishes first. The api's
     * sweep queues that second look at once (a job for the lease's end, which finds nothing to do when this
     * worker finished), so a worker that dies mid-delivery is followed up on either transport.
     */
    async claim(reminderId: string, token: string, leaseMs: number): Promise<ClaimedReminder | null> {
      const [row] = await rows<ClaimedReminder>(
        `update reminders r set state = 'sending', claim_token = $2, attempts = r.attempts + 1, queued_at = null,
                next_attempt_at = now() + make_interval(secs => $3::double precision / 1000)
           from users u
          where r.id = $1 and u.id = r.user_id and r.state in ('pending', 'sending') and r.next_attempt_at <= now() + interval '1 second'
          returning r.id, r.user_id as "userId", r.task_id as "taskId", r.source, coalesce(r.fire_at, now()) as "fireAt",
                    r.attempts, u.timezone, r.claim_token as token`,
        [reminderId, token, leaseMs],
      );
      return row ?? null;
    },

    async task(userId: string, taskId: string): Promise<ReminderTask | null> {
      const [row] = await rows<ReminderTask>(
        `select t.title, t.due_date::text as "dueDate", t.due_time as "dueTime", c.name as "clientName"
           from tasks t left join clients c on c.id = t.client_id where t.id = $1 and t.user_id = $2`,
        [taskId, userId],
      );
      return row ?? null;
    },

    /** The response a `share` notice is about; null once the response, its link or its task is gone. */
    async shareResponse(reminderId: string): Promise<ShareResponseNotice | null> {
      const [row] = await rows<ShareResponseNotice>(
        `select t.id as "taskId", t.title as "taskTitle", c.name as "contactName", sr.kind, sr.proposed_date::text as "proposedDate",
                sr.proposed_time as "proposedTime", sr.text
           from reminders n join task_share_responses sr on sr.id = n.share_response_id join task_shares s on s.id = sr.share_id
           join delegation_contacts c on c.id = s.contact_id join tasks t on t.id = sr.task_id and t.user_id = n.user_id
          where n.id = $1`,
        [reminderId],
      );
      return row ?? null;
    },

    /**
     * The user's channels that take this kind of message, are not paused, and have not had this reminder
     * yet: at most the channel quota's worth in one round, so one reminder never reaches more addresses at
     * once than the quota lets a user have.
     */
    undeliveredChannels: (userId: string, reminderId: string, digest: boolean) =>
      rows<StoredChannel>(
        `select ch.id, ch.user_id as "userId", ch.kind, ch.config from notification_channels ch
          where ch.user_id = $1 and not ch.paused and ${digest ? 'ch.digest' : 'ch.reminders'}
            and not exists (select 1 from reminder_deliveries d where d.reminder_id = $2 and d.channel_id = ch.id)
          order by ch.created_at limit $3`,
        [userId, reminderId, QUOTAS.channels],
      ),

    deliveryCount: async (reminderId: string): Promise<number> =>
      (await rows<{ count: number }>('select count(*)::int as count from reminder_deliveries where reminder_id = $1', [reminderId]))[0]?.count ?? 0,

    channel: async (userId: string, channelId: string): Promise<StoredChannel | null> =>
      (await rows<StoredChannel>('select id, user_id as "userId", kind, config from notification_channels where id = $1 and user_id = $2', [channelId, userId]))[0] ?? null,

    /** Records that the channel took the reminder: a retry skips it. */
    async delivered(reminderId: string, channelId: string): Promise<void> {
      await rows('insert into reminder_deliveries (reminder_id, channel_id) values ($1, $2) on conflict do nothing', [reminderId, channelId]);
      await rows('update notification_channels set failures = 0, last_success_at = now() where id = $1', [channelId]);
    },

    /** A failed send: counted, its error kept, and the channel paused after `pauseAfter` failures in a row. */
    async channelFailed(channelId: string, error: string, pauseAfter: number): Promise<void> {
      await rows(
        `update notification_channels set failures = failures + 1, last_error = $2, last_error_at = now(), paused = paused or failures + 1 >= $3 where id = $1`,
        [channelId, error, pauseAfter],
      );
    },

    /** A test's outcome: success clears the failures and resumes the channel; a failure is shown, not counted. */
    async channelTested(channelId: string, error: string | null): Promise<void> {
      if (error === null) await rows('update notification_channels set failures = 0, paused = false, last_success_at = now() where id = $1', [channelId]);
      else await rows('update notification_channels set last_error = $2, last_error_at = now() where id = $1', [channelId, error]);
    },

    /** A push subscription the push service says is gone: the browser will never take it again. */
    async removeChannel(channelId: string): Promise<void> {
      await rows('delete from notification_channels where id = $1', [channelId]);
    },

    async settings(userId: string): Promise<Pick<NotificationSettings, 'digestHour' | 'digestSkipEmpty'>> {
      const [row] = await rows<Pick<NotificationSettings, 'digestHour' | 'digestSkipEmpty'>>(
        'select digest_hour as "digestHour", digest_skip_empty as "digestSkipEmpty" from notification_settings where user_id = $1',
        [userId],
      );
      return row ?? { digestHour: null, digestSkipEmpty: true };
    },

    /** What the morning digest says: today's open tasks, the overdue count at `time`, and the day's top 3. */
    async digestFacts(userId: string, today: string, time: string): Promise<DigestFacts> {
      const dueToday = await rows<DigestTask>(
        `select t.title, t.due_time as "dueTime" from tasks t where t.user_id = $1 and ${OPEN} and t.due_date = $2::date
          order by t.due_time asc nulls last, t.sort_order, t.created_at limit 10`,
        [userId, today],
      );
      const [counts] = await rows<{ due: number; overdue: number }>(
        `select count(*) filter (where t.due_date = $2::date)::int as due,
                count(*) filter (where ${overdueTaskSql('t', '$2::date', '$3')})::int as overdue
           from tasks t where t.user_id = $1 and ${OPEN} and t.due_date <= $2::date`,
        [userId, today, time],
      );
      // The top 3 the user chose for the day, else the first open tasks in the default order (shared
      // `defaultDailyPriorities`).
      const chosen = await rows<{ title: string }>(
        `select t.title from daily_plans p cross join lateral unnest(p.priority_task_ids) with ordinality as pick(id, place)
           join tasks t on t.id = pick.id and t.user_id = p.user_id
          where p.user_id = $1 and p.day = $2::date and ${OPEN} order by pick.place limit 3`,
        [userId, today],
      );
      const top =
        chosen.length > 0
          ? chosen
          : await rows<{ title: string }>(
              `select t.title from tasks t where t.user_id = $1 and ${OPEN}
                order by ${taskDefaultOrderSql('t')} limit 3`,
              [userId],
            );
      return { dueToday, dueTodayCount: counts?.due ?? 0, overdueCount: counts?.overdue ?? 0, top: top.map((task) => task.title) };
    },

    /**
     * Ends this worker's claim: the outcome is written only if the claim still stands. A digest that ends
     * schedules the next one (`nextDigestAt`) in the same transaction, so there is always exactly one.
     */
    finish(reminder: ClaimedReminder, outcome: ReminderOutcome, nextDigestAt: Date | null = null): Promise<boolean> {
      return inTransaction(async (client) => {
        const updated = await rows(
          `update reminders set state = $3, late = $4, last_error = $5, claim_token = null, queued_at = null,
                  sent_at = case when $3 = 'sent' then now() else sent_at end,
                  next_attempt_at = case when $3 = 'pending' then $6::timestamptz else next_attempt_at end
            where id = $1 and claim_token = $2 returning id`,
          [reminder.id, reminder.token, outcome.state, outcome.late, outcome.error, outcome.retryAt ?? null],
          client,
        );
        if (updated.length === 0) return false;
        if (nextDigestAt && outcome.state !== 'pending') {
          await rows(
            `insert into reminders (user_id, source, fire_at, next_attempt_at) values ($1, 'digest', $2, $2)
               on conflict (user_id) where source = 'digest' and state in ('pending', 'sending') do nothing`,
            [reminder.userId, nextDigestAt],
            client,
          );
        }
        return true;
      });
    },

    /** The server's VAPID keys (the api makes them on its first start). */
    async vapidKeys(): Promise<{ publicKey: string; privateKey: string } | null> {
      const [row] = await rows<{ value: string }>(`select value from app_settings where key = 'vapid_keys'`);
      return row ? (JSON.parse(row.value) as { publicKey: string; privateKey: string }) : null;
    },

    close: () => pool.end(),
  };
}
export type NotifyStore = ReturnType<typeof createNotifyStore>;
