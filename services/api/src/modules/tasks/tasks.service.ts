import type { EntityManager } from '@mikro-orm/postgresql';
import {
  dashboardDate,
  datesOfWindow,
  localTime,
  nextMonday,
  nextRecurrenceDate,
  resolveDueChange,
  resolveNewTaskDue,
  resolveStatusChange,
  todayIn,
  KANBAN_STATUSES,
  RECURRING_TYPE_REQUIRED,
  DAY_LIST_MAX,
  sortTasksForList,
  type CalendarQuery,
  type KanbanBoard,
  type KanbanStatus,
  type PageQuery,
  type Task as TaskDto,
  type TaskCreateBody,
  type TaskPage,
  type TaskReorderType,
  type TaskUpdateBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, notFound } from '../../core/errors';
import { afterKeys, cursorColumns, cursorOf, decodeCursor, orderByKeys, type SortKey } from '../../db/keyset';
import { assertQuotaRoom } from '../../db/quota';
import { jsonParam, TEXT_ARRAY_PARAM } from '../../db/sql';
import { TASK_ARCHIVED_KEYS, TASK_COLUMNS, TASK_LIST_KEYS, TASK_LIST_ORDER, toTaskDto, type TaskRow } from './tasks.mapper';

/** The request's EntityManager, or a transaction's: `execute` runs raw SQL inside its transaction. */
type Sql = EntityManager;

/** Body fields and the columns they are stored in; nothing else is ever written from a body. */
const WRITABLE_COLUMNS = {
  title: 'title',
  description: 'description',
  clientId: 'client_id',
  priority: 'priority',
  status: 'status',
  dueDate: 'due_date',
  dueTime: 'due_time',
  estimatedTime: 'estimated_time',
  isCompleted: 'is_completed',
  isBacklog: 'is_backlog',
  documentLinks: 'document_links',
  isRecurring: 'is_recurring',
  recurringType: 'recurring_type',
  recurringInterval: 'recurring_interval',
  isDelegated: 'is_delegated',
  delegatedToId: 'delegated_to_id',
  delegationNotes: 'delegation_notes',
  sortOrder: 'sort_order',
} as const;
type WritableField = keyof typeof WRITABLE_COLUMNS;
type TaskChanges = Partial<Record<WritableField, unknown>> & { completedAt?: Date | null };

/** The fields of a status transition: a change naming one of them locks the row and derives all of them. */
const STATE_FIELDS = ['status', 'isCompleted', 'isBacklog'] as const;

/** Open tasks due before the day, or on it with a due time already past, are overdue (DECISIONS 2). */
const OVERDUE = `(not t.is_completed and (t.due_date < ?::date or (t.due_date = ?::date and t.due_time is not null and t.due_time < ?)))`;

/**
 * Tasks: reads answer plain rows mapped to the shared DTO (no entity hydration on the hot paths, see
 * tasks.mapper.ts); every statement is scoped by the owner, so another user's id reads as missing.
 * `clock` gives "now" (tests fix it); "today" is always the user's own day (DECISIONS 1).
 */
export function createTasksService(rootEm: EntityManager, clock: () => Date) {
  const sql = (): Sql => rootEm.getContext() as EntityManager;

  async function listWhere(actor: Actor, where: string, params: unknown[], order = TASK_LIST_ORDER): Promise<TaskDto[]> {
    const rows = await sql().execute<TaskRow[]>(
      `select ${TASK_COLUMNS} from tasks t where t.user_id = ? and ${where} order by ${order}`,
      [actor.id, ...params],
    );
    return rows.map(toTaskDto);
  }

  /**
   * One page of a list in the order of `keys` (DECISIONS 22): at most `limit` tasks after the cursor's,
   * and the cursor of the last one when more follow.
   */
  async function listPage(actor: Actor, where: string, params: unknown[], page: PageQuery, keys: readonly SortKey[] = TASK_LIST_KEYS): Promise<TaskPage> {
    const conditions = ['t.user_id = ?', where];
    const allParams = [actor.id, ...params];
    if (page.cursor) {
      const after = decodeCursor(page.cursor, keys);
      if (!after) throw badRequest('Invalid cursor');
      const condition = afterKeys(keys, after);
      conditions.push(condition.sql);
      allParams.push(...condition.params);
    }
    const rows = await sql().execute<(TaskRow & Record<string, unknown>)[]>(
      `select ${TASK_COLUMNS}, ${cursorColumns(keys)} from tasks t
        where ${conditions.join(' and ')} order by ${orderByKeys(keys)} limit ?`,
      [...allParams, page.limit + 1],
    );
    const items = rows.slice(0, page.limit);
    const last = items[items.length - 1];
    return { items: items.map(toTaskDto), nextCursor: rows.length > page.limit && last ? cursorOf(last, keys) : null };
  }

  /** The user's task; `for update` locks it until the transaction of `db` ends. */
  async function findRow(actor: Actor, id: string, db: Sql = sql(), lock: '' | 'for update' = ''): Promise<TaskRow> {
    const [row] = await db.execute<TaskRow[]>(`select ${TASK_COLUMNS} from tasks t where t.user_id = ? and t.id = ? ${lock}`, [actor.id, id]);
    if (!row) throw notFound('Task');
    return row;
  }

  /**
   * Client and delegate ids in a body must be the user's own; a foreign id reads as missing (DECISIONS 8).
   * The rows are share-locked until the write commits, so a client or contact deleted meanwhile either
   * waits for it (and then clears the reference) or is already gone (404), never a dangling reference.
   */
  async function lockReferences(actor: Actor, changes: { clientId?: unknown; delegatedToId?: unknown }, db: Sql) {
    if (typeof changes.clientId === 'string') {
      const [found] = await db.execute('select 1 from clients where id = ? and user_id = ? for key share', [changes.clientId, actor.id]);
      if (!found) throw notFound('Client');
    }
    if (typeof changes.delegatedToId === 'string') {
      const [found] = await db.execute('select 1 from delegation_contacts where id = ? and user_id = ? for key share', [changes.delegatedToId, actor.id]);
      if (!found) throw notFound('Delegation contact');
    }
  }

  /** Open (not archived) tasks count against the quota; archived ones load in pages and do not. */
  const assertLiveTaskRoom = (actor: Actor, db: Sql) => assertQuotaRoom(db, actor.id, 'liveTasks', 'from tasks where user_id = ? and not is_archived');

  async function update(actor: Actor, id: string, changes: TaskChanges, db: Sql = sql()): Promise<TaskRow> {
    const assignments: string[] = [];
    const params: unknown[] = [];
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      const column = field === 'completedAt' ? 'completed_at' : WRITABLE_COLUMNS[field as WritableField];
      if (Array.isArray(value)) {
        assignments.push(`"${column}" = ${TEXT_ARRAY_PARAM}`);
        params.push(jsonParam(value));
      } else {
        assignments.push(`"${column}" = ?`);
        params.push(value);
      }
    }
    assignments.push('updated_at = now()');
    const [row] = await db.execute<TaskRow[]>(
      `update tasks t set ${assignments.join(', ')} where t.user_id = ? and t.id = ? returning ${TASK_COLUMNS}`,
      [...params, actor.id, id],
    );
    if (!row) throw notFound('Task');
    return row;
  }

  /**
   * Completing a recurring task creates its next occurrence once (DECISIONS 11): `last_recurrence_date`
   * marks the occurrence that already did, so un-completing and completing again creates no second copy.
   */
  async function createNextOccurrence(actor: Actor, task: TaskRow, db: Sql): Promise<void> {
    if (!task.is_recurring || !task.recurring_type || task.last_recurrence_date) return;
    const seriesId = task.parent_task_id ?? task.id;
    const [series] = await db.execute<{ due_date: string | null }[]>(
      'select due_date::text as due_date from tasks where id = ? and user_id = ?',
      [seriesId, actor.id],
    );
    const today = todayIn(clock(), actor.timezone);
    const dueDate = nextRecurrenceDate(
      { dueDate: task.due_date, recurringType: task.recurring_type, recurringInterval: task.recurring_interval },
      today,
      series?.due_date ?? task.due_date,
    );
    // A series whose next date would leave the accepted range ends here (DECISIONS 23).
    if (dueDate !== null) {
      await db.execute(
        `insert into tasks (id, user_id, client_id, title, description, priority, status, due_date, due_time, estimated_time,
           document_links, is_recurring, recurring_type, recurring_interval, parent_task_id, sort_order)
         select gen_random_uuid(), user_id, client_id, title, description, priority, 'todo', ?::date, due_time, estimated_time,
           document_links, true, recurring_type, recurring_interval, ?, sort_order
         from tasks where id = ? and user_id = ?`,
        [dueDate, seriesId, task.id, actor.id],
      );
    }
    await db.execute('update tasks set last_recurrence_date = ? where id = ? and user_id = ?', [clock(), task.id, actor.id]);
  }

  /**
   * Writes a change to one task (DECISIONS 21): the row is locked, the change is derived from the locked
   * row, and only the fields it names are written. A change naming status or a flag is a status
   * transition: status, isCompleted, isBacklog and completedAt are derived together from the locked
   * row, and a completion creates the next occurrence of a recurring task.
   */
  function writeTask(actor: Actor, id: string, change: (current: TaskRow) => TaskChanges): Promise<TaskDto> {
    return sql().transactional(async (tx) => {
      const current = await findRow(actor, id, tx, 'for update');
      const changes = change(current);
      let completing = false;
      if (STATE_FIELDS.some((field) => changes[field] !== undefined)) {
        const state = resolveStatusChange(
          { status: current.status, isCompleted: current.is_completed, isBacklog: current.is_backlog },
          { status: changes.status as TaskRow['status'] | undefined, isCompleted: changes.isCompleted as boolean | undefined, isBacklog: changes.isBacklog as boolean | undefined },
        );
        completing = state.isCompleted && !current.is_completed;
        Object.assign(changes, state, { completedAt: completing ? clock() : state.isCompleted ? undefined : null });
      }
      await lockReferences(actor, changes, tx);
      const updated = await update(actor, id, changes, tx);
      if (!completing) return toTaskDto(updated);
      await createNextOccurrence(actor, updated, tx);
      return toTaskDto(await findRow(actor, id, tx));
    });
  }

  /** Today's date and the current time in the user's zone. */
  function localNow(actor: Actor) {
    const now = clock();
    return { now, today: todayIn(now, actor.timezone), time: localTime(now, actor.timezone) };
  }

  /**
   * Tasks due on `date`, completed or not, and every overdue open task: the dashboard's day list, at most
   * DAY_LIST_MAX of them (DECISIONS 22): the day's own tasks first, then the overdue ones in list order.
   */
  async function dayList(actor: Actor, date: string): Promise<TaskDto[]> {
    const { today, time } = localNow(actor);
    const rows = await sql().execute<TaskRow[]>(
      `select ${TASK_COLUMNS} from tasks t
        where t.user_id = ? and not t.is_archived and not t.is_backlog and (t.due_date = ?::date or ${OVERDUE})
        order by t.due_date = ?::date desc, ${TASK_LIST_ORDER} limit ?`,
      [actor.id, date, today, today, time, date, DAY_LIST_MAX],
    );
    return sortTasksForList(rows.map(toTaskDto));
  }

  /** One page of a Kanban column: the open (not backlog) tasks of that status. */
  const kanbanColumn = (actor: Actor, status: KanbanStatus, page: PageQuery) =>
    listPage(actor, 'not t.is_archived and not t.is_backlog and t.status = ?', [status], page);

  return {
    /** GET /api/tasks: every task that is not archived, in pages. */
    list: (actor: Actor, page: PageQuery) => listPage(actor, 'not t.is_archived', [], page),

    /** GET /api/tasks/today: due today (completed ones stay, struck through) plus overdue open tasks. */
    today: (actor: Actor) => dayList(actor, localNow(actor).today),

    /** GET /api/tasks/monday: the coming Monday's tasks (weekend mode) plus overdue open tasks. */
    monday(actor: Actor) {
      const { now, today } = localNow(actor);
      const monday = dashboardDate(now, actor.timezone);
      return dayList(actor, monday === today ? nextMonday(today) : monday);
    },

    active: (actor: Actor, page: PageQuery) => listPage(actor, 'not t.is_archived and not t.is_backlog', [], page),
    backlog: (actor: Actor, page: PageQuery) => listPage(actor, 'not t.is_archived and t.is_backlog', [], page),
    delegated: (actor: Actor, page: PageQuery) => listPage(actor, 'not t.is_archived and t.is_delegated', [], page),

    /** GET /api/tasks/kanban: the first page of every column. */
    async kanban(actor: Actor, page: PageQuery): Promise<KanbanBoard> {
      const board: Partial<KanbanBoard> = {};
      for (const status of KANBAN_STATUSES) board[status] = await kanbanColumn(actor, status, page);
      return board as KanbanBoard;
    },
    kanbanColumn,

    /** GET /api/tasks/calendar: tasks whose due date falls in the window, read in the user's zone. */
    calendar(actor: Actor, query: CalendarQuery) {
      const { firstDate, lastDate } = datesOfWindow(new Date(query.start), new Date(query.end), actor.timezone);
      return listWhere(
        actor,
        'not t.is_archived and t.due_date between ?::date and ?::date',
        [firstDate, lastDate],
        `t.due_date, t.due_time asc nulls last, ${TASK_LIST_ORDER}`,
      );
    },

    /** GET /api/tasks/archived: newest archived first, in pages (DECISIONS 15); the cursor is opaque. */
    archived: (actor: Actor, page: PageQuery) => listPage(actor, 't.is_archived', [], page, TASK_ARCHIVED_KEYS),

    get: async (actor: Actor, id: string) => toTaskDto(await findRow(actor, id)),

    async create(actor: Actor, body: TaskCreateBody): Promise<TaskDto> {
      const due = resolveNewTaskDue(body, actor.timezone);
      const delegation = delegationOf(body.isDelegated, body.delegatedToId);
      return sql().transactional(async (db) => {
        await assertLiveTaskRoom(actor, db);
        await lockReferences(actor, body, db);
        const [row] = await db.execute<TaskRow[]>(
          `insert into tasks as t (id, user_id, title, description, client_id, priority, status, due_date, due_time, estimated_time,
             is_completed, is_backlog, document_links, is_recurring, recurring_type, recurring_interval, is_delegated,
             delegated_to_id, delegation_notes, sort_order, completed_at)
           values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?::date, ?, ?, ?, ?, ${TEXT_ARRAY_PARAM}, ?, ?, ?, ?, ?, ?, ?, ?)
           returning ${TASK_COLUMNS}`,
          [
            actor.id, body.title, body.description, body.clientId, body.priority, body.status, due.dueDate, due.dueTime,
            body.estimatedTime, body.isCompleted, body.isBacklog, jsonParam(body.documentLinks), body.isRecurring, body.recurringType,
            body.recurringInterval, delegation.isDelegated, delegation.delegatedToId, body.delegationNotes, body.sortOrder,
            body.isCompleted ? clock() : null,
          ],
        );
        return toTaskDto(row!);
      });
    },

    /**
     * PATCH /api/tasks/:id: writes the fields of the body and what they imply (DECISIONS 21), read
     * against the locked task: a status or flag derives the others, a cleared due date clears the time,
     * a repeat needs its type, and delegation needs a contact.
     */
    update(actor: Actor, id: string, body: TaskUpdateBody): Promise<TaskDto> {
      return writeTask(actor, id, (current) => {
        const changes: TaskChanges = { ...body };
        Object.assign(changes, resolveDueChange(body, actor.timezone));
        const dueDate = changes.dueDate !== undefined ? changes.dueDate : current.due_date;
        if (dueDate === null && changes.dueTime !== undefined) changes.dueTime = null;
        const isRecurring = body.isRecurring ?? current.is_recurring;
        const recurringType = body.recurringType !== undefined ? body.recurringType : current.recurring_type;
        if (isRecurring && !recurringType) throw badRequest(RECURRING_TYPE_REQUIRED);
        if (body.isDelegated !== undefined || body.delegatedToId !== undefined) {
          Object.assign(
            changes,
            delegationOf(body.isDelegated ?? current.is_delegated, body.delegatedToId !== undefined ? body.delegatedToId : current.delegated_to_id),
          );
        }
        return changes;
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const result = await sql().execute<{ affectedRows: number }>('delete from tasks where id = ? and user_id = ?', [id, actor.id], 'run');
      if (!result.affectedRows) throw notFound('Task');
    },

    complete: (actor: Actor, id: string, isCompleted: boolean) => writeTask(actor, id, () => ({ isCompleted })),
    moveToBacklog: (actor: Actor, id: string) => writeTask(actor, id, () => ({ isBacklog: true })),
    restoreFromBacklog: (actor: Actor, id: string) => writeTask(actor, id, () => ({ isBacklog: false })),

    async archive(actor: Actor, id: string): Promise<TaskDto> {
      return toTaskDto(await setArchived(actor, id, true, sql()));
    },
    /** An unarchived task is live again, so it counts against the quota. */
    unarchive(actor: Actor, id: string): Promise<TaskDto> {
      return sql().transactional(async (tx) => {
        await assertLiveTaskRoom(actor, tx);
        return toTaskDto(await setArchived(actor, id, false, tx));
      });
    },

    /**
     * PATCH /api/tasks/reorder: each id's sortOrder becomes its place in the list, in one statement.
     * Every id must be one of the user's tasks in a list of that kind, or nothing changes (404). The
     * active and backlog lists load in pages, so the web may name only the tasks it has loaded: the
     * list's other tasks keep their order after the named ones.
     */
    async reorder(actor: Actor, taskIds: string[], type: TaskReorderType): Promise<void> {
      const inList = type === 'backlog' ? 't.is_backlog' : 'not t.is_backlog';
      await sql().transactional(async (tx) => {
        // One reorder of a user's lists at a time; then the named rows, locked in one fixed order.
        await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:reorder:${actor.id}`]);
        await tx.execute(
          `select t.id from tasks t where t.user_id = ? and t.id in (select x::uuid from jsonb_array_elements_text(?::jsonb) x)
            order by t.id for update`,
          [actor.id, jsonParam(taskIds)],
        );
        const result = await tx.execute<{ affectedRows: number }>(
          `update tasks t set sort_order = v.position - 1, updated_at = now()
             from jsonb_array_elements_text(?::jsonb) with ordinality as v(id, position)
            where t.id = v.id::uuid and t.user_id = ? and not t.is_archived and ${inList}`,
          [jsonParam(taskIds), actor.id],
          'run',
        );
        if (result.affectedRows !== taskIds.length) throw notFound('Task');
        if (type === 'today') return; // the day's list is loaded whole
        await tx.execute(
          `update tasks t set sort_order = ? + rest.place, updated_at = now()
             from (select t.id, row_number() over (order by ${TASK_LIST_ORDER}) - 1 as place from tasks t
                    where t.user_id = ? and not t.is_archived and ${inList}
                      and t.id not in (select x::uuid from jsonb_array_elements_text(?::jsonb) x)) rest
            where t.id = rest.id and t.sort_order <> ? + rest.place`,
          [taskIds.length, actor.id, jsonParam(taskIds), taskIds.length],
          'run',
        );
      });
    },
  };

  async function setArchived(actor: Actor, id: string, archived: boolean, db: Sql): Promise<TaskRow> {
    const [row] = await db.execute<TaskRow[]>(
      `update tasks t set is_archived = ?, archived_at = ${archived ? 'coalesce(t.archived_at, ?)' : 'null'}, updated_at = now()
        where t.user_id = ? and t.id = ? returning ${TASK_COLUMNS}`,
      archived ? [true, clock(), actor.id, id] : [false, actor.id, id],
    );
    if (!row) throw notFound('Task');
    return row;
  }
}
export type TasksService = ReturnType<typeof createTasksService>;

/** A task is delegated exactly when it names a contact; un-delegating forgets the contact. */
function delegationOf(isDelegated: boolean, delegatedToId: string | null) {
  return isDelegated && delegatedToId ? { isDelegated: true, delegatedToId } : { isDelegated: false, delegatedToId: null };
}
