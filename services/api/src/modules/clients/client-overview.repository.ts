import type { EntityManager } from '@mikro-orm/postgresql';
import { CLIENT_ACTIVITY_MAX, openTaskSql, type ClientActivity } from '@daybook/shared';
import { dataAccess } from '../../db/unit-of-work';

/** The figures of a client page, each one bounded statement scoped by the owner. */
export interface ClientOverviewRepository {
  /** False when the client is not the user's. */
  exists(userId: string, clientId: string): Promise<boolean>;
  /** Open tasks: not completed, archived or in the backlog. */
  countOpenTasks(userId: string, clientId: string): Promise<number>;
  /** The estimates (as written) of the client's live tasks due between the dates, inclusive; at most `limit`. */
  estimatesDueBetween(userId: string, clientId: string, firstDate: string, lastDate: string, limit: number): Promise<Array<string | null>>;
  /** Seconds tracked on the client's work that started in `[from, to)`; a running entry counts up to `now`. */
  trackedSeconds(userId: string, clientId: string, from: Date, to: Date, now: Date): Promise<number>;
  /** The newest events of the client's work, newest first. */
  activity(userId: string, clientId: string): Promise<ClientActivity[]>;
}

/** At most this many characters of a comment, a note or a contact's words stand in an event. */
const DETAIL_CHARS = 200;

export function createClientOverviewRepository(rootEm: EntityManager): ClientOverviewRepository {
  const { db } = dataAccess(rootEm);
  return {
    exists: async (userId, clientId) => (await db().execute('select 1 from clients where id = ? and user_id = ?', [clientId, userId])).length > 0,

    async countOpenTasks(userId, clientId) {
      const [row] = await db().execute<{ count: string }[]>(
        `select count(*) from tasks t where t.user_id = ? and t.client_id = ? and ${openTaskSql('t')}`,
        [userId, clientId],
      );
      return Number(row!.count);
    },

    async estimatesDueBetween(userId, clientId, firstDate, lastDate, limit) {
      const rows = await db().execute<{ estimate: string | null }[]>(
        `select estimated_time as estimate from tasks
          where user_id = ? and client_id = ? and not is_archived and due_date between ?::date and ?::date and estimated_time is not null
          limit ?`,
        [userId, clientId, firstDate, lastDate, limit],
      );
      return rows.map((row) => row.estimate);
    },

    async trackedSeconds(userId, clientId, from, to, now) {
      const [row] = await db().execute<{ seconds: string | null }[]>(
        `select sum(extract(epoch from coalesce(ended_at, greatest(started_at, ?::timestamptz)) - started_at))::bigint as seconds
           from time_entries where user_id = ? and client_id = ? and started_at >= ? and started_at < ?`,
        [now, userId, clientId, from, to],
      );
      return Number(row!.seconds ?? 0);
    },

    // Each kind of event brings its newest few (each through an index of the client or the task), the union the newest of all.
    activity: (userId, clientId) =>
      db().execute<ClientActivity[]>(
        `with client_tasks as (select id, title, created_at, completed_at from tasks where user_id = ? and client_id = ?)
         select kind, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, "taskId", title, detail from (
           (select 'task-created' as kind, created_at as at, id as "taskId", title, null::text as detail from client_tasks order by created_at desc limit ?)
           union all
           (select 'task-completed', completed_at, id, title, null from client_tasks where completed_at is not null order by completed_at desc limit ?)
           union all
           (select 'comment', c.created_at, t.id, t.title, left(c.content, ?) from task_comments c join client_tasks t on t.id = c.task_id
             order by c.created_at desc limit ?)
           union all
           (select 'time', e.ended_at, e.task_id, coalesce(t.title, ''), (extract(epoch from e.ended_at - e.started_at))::bigint::text
              from time_entries e left join client_tasks t on t.id = e.task_id
             where e.user_id = ? and e.client_id = ? and e.ended_at is not null order by e.ended_at desc limit ?)
           union all
           (select 'note', n.updated_at, null, l.title, left(n.content, ?) from note_items n join note_lists l on l.id = n.note_list_id
             where n.user_id = ? and n.client_id = ? order by n.updated_at desc limit ?)
           union all
           (select 'contact-response', r.created_at, t.id, t.title, left(coalesce(r.text, r.kind), ?) from task_share_responses r join client_tasks t on t.id = r.task_id
             where r.user_id = ? order by r.created_at desc limit ?)
         ) events order by at desc limit ?`,
        [
          userId, clientId,
          CLIENT_ACTIVITY_MAX,
          CLIENT_ACTIVITY_MAX,
          DETAIL_CHARS, CLIENT_ACTIVITY_MAX,
          userId, clientId, CLIENT_ACTIVITY_MAX,
          DETAIL_CHARS, userId, clientId, CLIENT_ACTIVITY_MAX,
          DETAIL_CHARS, userId, CLIENT_ACTIVITY_MAX,
          CLIENT_ACTIVITY_MAX,
        ],
      ),
  };
}
