import type { EntityManager } from '@mikro-orm/postgresql';
import {
  dashboardDate,
  datesOfWindow,
  localTime,
  nextMonday,
  nextRecurrenceDate,
  reminderForNextOccurrence,
  resolveDueChange,
  resolveNewTaskDue,
  resolveStatusChange,
  seriesInterval,
  todayIn,
  KANBAN_STATUSES,
  QUOTAS,
  RECURRING_TYPE_REQUIRED,
  DAY_LIST_MAX,
  sortTasksForList,
  type CalendarQuery,
  type KanbanBoard,
  type KanbanStatus,
  type PageQuery,
  type ScheduledReminder,
  type Task as TaskDto,
  type TaskCreateBody,
  type TaskListQuery,
  type TaskPage,
  type TaskReorderType,
  type TaskShareEndReason,
  type TaskUpdateBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import { createRemindersRepository } from '../notifications/reminders.repository';
import { reminderScheduling, type ReminderScheduling } from '../notifications/reminder-schedule';
import { createTaskSharesRepository, type TaskSharesRepository } from '../task-shares/task-shares.repository';
import { createTimeEntriesRepository, type TimeEntriesRepository } from '../time-entries/time-entries.repository';
import { createTasksRepository, type NewTask, type PagedList, type TaskChanges, type TasksRepository } from './tasks.repository';

/** The fields of a status transition: a change naming one of them locks the row and derives all of them. */
const STATE_FIELDS = ['status', 'isCompleted', 'isBacklog'] as const;
/** The fields a task's reminders are scheduled from (besides its state). */
const REMINDER_FIELDS = ['dueDate', 'dueTime', 'reminders', 'isCompleted'] as const;

export interface TasksServiceOptions {
  /** The per-user quota of live tasks (DECISIONS 22); tests pass a small one. */
  quotas?: { liveTasks: number };
  /** Keeps scheduled reminders in step with the tasks (DECISIONS 29); unit tests without a database leave it out. */
  reminders?: ReminderScheduling;
  /** Ends a task's shared links for good when it stops being delegated to their contact (DECISIONS 33). */
  shareLinks?: Pick<TaskSharesRepository, 'endLinks'>;
  /** Recounts a task's tracked time from its time entries (after an undelete gives them back). */
  trackedTime?: Pick<TimeEntriesRepository, 'refreshTracked'>;
}

/** How long a deleted task can be brought back (the web's Undo comes within seconds; a slow network gets room). */
export const UNDELETE_WINDOW_SECONDS = 10 * 60;

/** The tasks service on the database (app.ts). */
export const createTasksService = (em: EntityManager, clock: () => Date, options: TasksServiceOptions = {}) =>
  tasksService(createTasksRepository(em), clock, {
    reminders: reminderScheduling(createRemindersRepository(em), clock),
    shareLinks: createTaskSharesRepository(em),
    trackedTime: createTimeEntriesRepository(em),
    ...options,
  });

/**
 * Tasks: the rules (status machine, due dates, recurrence, quota, which list a request means); every
 * statement runs in the repository. A task the actor does not own reads as missing (404).
 * `clock` gives "now" (tests fix it); "today" is always the user's own day (DECISIONS 1).
 */
export function tasksService(tasks: TasksRepository, clock: () => Date, options: TasksServiceOptions = {}) {
  const liveTasksQuota = options.quotas?.liveTasks ?? QUOTAS.liveTasks;
  const { reminders, shareLinks, trackedTime } = options;
  /** Inside the task's write: its scheduled reminders follow it. */
  const syncReminders = async (actor: Actor, task: TaskDto): Promise<TaskDto> => {
    await reminders?.syncTask(actor.id, task, actor.timezone);
    return task;
  };
  const found = (task: TaskDto | null): TaskDto => {
    if (!task) throw notFound('Task');
    return task;
  };

  async function listPage(actor: Actor, list: PagedList, page: TaskListQuery): Promise<TaskPage> {
    const result = await tasks.page(actor.id, list, page);
    if (!result) throw badRequest('Invalid cursor');
    return result;
  }

  /**
   * Client and delegate ids in a change must be the user's own; a foreign id reads as missing (DECISIONS 8).
   * The rows are share-locked until the write commits, so a client or contact deleted meanwhile either
   * waits for it (and then clears the reference) or is already gone (404), never a dangling reference.
   */
  async function lockReferences(actor: Actor, changes: { clientId?: string | null; delegatedToId?: string | null }) {
    if (typeof changes.clientId === 'string' && !(await tasks.lockClient(actor.id, changes.clientId))) throw notFound('Client');
    if (typeof changes.delegatedToId === 'string' && !(await tasks.lockContact(actor.id, changes.delegatedToId))) throw notFound('Delegation contact');
  }

  /**
   * Open (not archived) tasks count against the quota; archived ones load in pages and do not. Inside the
   * transaction of the addition: its lock serialises the user's additions until it commits.
   */
  const assertLiveTaskRoom = async (actor: Actor, adding = 1) =>
    assertBelowQuota('liveTasks', await tasks.countLiveTasks(actor.id, liveTasksQuota), liveTasksQuota, adding);

  /** Inside a transaction: inserts a new task from a create body (POST /api/tasks and each task of a batch). */
  async function insertNew(actor: Actor, body: TaskCreateBody): Promise<TaskDto> {
    const due = resolveNewTaskDue(body, actor.timezone);
    await lockReferences(actor, body);
    const task: NewTask = {
      ...body,
      ...due,
      reminders: body.reminders ?? (await reminders?.defaultsFor(actor.id, due)) ?? [],
      recurringInterval: seriesInterval(body.recurringType, body.recurringInterval),
      ...delegationOf(body.isDelegated, body.delegatedToId),
      parentTaskId: null,
      completedAt: body.isCompleted ? clock() : null,
    };
    return syncReminders(actor, await tasks.insert(actor.id, task));
  }

  /**
   * Completing a recurring task creates its next occurrence once (DECISIONS 11): `lastRecurrenceDate`
   * marks the occurrence that already did, so un-completing and completing again creates no second copy.
   * The next occurrence copies the task's content (not its delegation) and belongs to the series of the first.
   */
  async function createNextOccurrence(actor: Actor, task: TaskDto): Promise<TaskDto> {
    const { recurringType } = task;
    if (!task.isRecurring || !recurringType || task.lastRecurrenceDate) return task;
    const seriesId = task.parentTaskId ?? task.id;
    const series = seriesId === task.id ? task : await tasks.find(actor.id, seriesId);
    const dueDate = nextRecurrenceDate(
      { dueDate: task.dueDate, recurringType, recurringInterval: task.recurringInterval },
      todayIn(clock(), actor.timezone),
      series?.dueDate ?? task.dueDate,
    );
    // A series whose next date would leave the accepted range ends here (DECISIONS 23).
    if (dueDate !== null) {
      const next = await tasks.insert(actor.id, {
        title: task.title,
        description: task.description,
        clientId: task.clientId,
        priority: task.priority,
        status: 'todo',
        dueDate,
        dueTime: task.dueTime,
        estimatedTime: task.estimatedTime,
        isCompleted: false,
        isBacklog: false,
        documentLinks: task.documentLinks,
        isRecurring: true,
        recurringType,
        recurringInterval: task.recurringInterval,
        isDelegated: false,
        delegatedToId: null,
        delegationNotes: null,
        sortOrder: task.sortOrder,
        parentTaskId: seriesId,
        completedAt: null,
        reminders: task.reminders.map((spec) => reminderForNextOccurrence(spec, task.dueDate, dueDate, actor.timezone)),
      });
      await syncReminders(actor, next);
    }
    return found(await tasks.markRecurrenceDone(actor.id, task.id, clock()));
  }

  /**
   * Writes a change to one task (DECISIONS 21): the row is locked, the change is derived from the locked
   * task, and only the fields it names are written. A change naming status or a flag is a status
   * transition: status, isCompleted, isBacklog and completedAt are derived together from the locked
   * task, and a completion creates the next occurrence of a recurring task.
   */
  function writeTask(actor: Actor, id: string, change: (current: TaskDto) => TaskChanges): Promise<TaskDto> {
    return tasks.transaction(async () => {
      const current = found(await tasks.findForUpdate(actor.id, id));
      const changes = change(current);
      let completing = false;
      if (STATE_FIELDS.some((field) => changes[field] !== undefined)) {
        const state = resolveStatusChange(current, changes);
        completing = state.isCompleted && !current.isCompleted;
        Object.assign(changes, state, { completedAt: completing ? clock() : state.isCompleted ? undefined : null });
      }
      await lockReferences(actor, changes);
      const updated = found(await tasks.update(actor.id, id, changes));
      const linksEnd = shareLinksEndedBy(current, updated);
      if (linksEnd) await shareLinks?.endLinks(actor.id, id, linksEnd);
      if (REMINDER_FIELDS.some((field) => changes[field] !== undefined)) await syncReminders(actor, updated);
      return completing ? createNextOccurrence(actor, updated) : updated;
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
    return sortTasksForList(await tasks.dayList(actor.id, { date, today, time }, DAY_LIST_MAX));
  }

  /** One page of a Kanban column: the open (not backlog) tasks of that status. */
  const kanbanColumn = (actor: Actor, status: KanbanStatus, page: TaskListQuery) => listPage(actor, { kanban: status }, page);

  return {
    /** GET /api/tasks: every task that is not archived, in pages. */
    list: (actor: Actor, page: TaskListQuery) => listPage(actor, 'all', page),

    /** GET /api/tasks/today: due today (completed ones stay, struck through) plus overdue open tasks. */
    today: (actor: Actor) => dayList(actor, localNow(actor).today),

    /** GET /api/tasks/monday: the coming Monday's tasks (weekend mode) plus overdue open tasks. */
    monday(actor: Actor) {
      const { now, today } = localNow(actor);
      const monday = dashboardDate(now, actor.timezone);
      return dayList(actor, monday === today ? nextMonday(today) : monday);
    },

    active: (actor: Actor, page: TaskListQuery) => listPage(actor, 'active', page),
    backlog: (actor: Actor, page: TaskListQuery) => listPage(actor, 'backlog', page),
    delegated: (actor: Actor, page: TaskListQuery) => listPage(actor, 'delegated', page),

    /** GET /api/tasks/kanban: the first page of every column. */
    async kanban(actor: Actor, page: TaskListQuery): Promise<KanbanBoard> {
      const board: Partial<KanbanBoard> = {};
      for (const status of KANBAN_STATUSES) board[status] = await kanbanColumn(actor, status, page);
      return board as KanbanBoard;
    },
    kanbanColumn,

    /** GET /api/tasks/calendar: tasks whose due date falls in the window, read in the user's zone. */
    calendar(actor: Actor, query: CalendarQuery) {
      const { firstDate, lastDate } = datesOfWindow(new Date(query.start), new Date(query.end), actor.timezone);
      return tasks.dueBetween(actor.id, firstDate, lastDate);
    },

    /** GET /api/tasks/archived: newest archived first, in pages (DECISIONS 15); the cursor is opaque. */
    archived: (actor: Actor, page: PageQuery) => listPage(actor, 'archived', page),

    get: async (actor: Actor, id: string) => found(await tasks.find(actor.id, id)),

    create(actor: Actor, body: TaskCreateBody): Promise<TaskDto> {
      return tasks.transaction(async () => {
        await assertLiveTaskRoom(actor);
        return insertNew(actor, body);
      });
    },

    /**
     * POST /api/tasks/batch (DECISIONS 27): every task by the rules of POST /api/tasks, all in one
     * transaction: one refused task (a foreign client or contact, named by its place in the list) or a
     * quota the batch would pass creates none. Answers the tasks in the order sent.
     */
    createMany(actor: Actor, bodies: readonly TaskCreateBody[]): Promise<TaskDto[]> {
      return tasks.transaction(async () => {
        await assertLiveTaskRoom(actor, bodies.length);
        const created: TaskDto[] = [];
        for (const [index, body] of bodies.entries()) {
          try {
            created.push(await insertNew(actor, body));
          } catch (error) {
            if (error instanceof AppError) throw new AppError(error.status, error.code, `Task ${index + 1}: ${error.message}`, error.retryAfterSeconds);
            throw error;
          }
        }
        return created;
      });
    },

    /**
     * PATCH /api/tasks/:id: writes the fields of the body and what they imply (DECISIONS 21), read
     * against the locked task: a status or flag derives the others, a cleared due date clears the time,
     * a repeat needs its type, and delegation needs a contact.
     */
    update(actor: Actor, id: string, body: TaskUpdateBody): Promise<TaskDto> {
      return writeTask(actor, id, (current) => {
        const changes: TaskChanges = { ...body, ...resolveDueChange(body, actor.timezone) };
        const dueDate = changes.dueDate !== undefined ? changes.dueDate : current.dueDate;
        if (dueDate === null && changes.dueTime !== undefined) changes.dueTime = null;
        const isRecurring = body.isRecurring ?? current.isRecurring;
        const recurringType = body.recurringType !== undefined ? body.recurringType : current.recurringType;
        if (isRecurring && !recurringType) throw badRequest(RECURRING_TYPE_REQUIRED);
        const recurringInterval = seriesInterval(recurringType, body.recurringInterval ?? current.recurringInterval);
        if (recurringInterval !== current.recurringInterval || body.recurringInterval !== undefined) changes.recurringInterval = recurringInterval;
        if (body.isDelegated !== undefined || body.delegatedToId !== undefined) {
          Object.assign(
            changes,
            delegationOf(body.isDelegated ?? current.isDelegated, body.delegatedToId !== undefined ? body.delegatedToId : current.delegatedToId),
          );
        }
        return changes;
      });
    },

    /** DELETE /api/tasks/:id: the task goes at once; for UNDELETE_WINDOW_SECONDS `undelete` can bring it back. */
    remove(actor: Actor, id: string): Promise<void> {
      return tasks.transaction(async () => {
        await tasks.purgeDeleted(UNDELETE_WINDOW_SECONDS);
        if (!(await tasks.remove(actor.id, id))) throw notFound('Task');
      });
    },

    /**
     * POST /api/tasks/:id/undelete: the task deleted moments ago is back as it was, with its comments, time
     * entries and reminders still ahead (its shared links ended for good, as on archiving); live again, it
     * counts against the quota. 404 when there is none to bring back.
     */
    undelete(actor: Actor, id: string): Promise<TaskDto> {
      return tasks.transaction(async () => {
        const restored = found(await tasks.undelete(actor.id, id, UNDELETE_WINDOW_SECONDS));
        if (!restored.isArchived) await assertLiveTaskRoom(actor, 0);
        await trackedTime?.refreshTracked(actor.id, [id]);
        return syncReminders(actor, found(await tasks.find(actor.id, id)));
      });
    },

    /** After a change of timezone: every open task's reminders move to the same wall-clock times in the new zone. */
    rescheduleReminders(actor: Actor): Promise<void> {
      return tasks.transaction(async () => {
        for (const task of await tasks.withReminders(actor.id)) await syncReminders(actor, task);
      });
    },

    /** GET /api/tasks/:id/reminders: the task's scheduled reminders with their state. */
    async reminders(actor: Actor, id: string): Promise<ScheduledReminder[]> {
      found(await tasks.find(actor.id, id));
      return reminders ? reminders.list(actor.id, id) : [];
    },

    /** POST /api/tasks/:id/snooze: reminds again in `minutes` (an open task only). */
    snooze(actor: Actor, id: string, minutes: number): Promise<ScheduledReminder> {
      return tasks.transaction(async () => {
        const task = found(await tasks.findForUpdate(actor.id, id));
        if (task.isCompleted || task.isArchived) throw conflict('This task is done: there is nothing to remind you of.');
        if (!reminders) throw new Error('Reminders are not scheduled by this service');
        return reminders.snooze(actor.id, id, minutes);
      });
    },

    complete: (actor: Actor, id: string, isCompleted: boolean) => writeTask(actor, id, () => ({ isCompleted })),
    moveToBacklog: (actor: Actor, id: string) => writeTask(actor, id, () => ({ isBacklog: true })),
    restoreFromBacklog: (actor: Actor, id: string) => writeTask(actor, id, () => ({ isBacklog: false })),

    /** An archived task's reminders are cancelled and its shared links end for good. */
    archive: (actor: Actor, id: string): Promise<TaskDto> =>
      tasks.transaction(async () => {
        const archived = found(await tasks.setArchived(actor.id, id, clock()));
        await shareLinks?.endLinks(actor.id, id, 'archived');
        return syncReminders(actor, archived);
      }),

    /** An unarchived task is live again, so it counts against the quota, and its reminders still ahead come back. */
    unarchive(actor: Actor, id: string): Promise<TaskDto> {
      return tasks.transaction(async () => {
        await assertLiveTaskRoom(actor);
        return syncReminders(actor, found(await tasks.setArchived(actor.id, id, null)));
      });
    },

    /**
     * PATCH /api/tasks/reorder: each id's sortOrder becomes its place in the list, in one statement.
     * Every id must be one of the user's tasks in a list of that kind, or nothing changes (404). The
     * active and backlog lists load in pages, so the web may name only the tasks it has loaded: the
     * list's other tasks keep their order after the named ones. The day's list is loaded whole. 'within'
     * (one client's tasks, say) moves the named tasks only among the places they already hold.
     */
    reorder(actor: Actor, taskIds: string[], type: TaskReorderType): Promise<void> {
      const list = type === 'backlog' ? 'backlog' : 'active';
      return tasks.transaction(async () => {
        // One reorder of a user's lists at a time.
        await tasks.lockForReorder(actor.id, taskIds);
        if (type === 'within') {
          if ((await tasks.tradePlaces(actor.id, taskIds, list)) !== taskIds.length) throw notFound('Task');
          return;
        }
        if ((await tasks.placeFirst(actor.id, taskIds, list)) !== taskIds.length) throw notFound('Task');
        if (type !== 'today') await tasks.placeRestAfter(actor.id, taskIds, list);
      });
    },
  };
}
export type TasksService = ReturnType<typeof tasksService>;

/** Whether a change of a task ends its shared links, and why: they live only while it stays delegated to their contact. */
function shareLinksEndedBy(before: TaskDto, after: TaskDto): Exclude<TaskShareEndReason, 'revoked' | 'archived'> | null {
  if (!before.isDelegated || !before.delegatedToId) return null;
  if (!after.isDelegated) return 'undelegated';
  return after.delegatedToId === before.delegatedToId ? null : 'reassigned';
}

/** A task is delegated exactly when it names a contact; un-delegating forgets the contact. */
function delegationOf(isDelegated: boolean, delegatedToId: string | null) {
  return isDelegated && delegatedToId ? { isDelegated: true, delegatedToId } : { isDelegated: false, delegatedToId: null };
}
