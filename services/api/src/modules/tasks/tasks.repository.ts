import type { EntityManager } from '@mikro-orm/postgresql';
import { openTaskSql, overdueTaskSql, taskDefaultOrderKeys, type KanbanStatus, type PageQuery, type Task as TaskDto, type TaskPage } from '@daybook/shared';
import { columnMap, type WritableOf } from '../../db/column-map';
import { afterKeys, cursorKeysColumn, decodeCursor, orderByKeys, pageOf, type SortKey, type WithCursorKeys } from '../../db/keyset';
import { preparedRows } from '../../db/prepared';
import { countForQuota } from '../../db/quota';
import { jsonParam } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** The `tasks` table (alias `t`): each field of the shared Task, its column, and whether a request body may write it. */
const TASK = columnMap<TaskDto>()('t', {
  id: { column: 'id' },
  title: { column: 'title', writable: true },
  description: { column: 'description', writable: true },
  clientId: { column: 'client_id', writable: true },
  priority: { column: 'priority', writable: true },
  status: { column: 'status', writable: true },
  dueDate: { column: 'due_date', kind: 'date', writable: true },
  dueTime: { column: 'due_time', writable: true },
  estimatedTime: { column: 'estimated_time', writable: true },
  isCompleted: { column: 'is_completed', writable: true },
  isBacklog: { column: 'is_backlog', writable: true },
  isArchived: { column: 'is_archived' },
  documentLinks: { column: 'document_links', kind: 'list', writable: true },
  isRecurring: { column: 'is_recurring', writable: true },
  recurringType: { column: 'recurring_type', writable: true },
  recurringInterval: { column: 'recurring_interval', writable: true },
  lastRecurrenceDate: { column: 'last_recurrence_date', kind: 'instant' },
  parentTaskId: { column: 'parent_task_id' },
  isDelegated: { column: 'is_delegated', writable: true },
  delegatedToId: { column: 'delegated_to_id', writable: true },
  delegationNotes: { column: 'delegation_notes', writable: true },
  sortOrder: { column: 'sort_order', writable: true },
  reminders: { column: 'reminders', kind: 'json', writable: true },
  trackedSeconds: { column: 'tracked_seconds' },
  createdAt: { column: 'created_at', kind: 'instant' },
  completedAt: { column: 'completed_at', kind: 'instant' },
});
type WritableField = WritableOf<typeof TASK>;

/** The default order (shared `taskDefaultOrderKeys`); the list order puts the manual sortOrder first. */
const TASK_DEFAULT_KEYS: readonly SortKey[] = taskDefaultOrderKeys('t');
const TASK_LIST_KEYS: readonly SortKey[] = [{ sql: 't.sort_order', direction: 'asc', cast: 'int' }, ...TASK_DEFAULT_KEYS];
/** Archived tasks, newest archived first (DECISIONS 15); `tasks_user_archived_idx` holds exactly this order. */
const TASK_ARCHIVED_KEYS: readonly SortKey[] = [
  { sql: 't.archived_at', direction: 'desc', cast: 'timestamptz' },
  { sql: 't.id', direction: 'desc', cast: 'uuid' },
];
const TASK_DEFAULT_ORDER = orderByKeys(TASK_DEFAULT_KEYS);
const TASK_LIST_ORDER = orderByKeys(TASK_LIST_KEYS);

/** The lists that load in pages (DECISIONS 22); a Kanban column is the open (not backlog) tasks of a status. */
export type PagedList = 'all' | 'active' | 'backlog' | 'delegated' | 'archived' | { kanban: KanbanStatus };

function pagedListQuery(list: PagedList): { where: string; params: unknown[]; keys: readonly SortKey[] } {
  if (typeof list === 'object') return { where: 'not t.is_archived and not t.is_backlog and t.status = ?', params: [list.kanban], keys: TASK_LIST_KEYS };
  const where = {
    all: 'not t.is_archived',
    active: 'not t.is_archived and not t.is_backlog',
    backlog: 'not t.is_archived and t.is_backlog',
    delegated: 'not t.is_archived and t.is_delegated',
    archived: 't.is_archived',
  }[list];
  return { where, params: [], keys: list === 'archived' ? TASK_ARCHIVED_KEYS : TASK_LIST_KEYS };
}

/** The lists whose manual order a reorder rewrites; the day's list is part of the active one. */
export type OrderedList = 'active' | 'backlog';
const IN_ORDERED_LIST: Record<OrderedList, string> = { active: 'not t.is_backlog', backlog: 't.is_backlog' };

/** Open tasks due before the day, or on it with a due time already past, are overdue (DECISIONS 2). */
const OVERDUE = overdueTaskSql('t', '?::date', '?');

/** What a write names: body fields (only those the column map lets a body write), and when it was completed. */
export type TaskChanges = Partial<Pick<TaskDto, WritableField>> & { completedAt?: Date | null };
/** A new task: every writable field, its series, and when it was completed. */
export type NewTask = Pick<TaskDto, WritableField | 'parentTaskId'> & { completedAt: Date | null };

/**
 * Every SQL statement about tasks. Each statement is scoped by the owner, so another user's id reads as
 * missing (null, false or 0; the service decides what that means). Reads answer the shared Task.
 */
export interface TasksRepository extends UnitOfWork {
  /**
   * At most `page.limit` tasks of the list after the cursor's (DECISIONS 22), and the cursor of the last one
   * when more follow; null when the cursor is not one this list made.
   */
  page(userId: string, list: PagedList, page: PageQuery & { clientId?: string | undefined; open?: 'true' | undefined }): Promise<TaskPage | null>;
  /** Tasks due on `date` and the open tasks overdue at `today` `time`, the day's own first, then in list order; at most `limit`. */
  dayList(userId: string, day: { date: string; today: string; time: string }, limit: number): Promise<TaskDto[]>;
  /** Tasks due between the two dates (inclusive), by due date and time, then in list order. */
  dueBetween(userId: string, firstDate: string, lastDate: string): Promise<TaskDto[]>;
  /**
   * At most `limit` open tasks (not completed, archived or in the backlog) in the default order; with
   * `createdAfter` (an instant as Postgres writes it, to the microsecond), only those created after it.
   */
  openInDefaultOrder(userId: string, limit: number, createdAfter?: string): Promise<TaskDto[]>;
  /** Inside a transaction: the user's open (not completed or archived) tasks that carry reminders, rows locked. */
  withReminders(userId: string): Promise<TaskDto[]>;
  /** The user's tasks among `ids`, in the order of `ids`. */
  inOrderOf(userId: string, ids: readonly string[]): Promise<TaskDto[]>;
  find(userId: string, id: string): Promise<TaskDto | null>;
  /** Inside a transaction: the task, its row locked (`for update`) until the transaction ends. */
  findForUpdate(userId: string, id: string): Promise<TaskDto | null>;
  /** Inside a transaction: true when the client is the user's, its row share-locked (`for key share`). */
  lockClient(userId: string, clientId: string): Promise<boolean>;
  /** True when the delegation contact is the user's; share-locked like `lockClient`. */
  lockContact(userId: string, contactId: string): Promise<boolean>;
  /** Inside a transaction: how many live (not archived) tasks the user has, counted up to `upTo`, holding the quota's lock. */
  countLiveTasks(userId: string, upTo: number): Promise<number>;

  insert(userId: string, task: NewTask): Promise<TaskDto>;
  /** Writes the fields `changes` names (and updated_at); null when the task is missing. */
  update(userId: string, id: string, changes: TaskChanges): Promise<TaskDto | null>;
  /** Marks the occurrence whose completion created the next one. */
  markRecurrenceDone(userId: string, id: string, at: Date): Promise<TaskDto | null>;
  /** Archives (`archivedAt` given; an archived task keeps its first date) or unarchives (null). */
  setArchived(userId: string, id: string, archivedAt: Date | null): Promise<TaskDto | null>;
  /**
   * Deletes the task, keeping in `deleted_tasks` what brings it back (the row, its comments, and the time
   * entries and later occurrences whose links to it the delete clears); false when the task is missing.
   */
  remove(userId: string, id: string): Promise<boolean>;
  /**
   * Inside a transaction: puts back the task deleted less than `withinSeconds` ago, with its comments and
   * links (a client, contact or parent deleted since is left out); null when there is none to put back.
   */
  undelete(userId: string, id: string, withinSeconds: number): Promise<TaskDto | null>;
  /** Forgets every user's tasks deleted more than `seconds` ago; answers how many. */
  purgeDeleted(seconds: number): Promise<number>;

  /** Inside a transaction: takes the user's reorder lock, then locks the named rows in one fixed order. */
  lockForReorder(userId: string, ids: readonly string[]): Promise<void>;
  /** Numbers the named tasks of the list 0, 1, … in the order given; answers how many it numbered. */
  placeFirst(userId: string, ids: readonly string[], list: OrderedList): Promise<number>;
  /** Numbers the list's other tasks after the named ones, keeping their order. */
  placeRestAfter(userId: string, ids: readonly string[], list: OrderedList): Promise<void>;
  /**
   * The named tasks of the list take the places they hold between them in the order given, every other
   * task keeping its own; the list is numbered 0, 1, … Answers how many of the named tasks the list holds.
   */
  tradePlaces(userId: string, ids: readonly string[], list: OrderedList): Promise<number>;
}

export function createTasksRepository(rootEm: EntityManager): TasksRepository {
  const { db, transaction } = dataAccess(rootEm);

  /** The user's tasks that match `where` (the table is `t`); `tail` follows it: order, limit, lock. */
  const select = (userId: string, where: string, params: unknown[] = [], tail = ''): Promise<TaskDto[]> =>
    preparedRows<TaskDto>(db(), `select ${TASK.select} from tasks t where t.user_id = ? and ${where} ${tail}`, [userId, ...params]);
  /** The task a statement `returning ${TASK.select}` wrote, or null when it wrote none. */
  const written = async (sql: string, params: unknown[]): Promise<TaskDto | null> => (await db().execute<TaskDto[]>(sql, params))[0] ?? null;
  const affectedRows = async (sql: string, params: unknown[]): Promise<number> =>
    (await db().execute<{ affectedRows: number }>(sql, params, 'run')).affectedRows;
  const exists = async (sql: string, params: unknown[]): Promise<boolean> => (await db().execute(sql, params)).length > 0;

  return {
    transaction,

    async page(userId, list, page) {
      const { where, params, keys } = pagedListQuery(list);
      const conditions = ['t.user_id = ?', where];
      const allParams = [userId, ...params];
      if (page.clientId) {
        conditions.push('t.client_id = ?');
        allParams.push(page.clientId);
      }
      if (page.open) conditions.push('not t.is_completed');
      if (page.cursor) {
        const after = decodeCursor(page.cursor, keys);
        if (!after) return null;
        const condition = afterKeys(keys, after);
        conditions.push(condition.sql);
        allParams.push(...condition.params);
      }
      const rows = await preparedRows<TaskDto & WithCursorKeys>(
        db(),
        `select ${TASK.select}, ${cursorKeysColumn(keys)} from tasks t
          where ${conditions.join(' and ')} order by ${orderByKeys(keys)} limit ?`,
        [...allParams, page.limit + 1],
      );
      return pageOf(rows, page.limit);
    },

    dayList: (userId, { date, today, time }, limit) =>
      select(
        userId,
        `not t.is_archived and not t.is_backlog and (t.due_date = ?::date or ${OVERDUE})`,
        [date, today, time, date, limit],
        `order by t.due_date = ?::date desc, ${TASK_LIST_ORDER} limit ?`,
      ),

    dueBetween: (userId, firstDate, lastDate) =>
      select(userId, 'not t.is_archived and t.due_date between ?::date and ?::date', [firstDate, lastDate], `order by t.due_date, t.due_time asc nulls last, ${TASK_LIST_ORDER}`),

    openInDefaultOrder: (userId, limit, createdAfter) =>
      createdAfter === undefined
        ? select(userId, openTaskSql('t'), [limit], `order by ${TASK_DEFAULT_ORDER} limit ?`)
        : select(userId, `${openTaskSql('t')} and t.created_at > ?::timestamptz`, [createdAfter, limit], `order by ${TASK_DEFAULT_ORDER} limit ?`),

    withReminders: (userId) => select(userId, `t.reminders <> '[]'::jsonb and not t.is_completed and not t.is_archived`, [], 'for update'),

    async inOrderOf(userId, ids) {
      // `= any(array)` reads the primary key even while the planner's statistics are stale (a join with the
      // list of ids made it scan the table then).
      const tasks = await select(userId, 't.id = any(array(select x::uuid from jsonb_array_elements_text(?::jsonb) x))', [jsonParam(ids)]);
      const position = new Map(ids.map((id, index) => [id, index]));
      return tasks.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    },

    find: async (userId, id) => (await select(userId, 't.id = ?', [id]))[0] ?? null,
    findForUpdate: async (userId, id) => (await select(userId, 't.id = ?', [id], 'for update'))[0] ?? null,

    lockClient: (userId, clientId) => exists('select 1 from clients where id = ? and user_id = ? for key share', [clientId, userId]),
    lockContact: (userId, contactId) => exists('select 1 from delegation_contacts where id = ? and user_id = ? for key share', [contactId, userId]),

    countLiveTasks: (userId, upTo) => countForQuota(db(), userId, 'liveTasks', 'from tasks where user_id = ? and not is_archived', upTo),

    async insert(userId, task) {
      const { columns, placeholders, params } = TASK.writes(task);
      const inserted = await written(
        `insert into tasks as t (id, user_id, ${columns}, parent_task_id, completed_at)
         values (gen_random_uuid(), ?, ${placeholders}, ?, ?)
         returning ${TASK.select}`,
        [userId, ...params, task.parentTaskId, task.completedAt],
      );
      return inserted!;
    },

    update(userId, id, changes) {
      const { set, params } = TASK.assignments(changes);
      const assignments = set ? [set] : [];
      if (changes.completedAt !== undefined) {
        assignments.push('completed_at = ?');
        params.push(changes.completedAt);
      }
      assignments.push('updated_at = now()');
      return written(`update tasks t set ${assignments.join(', ')} where t.user_id = ? and t.id = ? returning ${TASK.select}`, [...params, userId, id]);
    },

    markRecurrenceDone: (userId, id, at) =>
      written(`update tasks t set last_recurrence_date = ? where t.user_id = ? and t.id = ? returning ${TASK.select}`, [at, userId, id]),

    setArchived: (userId, id, archivedAt) =>
      written(
        `update tasks t set is_archived = ?, archived_at = ${archivedAt ? 'coalesce(t.archived_at, ?)' : 'null'}, updated_at = now()
          where t.user_id = ? and t.id = ? returning ${TASK.select}`,
        archivedAt ? [true, archivedAt, userId, id] : [false, userId, id],
      ),

    async remove(userId, id) {
      const kept = await affectedRows(
        `insert into deleted_tasks (id, user_id, task, comments, time_entry_ids, child_task_ids)
         select t.id, t.user_id, to_jsonb(t),
                coalesce((select jsonb_agg(to_jsonb(c)) from task_comments c where c.task_id = t.id), '[]'),
                coalesce((select jsonb_agg(e.id) from time_entries e where e.task_id = t.id and e.user_id = t.user_id), '[]'),
                coalesce((select jsonb_agg(k.id) from tasks k where k.parent_task_id = t.id and k.user_id = t.user_id), '[]')
           from tasks t where t.id = ? and t.user_id = ?`,
        [id, userId],
      );
      return kept > 0 && (await affectedRows('delete from tasks where id = ? and user_id = ?', [id, userId])) > 0;
    },

    async undelete(userId, id, withinSeconds) {
      const kept = 'd.id = ? and d.user_id = ?';
      // The row as it was, without the references to rows deleted since (their deletes would have cleared them too).
      const restored = await written(
        `insert into tasks as t
         select r.* from deleted_tasks d,
           jsonb_populate_record(null::tasks, d.task || jsonb_build_object(
             'client_id', (select c.id from clients c where c.id = (d.task->>'client_id')::uuid and c.user_id = d.user_id),
             'delegated_to_id', (select c.id from delegation_contacts c where c.id = (d.task->>'delegated_to_id')::uuid and c.user_id = d.user_id),
             'parent_task_id', (select p.id from tasks p where p.id = (d.task->>'parent_task_id')::uuid and p.user_id = d.user_id),
             'updated_at', now())) r
          where ${kept} and d.deleted_at > now() - make_interval(secs => ?)
         returning ${TASK.select}`,
        [id, userId, withinSeconds],
      );
      if (!restored) return null;
      const named = (column: string) => `in (select x::uuid from jsonb_array_elements_text(d.${column}) x)`;
      await db().execute(`insert into task_comments select c.* from deleted_tasks d, jsonb_populate_recordset(null::task_comments, d.comments) c where ${kept}`, [id, userId]);
      await db().execute(
        `update time_entries e set task_id = d.id from deleted_tasks d
          where ${kept} and e.user_id = d.user_id and e.task_id is null and e.id ${named('time_entry_ids')}`,
        [id, userId],
      );
      await db().execute(
        `update tasks k set parent_task_id = d.id from deleted_tasks d
          where ${kept} and k.user_id = d.user_id and k.parent_task_id is null and k.id ${named('child_task_ids')}`,
        [id, userId],
      );
      await db().execute(`delete from deleted_tasks d where ${kept}`, [id, userId]);
      return restored;
    },

    purgeDeleted: (seconds) => affectedRows('delete from deleted_tasks where deleted_at <= now() - make_interval(secs => ?)', [seconds]),

    async lockForReorder(userId, ids) {
      await db().execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:reorder:${userId}`]);
      await db().execute(
        `select t.id from tasks t where t.user_id = ? and t.id in (select x::uuid from jsonb_array_elements_text(?::jsonb) x)
          order by t.id for update`,
        [userId, jsonParam(ids)],
      );
    },

    placeFirst: (userId, ids, list) =>
      affectedRows(
        `update tasks t set sort_order = v.position - 1, updated_at = now()
           from jsonb_array_elements_text(?::jsonb) with ordinality as v(id, position)
          where t.id = v.id::uuid and t.user_id = ? and not t.is_archived and ${IN_ORDERED_LIST[list]}`,
        [jsonParam(ids), userId],
      ),

    async placeRestAfter(userId, ids, list) {
      const inList = `t.user_id = ? and not t.is_archived and ${IN_ORDERED_LIST[list]}`;
      // The rows written are named as the user's list too, not only by the join: Postgres then reads them
      // through the user's index, where it read every user's tasks (a reorder took 45 ms on 62,000 tasks).
      await affectedRows(
        `update tasks t set sort_order = ? + rest.place, updated_at = now()
           from (select t.id, row_number() over (order by ${TASK_LIST_ORDER}) - 1 as place from tasks t
                  where ${inList} and t.id not in (select x::uuid from jsonb_array_elements_text(?::jsonb) x)) rest
          where t.id = rest.id and ${inList} and t.sort_order <> ? + rest.place`,
        [ids.length, userId, jsonParam(ids), userId, ids.length],
      );
    },

    async tradePlaces(userId, ids, list) {
      const inList = `t.user_id = ? and not t.is_archived and ${IN_ORDERED_LIST[list]}`;
      const [found] = await db().execute<{ count: string }[]>(
        `select count(*) from tasks t where ${inList} and t.id = any(array(select x::uuid from jsonb_array_elements_text(?::jsonb) x))`,
        [userId, jsonParam(ids)],
      );
      if (Number(found!.count) !== ids.length) return Number(found!.count);
      // The list's order now; the places the named tasks hold, in that order; the k-th named task takes the k-th place.
      // The rows written are named as the user's list again, as in placeRestAfter.
      await affectedRows(
        `with list as (select t.id, row_number() over (order by ${TASK_LIST_ORDER}) as place from tasks t where ${inList}),
              named as (select x.id::uuid as id, x.k from jsonb_array_elements_text(?::jsonb) with ordinality as x(id, k)),
              places as (select place, row_number() over (order by place) as k from list where id in (select id from named)),
              placed as (select list.id, coalesce(places.place, list.place) as place
                           from list left join named on named.id = list.id left join places on places.k = named.k)
         update tasks t set sort_order = placed.place - 1, updated_at = now()
           from placed where t.id = placed.id and ${inList} and t.sort_order <> placed.place - 1`,
        [userId, jsonParam(ids), userId],
      );
      return ids.length;
    },
  };
}
