import type { EntityManager } from '@mikro-orm/postgresql';
import {
  dashboardDate,
  datesOfWindow,
  idSchema,
  localTime,
  nextMonday,
  nextRecurrenceDate,
  resolveDueChange,
  resolveNewTaskDue,
  resolveStatusChange,
  todayIn,
  KANBAN_STATUSES,
  type ArchivedQuery,
  type ArchivedTaskPage,
  type CalendarQuery,
  type KanbanBoard,
  type Task as TaskDto,
  type TaskCreateBody,
  type TaskReorderType,
  type TaskUpdateBody,
} from '@daybook/shared';
import type { Actor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import { jsonParam, TEXT_ARRAY_PARAM } from '../../db/sql';
import { TASK_COLUMNS, TASK_LIST_ORDER, toTaskDto, type TaskRow } from './tasks.mapper';

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

  async function findRow(actor: Actor, id: string, db: Sql = sql()): Promise<TaskRow> {
    const [row] = await db.execute<TaskRow[]>(`select ${TASK_COLUMNS} from tasks t where t.user_id = ? and t.id = ?`, [actor.id, id]);
    if (!row) throw notFound('Task');
    return row;
  }

  /** Client and delegate ids in a body must be the user's own; a foreign id reads as missing (DECISIONS 8). */
  async function assertReferencesOwned(actor: Actor, changes: { clientId?: unknown; delegatedToId?: unknown }, db: Sql) {
    if (typeof changes.clientId === 'string') {
      const [found] = await db.execute('select 1 from clients where id = ? and user_id = ?', [changes.clientId, actor.id]);
      if (!found) throw notFound('Client');
    }
    if (typeof changes.delegatedToId === 'string') {
      const [found] = await db.execute('select 1 from delegation_contacts where id = ? and user_id = ?', [changes.delegatedToId, actor.id]);
      if (!found) throw notFound('Delegation contact');
    }
  }

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
    await db.execute(
      `insert into tasks (id, user_id, client_id, title, description, priority, status, due_date, due_time, estimated_time,
         document_links, is_recurring, recurring_type, recurring_interval, parent_task_id, sort_order)
       select gen_random_uuid(), user_id, client_id, title, description, priority, 'todo', ?::date, due_time, estimated_time,
         document_links, true, recurring_type, recurring_interval, ?, sort_order
       from tasks where id = ? and user_id = ?`,
      [dueDate, seriesId, task.id, actor.id],
    );
    await db.execute('update tasks set last_recurrence_date = ? where id = ? and user_id = ?', [clock(), task.id, actor.id]);
  }

  /** Applies a change to status and flags, keeping them consistent, and handles a completion. */
  async function changeState(
    actor: Actor,
    id: string,
    change: (current: TaskRow) => TaskChanges,
  ): Promise<TaskDto> {
    return (rootEm.getContext() as EntityManager).transactional(async (tx) => {
      const db = tx;
      const current = await findRow(actor, id, db);
      const changes = change(current);
      const state = resolveStatusChange(
        { status: current.status, isCompleted: current.is_completed, isBacklog: current.is_backlog },
        { status: changes.status as TaskRow['status'] | undefined, isCompleted: changes.isCompleted as boolean | undefined, isBacklog: changes.isBacklog as boolean | undefined },
      );
      const completing = state.isCompleted && !current.is_completed;
      await assertReferencesOwned(actor, changes, db);
      const updated = await update(
        actor,
        id,
        { ...changes, ...state, completedAt: completing ? clock() : state.isCompleted ? undefined : null },
        db,
      );
      if (completing) await createNextOccurrence(actor, updated, db);
      return toTaskDto(completing ? await findRow(actor, id, db) : updated);
    });
  }

  /** Today's date and the current time in the user's zone. */
  function localNow(actor: Actor) {
    const now = clock();
    return { now, today: todayIn(now, actor.timezone), time: localTime(now, actor.timezone) };
  }

  /** Tasks due on `date`, completed or not, and every overdue open task: the dashboard's day list. */
  async function dayList(actor: Actor, date: string): Promise<TaskDto[]> {
    const { today, time } = localNow(actor);
    return listWhere(actor, `not t.is_archived and not t.is_backlog and (t.due_date = ?::date or ${OVERDUE})`, [date, today, today, time]);
  }

  return {
    list: (actor: Actor) => listWhere(actor, 'not t.is_archived', []),

    /** GET /api/tasks/today: due today (completed ones stay, struck through) plus overdue open tasks. */
    today: (actor: Actor) => dayList(actor, localNow(actor).today),

    /** GET /api/tasks/monday: the coming Monday's tasks (weekend mode) plus overdue open tasks. */
    monday(actor: Actor) {
      const { now, today } = localNow(actor);
      const monday = dashboardDate(now, actor.timezone);
      return dayList(actor, monday === today ? nextMonday(today) : monday);
    },

    active: (actor: Actor) => listWhere(actor, 'not t.is_archived and not t.is_backlog', []),
    backlog: (actor: Actor) => listWhere(actor, 'not t.is_archived and t.is_backlog', []),
    delegated: (actor: Actor) => listWhere(actor, 'not t.is_archived and t.is_delegated', []),

    async kanban(actor: Actor): Promise<KanbanBoard> {
      const tasks = await listWhere(actor, 'not t.is_archived and not t.is_backlog', []);
      const board = Object.fromEntries(KANBAN_STATUSES.map((status) => [status, [] as TaskDto[]])) as KanbanBoard;
      for (const task of tasks) if (task.status in board) board[task.status as keyof KanbanBoard].push(task);
      return board;
    },

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
    async archived(actor: Actor, query: ArchivedQuery): Promise<ArchivedTaskPage> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await sql().execute<(TaskRow & { archived_at: string })[]>(
        `select ${TASK_COLUMNS}, t.archived_at::text as archived_at from tasks t
          where t.user_id = ? and t.is_archived ${after ? 'and (t.archived_at, t.id) < (?, ?)' : ''}
          order by t.archived_at desc, t.id desc limit ?`,
        [actor.id, ...(after ? [after.archivedAt, after.id] : []), query.limit + 1],
      );
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toTaskDto),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.archived_at, last.id) : null,
      };
    },

    get: async (actor: Actor, id: string) => toTaskDto(await findRow(actor, id)),

    async create(actor: Actor, body: TaskCreateBody): Promise<TaskDto> {
      const due = resolveNewTaskDue(body, actor.timezone);
      const delegation = delegationOf(body.isDelegated, body.delegatedToId);
      const db = sql();
      await assertReferencesOwned(actor, body, db);
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
    },

    /** PATCH /api/tasks/:id: a partial change merged with the stored task, then made consistent. */
    update(actor: Actor, id: string, body: TaskUpdateBody): Promise<TaskDto> {
      return changeState(actor, id, (current) => {
        const changes: TaskChanges = { ...body };
        Object.assign(changes, resolveDueChange(body, actor.timezone));
        const dueDate = changes.dueDate !== undefined ? changes.dueDate : current.due_date;
        if (dueDate === null) changes.dueTime = null;
        const isRecurring = body.isRecurring ?? current.is_recurring;
        const recurringType = body.recurringType !== undefined ? body.recurringType : current.recurring_type;
        if (isRecurring && !recurringType) throw badRequest('Choose how often the task repeats (daily, weekly or monthly)');
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

    complete: (actor: Actor, id: string, isCompleted: boolean) => changeState(actor, id, () => ({ isCompleted })),
    moveToBacklog: (actor: Actor, id: string) => changeState(actor, id, () => ({ isBacklog: true })),
    restoreFromBacklog: (actor: Actor, id: string) => changeState(actor, id, () => ({ isBacklog: false })),

    async archive(actor: Actor, id: string): Promise<TaskDto> {
      return toTaskDto(await setArchived(actor, id, true));
    },
    async unarchive(actor: Actor, id: string): Promise<TaskDto> {
      return toTaskDto(await setArchived(actor, id, false));
    },

    /**
     * PATCH /api/tasks/reorder: each id's sortOrder becomes its place in the list, in one statement.
     * Every id must be one of the user's tasks in a list of that kind, or nothing changes (404).
     */
    async reorder(actor: Actor, taskIds: string[], type: TaskReorderType): Promise<void> {
      const inList = type === 'backlog' ? 't.is_backlog' : 'not t.is_backlog';
      await (rootEm.getContext() as EntityManager).transactional(async (tx) => {
        // Lock the rows in one fixed order first, so simultaneous reorders of the same tasks queue up
        // instead of deadlocking.
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
      });
    },
  };

  async function setArchived(actor: Actor, id: string, archived: boolean): Promise<TaskRow> {
    const [row] = await sql().execute<TaskRow[]>(
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

/** The cursor keeps Postgres' own text of the instant, microseconds included, so no row is skipped. */
function encodeCursor(archivedAt: string, id: string): string {
  return Buffer.from(`${archivedAt}|${id}`).toString('base64url');
}

const PG_TIMESTAMPTZ_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

function decodeCursor(cursor: string): { archivedAt: string; id: string } {
  const [archivedAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!archivedAt || !PG_TIMESTAMPTZ_TEXT.test(archivedAt) || !idSchema.safeParse(id).success) throw badRequest('Invalid cursor');
  return { archivedAt, id: id! };
}
