import type { EntityManager } from '@mikro-orm/postgresql';
import type { Priority, RecurringType, Timezone } from '@daybook/shared';
import { isoInstantSql } from '../../db/sql';
import { dataAccess } from '../../db/unit-of-work';

/** An open task with a due date, as the feed shows it. */
export interface FeedTask {
  id: string;
  title: string;
  description: string | null;
  priority: Priority;
  dueDate: string;
  dueTime: string | null;
  estimatedTime: string | null;
  isRecurring: boolean;
  recurringType: RecurringType | null;
  recurringInterval: number;
  /** The due date of the series' first task (monthly series keep its day), else the task's own. */
  seriesStartDate: string;
  clientName: string | null;
  /** ISO 8601 UTC. */
  updatedAt: string;
}

export interface FeedOwner {
  userId: string;
  username: string;
  timezone: Timezone;
}

/**
 * The tasks a feed lists: open (not completed, not archived), with a due date, earliest first; one query
 * on the (user, due date) index. The same selection answers the ETag (`version`) and the events (`tasks`).
 */
const FEED_TASKS = `from tasks t
   left join clients c on c.id = t.client_id
   left join tasks first on first.id = t.parent_task_id and first.user_id = t.user_id
  where t.user_id = ? and not t.is_archived and not t.is_completed and t.due_date is not null`;

/** Calendar feeds (DECISIONS 30): one secret per user, kept as its SHA-256 (DECISIONS 48). */
export function createCalendarFeedRepository(rootEm: EntityManager) {
  const { db } = dataAccess(rootEm);
  return {
    /** When the user's feed address was made, or null while the feed is off. */
    async createdAt(userId: string): Promise<string | null> {
      const [row] = await db().execute<{ createdAt: string }[]>(`select ${isoInstantSql('created_at')} as "createdAt" from calendar_feeds where user_id = ?`, [userId]);
      return row?.createdAt ?? null;
    },
    /** Turns the feed on with the secret of `secretHash`, or replaces the one it had (the old address stops at once); when. */
    async setSecret(userId: string, secretHash: Buffer): Promise<string> {
      const [row] = await db().execute<{ createdAt: string }[]>(
        `insert into calendar_feeds (user_id, secret_hash) values (?, ?)
         on conflict (user_id) do update set secret_hash = excluded.secret_hash, created_at = now()
         returning ${isoInstantSql('created_at')} as "createdAt"`,
        [userId, secretHash],
      );
      return row!.createdAt;
    },
    async remove(userId: string): Promise<void> {
      await db().execute('delete from calendar_feeds where user_id = ?', [userId], 'run');
    },
    async ownerOf(secretHash: Buffer): Promise<FeedOwner | null> {
      const [row] = await db().execute<FeedOwner[]>(
        'select f.user_id as "userId", u.username, u.timezone from calendar_feeds f join users u on u.id = f.user_id where f.secret_hash = ?',
        [secretHash],
      );
      return row ?? null;
    },
    /** A digest of everything the feed's events are made of: it changes exactly when the feed would. */
    async version(userId: string, limit: number): Promise<string> {
      const [row] = await db().execute<{ version: string }[]>(
        `select md5(coalesce(string_agg(picked.facts, '|' order by picked.due_date, picked.id), '')) as version
           from (select t.id, t.due_date, concat_ws(',', t.id, t.title, t.description, t.priority, t.due_date, t.due_time, t.estimated_time,
                        t.is_recurring, t.recurring_type, t.recurring_interval, first.due_date, c.name, t.updated_at) as facts
                 ${FEED_TASKS}
                 order by t.due_date, t.id limit ?) picked`,
        [userId, limit],
      );
      return row!.version;
    },
    tasks: (userId: string, limit: number) =>
      db().execute<FeedTask[]>(
        `select t.id, t.title, t.description, t.priority, to_char(t.due_date, 'YYYY-MM-DD') as "dueDate", t.due_time as "dueTime",
                t.estimated_time as "estimatedTime", t.is_recurring as "isRecurring", t.recurring_type as "recurringType",
                t.recurring_interval as "recurringInterval", to_char(coalesce(first.due_date, t.due_date), 'YYYY-MM-DD') as "seriesStartDate",
                c.name as "clientName", ${isoInstantSql('t.updated_at')} as "updatedAt"
         ${FEED_TASKS}
         order by t.due_date, t.id limit ?`,
        [userId, limit],
      ),
  };
}
export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;
