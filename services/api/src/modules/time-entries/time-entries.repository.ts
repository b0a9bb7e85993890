import type { EntityManager } from '@mikro-orm/postgresql';
import { TIME_ENTRY_MAX_SECONDS, TIME_ENTRY_OVERLAPS_MAX, type PageQuery, type TimeEntry, type TimeEntryPage } from '@daybook/shared';
import { afterKeys, cursorKeysColumn, decodeCursor, orderByKeys, pageOf, type SortKey, type WithCursorKeys } from '../../db/keyset';
import { countForQuota } from '../../db/quota';
import { isoInstantSql, jsonParam } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** The longest an entry lasts (the table's `time_entries_at_most_a_day`). */
const MAX_SPAN = `interval '${TIME_ENTRY_MAX_SECONDS} seconds'`;
/** How far back a change made offline may set its instant (the service worker keeps changes a week). */
const OFFLINE_MAX_AGE = "interval '7 days'";

/** Where an entry's time ends, for overlaps: its end, or for a running timer now (at most MAX_SPAN after its start). */
const endOf = (alias: string) => `coalesce(${alias}.ended_at, greatest(${alias}.started_at, least(statement_timestamp(), ${alias}.started_at + ${MAX_SPAN})))`;

/**
 * How many of the entries that started just before an entry ends are checked for overlapping it. An entry
 * lasts at most a day, so only the day before can overlap; this also bounds the work for a user with
 * thousands of entries in one day.
 */
const OVERLAP_CANDIDATES = 500;

/** Ids of the user's other entries whose time overlaps entry `e`'s (touching ends do not), earliest first. */
const OVERLAPS = `array(
  select c.id::text from (
    select o.id, o.started_at, ${endOf('o')} as ends from time_entries o
     where o.user_id = e.user_id and o.id <> e.id and o.started_at < ${endOf('e')} and o.started_at > e.started_at - ${MAX_SPAN}
     order by o.started_at desc limit ${OVERLAP_CANDIDATES}
  ) c where c.ends > e.started_at order by c.started_at, c.id limit ${TIME_ENTRY_OVERLAPS_MAX})`;

/** The answer (shared TimeEntry) of entry `e` with its task `t` (left joined). */
const ENTRY = `e.id, e.task_id as "taskId", t.title as "taskTitle", e.client_id as "clientId",
  ${isoInstantSql('e.started_at')} as "startedAt", ${isoInstantSql('e.ended_at')} as "endedAt",
  case when e.ended_at is null then null else floor(extract(epoch from e.ended_at - e.started_at))::int end as "durationSeconds",
  e.note, e.billable, e.billing_period_id as "billingPeriodId", ${OVERLAPS} as overlaps,
  ${isoInstantSql('e.created_at')} as "createdAt", ${isoInstantSql('e.updated_at')} as "updatedAt"`;
const FROM_ENTRIES = 'from time_entries e left join tasks t on t.id = e.task_id';

/** Lists: latest start first (`time_entries_user_started_idx`, `time_entries_task_idx`). */
const LIST_KEYS: readonly SortKey[] = [
  { sql: 'e.started_at', direction: 'desc', cast: 'timestamptz' },
  { sql: 'e.id', direction: 'desc', cast: 'uuid' },
];

/** What the rules need of a stored entry. */
export interface EntryState {
  id: string;
  taskId: string | null;
  clientId: string | null;
  startedAt: string;
  endedAt: string | null;
  billingPeriodId: string | null;
}
const STATE = `e.id, e.task_id as "taskId", e.client_id as "clientId", ${isoInstantSql('e.started_at')} as "startedAt",
  ${isoInstantSql('e.ended_at')} as "endedAt", e.billing_period_id as "billingPeriodId"`;

/** The fields an entry write sets. */
export interface EntryFields {
  taskId: string | null;
  clientId: string | null;
  startedAt: string;
  endedAt: string | null;
  note: string;
  billable: boolean;
}
const COLUMNS: Record<keyof EntryFields, string> = {
  taskId: 'task_id',
  clientId: 'client_id',
  startedAt: 'started_at',
  endedAt: 'ended_at',
  note: 'note',
  billable: 'billable',
};

/** Which entries a list holds: a task's, or those started in a period (of one client). */
export type EntryList = { taskId: string } | { from: string; to: string; clientId?: string | undefined };

/** The SQL of time entries (DECISIONS 31); every statement scoped by the owner. */
export interface TimeEntriesRepository extends UnitOfWork {
  /** Inside a transaction: the user's entry writes (every timer start and stop, every edit) queue up behind this one. */
  lockUser(userId: string): Promise<void>;
  /** The database's clock now, to the millisecond; or `madeAt` when that is earlier (by at most a week). */
  instant(madeAt: string | null): Promise<string>;
  running(userId: string): Promise<EntryState | null>;
  state(userId: string, id: string): Promise<EntryState | null>;
  /**
   * Inside a transaction: the user's tasks among `ids`, their rows locked (in id order, so two writes
   * never wait for each other) until it ends, with their client ids.
   */
  lockTasks(userId: string, ids: readonly string[]): Promise<Map<string, { clientId: string | null }>>;
  /** Whether the user's client is billable (its row share-locked); null when it is not one of theirs. */
  clientBillable(userId: string, clientId: string): Promise<boolean | null>;
  taskExists(userId: string, taskId: string): Promise<boolean>;
  /** Inside a transaction: how many entries the user has, counted up to `upTo`, holding the quota's lock. */
  countForQuota(userId: string, upTo: number): Promise<number>;
  /** A new entry; `createdAt` given keeps an imported entry's. */
  insert(userId: string, fields: EntryFields, createdAt?: string | null): Promise<string>;
  update(userId: string, id: string, fields: Partial<EntryFields>): Promise<void>;
  /** Ends a running entry at `at` (after its start, at most a day after it); answers the end it got. */
  close(userId: string, id: string, at: string): Promise<string | null>;
  remove(userId: string, id: string): Promise<boolean>;
  /** Writes the tasks' tracked seconds from their finished entries. */
  refreshTracked(userId: string, taskIds: readonly string[]): Promise<void>;
  answer(userId: string, id: string): Promise<TimeEntry | null>;
  /** A page of a list (latest first); null when the cursor is not one this list made. */
  page(userId: string, list: EntryList, page: PageQuery): Promise<TimeEntryPage | null>;
}

export function createTimeEntriesRepository(rootEm: EntityManager): TimeEntriesRepository {
  const { db, transaction } = dataAccess(rootEm);
  const first = async <T>(sql: string, params: unknown[]): Promise<T | null> => (await db().execute<T[]>(sql, params))[0] ?? null;

  return {
    transaction,

    async lockUser(userId) {
      await db().execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:time-entries:${userId}`]);
    },

    async instant(madeAt) {
      const row = await first<{ at: string }>(
        `select ${isoInstantSql(`date_trunc('milliseconds', least(n.now, greatest(coalesce(?::timestamptz, n.now), n.now - ${OFFLINE_MAX_AGE})))`)} as at
           from (select clock_timestamp() as now) n`,
        [madeAt],
      );
      return row!.at;
    },

    running: (userId) => first<EntryState>(`select ${STATE} from time_entries e where e.user_id = ? and e.ended_at is null`, [userId]),
    state: (userId, id) => first<EntryState>(`select ${STATE} from time_entries e where e.user_id = ? and e.id = ?`, [userId, id]),

    async lockTasks(userId, ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db().execute<{ id: string; clientId: string | null }[]>(
        `select t.id, t.client_id as "clientId" from tasks t
          where t.user_id = ? and t.id = any(array(select x::uuid from jsonb_array_elements_text(?::jsonb) x))
          order by t.id for no key update`,
        [userId, jsonParam(unique)],
      );
      return new Map(rows.map((row) => [row.id, { clientId: row.clientId }]));
    },

    async clientBillable(userId, clientId) {
      const row = await first<{ billable: boolean }>('select c.billable from clients c where c.id = ? and c.user_id = ? for key share', [clientId, userId]);
      return row ? row.billable : null;
    },

    taskExists: async (userId, taskId) => (await db().execute('select 1 from tasks where id = ? and user_id = ?', [taskId, userId])).length > 0,

    countForQuota: (userId, upTo) => countForQuota(db(), userId, 'timeEntries', 'from time_entries where user_id = ?', upTo),

    async insert(userId, fields, createdAt = null) {
      const row = await first<{ id: string }>(
        `insert into time_entries (user_id, task_id, client_id, started_at, ended_at, note, billable, created_at, updated_at)
         values (?, ?, ?, ?::timestamptz, ?::timestamptz, ?, ?, coalesce(?::timestamptz, now()), now()) returning id`,
        [userId, fields.taskId, fields.clientId, fields.startedAt, fields.endedAt, fields.note, fields.billable, createdAt],
      );
      return row!.id;
    },

    async update(userId, id, fields) {
      const changed = (Object.keys(COLUMNS) as (keyof EntryFields)[]).filter((field) => fields[field] !== undefined);
      if (changed.length === 0) return;
      const set = changed.map((field) => `${COLUMNS[field]} = ?${field === 'startedAt' || field === 'endedAt' ? '::timestamptz' : ''}`);
      await db().execute(`update time_entries set ${set.join(', ')}, updated_at = now() where user_id = ? and id = ?`, [
        ...changed.map((field) => fields[field]),
        userId,
        id,
      ]);
    },

    async close(userId, id, at) {
      const row = await first<{ endedAt: string }>(
        `update time_entries e set ended_at = least(greatest(?::timestamptz, e.started_at + interval '1 millisecond'), e.started_at + ${MAX_SPAN}), updated_at = now()
          where e.user_id = ? and e.id = ? and e.ended_at is null
          returning ${isoInstantSql('e.ended_at')} as "endedAt"`,
        [at, userId, id],
      );
      return row?.endedAt ?? null;
    },

    async remove(userId, id) {
      const result = await db().execute<{ affectedRows: number }>('delete from time_entries where user_id = ? and id = ?', [userId, id], 'run');
      return result.affectedRows > 0;
    },

    async refreshTracked(userId, taskIds) {
      const unique = [...new Set(taskIds)];
      if (unique.length === 0) return;
      await db().execute(
        `update tasks t set tracked_seconds = (
           select least(coalesce(floor(sum(extract(epoch from e.ended_at - e.started_at))), 0), 2147483647)::int
             from time_entries e where e.task_id = t.id and e.ended_at is not null)
          where t.user_id = ? and t.id = any(array(select x::uuid from jsonb_array_elements_text(?::jsonb) x))`,
        [userId, jsonParam(unique)],
      );
    },

    answer: (userId, id) => first<TimeEntry>(`select ${ENTRY} ${FROM_ENTRIES} where e.user_id = ? and e.id = ?`, [userId, id]),

    async page(userId, list, page) {
      const conditions = ['e.user_id = ?'];
      const params: unknown[] = [userId];
      if ('taskId' in list) {
        conditions.push('e.task_id = ?');
        params.push(list.taskId);
      } else {
        conditions.push('e.started_at >= ?::timestamptz', 'e.started_at < ?::timestamptz');
        params.push(list.from, list.to);
        if (list.clientId) {
          conditions.push('e.client_id = ?');
          params.push(list.clientId);
        }
      }
      if (page.cursor) {
        const after = decodeCursor(page.cursor, LIST_KEYS);
        if (!after) return null;
        const condition = afterKeys(LIST_KEYS, after);
        conditions.push(condition.sql);
        params.push(...condition.params);
      }
      const rows = await db().execute<(TimeEntry & WithCursorKeys)[]>(
        `select ${ENTRY}, ${cursorKeysColumn(LIST_KEYS)} ${FROM_ENTRIES}
          where ${conditions.join(' and ')} order by ${orderByKeys(LIST_KEYS)} limit ?`,
        [...params, page.limit + 1],
      );
      return pageOf(rows, page.limit);
    },
  };
}
