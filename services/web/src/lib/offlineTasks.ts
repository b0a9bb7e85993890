import {
  dashboardDate,
  resolveDueChange,
  resolveNewTaskDue,
  resolveStatusChange,
  taskCreateBodySchema,
  taskUpdateBodySchema,
  todayIn,
  type KanbanStatus,
  type Task,
  type TaskCreateInput,
  type TaskUpdateInput,
} from '@daybook/shared';
import { isLocalId } from './offlineProtocol';

/**
 * Tasks made offline (issue 37): their creation waits in a queue on the device (the service worker's, or
 * deviceQueue.ts), yet they show at once in their lists, marked "Waiting to sync", and take edits and
 * completion there until the queue has been replayed. Kept in localStorage, so a reload offline still
 * shows them.
 */
interface OfflineTask {
  task: Task;
  /** At the last change, the user's date and the day the dashboard's list shows (Monday in weekend mode). */
  today: string;
  day: string;
}

const datesAt = (now: Date, timeZone: string) => ({ today: todayIn(now, timeZone), day: dashboardDate(now, timeZone) });

const STORAGE_KEY = 'daybook:offline-tasks';

function readAll(): OfflineTask[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(kept) ? (kept as OfflineTask[]) : [];
  } catch {
    return [];
  }
}

function writeAll(tasks: readonly OfflineTask[]) {
  try {
    if (tasks.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(tasks));
  } catch {
    // storage full or refused: they still reach the server with the queue
  }
}

/** Records the tasks of a queued creation, under the local ids the queue gave them (one per input). */
export function addOfflineTasks(localIds: readonly string[], inputs: readonly TaskCreateInput[], timeZone: string, now = new Date()): void {
  const added = localIds.flatMap((id, index) => {
    const parsed = taskCreateBodySchema.safeParse(inputs[index]);
    if (!parsed.success) return [];
    const { reminders, dueDate, dueTime, ...fields } = parsed.data;
    const task: Task = {
      ...fields,
      ...resolveNewTaskDue({ dueDate, dueTime }, timeZone),
      id,
      isArchived: false,
      lastRecurrenceDate: null,
      parentTaskId: null,
      reminders: reminders ?? [],
      trackedSeconds: 0,
      createdAt: now.toISOString(),
    };
    return [{ task, ...datesAt(now, timeZone) }];
  });
  writeAll([...readAll(), ...added]);
}

/** Applies a queued change (an edit, completion) to a task made offline; other tasks are left to the server. */
export function changeOfflineTask(id: string, changes: TaskUpdateInput, timeZone: string, now = new Date()): void {
  const parsed = taskUpdateBodySchema.safeParse(changes);
  if (!parsed.success || !isLocalId(id)) return;
  const { status, isCompleted, isBacklog, dueDate, dueTime, ...fields } = parsed.data;
  writeAll(
    readAll().map((entry) =>
      entry.task.id !== id
        ? entry
        : {
            task: {
              ...entry.task,
              ...fields,
              ...resolveStatusChange(entry.task, { status, isCompleted, isBacklog }),
              ...resolveDueChange({ dueDate, dueTime }, timeZone),
            },
            ...datesAt(now, timeZone),
          },
    ),
  );
}

/**
 * Forgets the tasks made offline but those `keep` names: once the queue that held the others has been
 * replayed, or one archived offline (it leaves every list the device shows).
 */
export function forgetOfflineTasks(keep: (id: string) => boolean): void {
  const kept = readAll().filter((entry) => keep(entry.task.id));
  if (kept.length !== readAll().length) writeAll(kept);
}

/** The task lists that show tasks made offline: the day's list, the dashboard's paged lists and a Kanban column. */
export type OfflineTaskList = 'getTodayTasks' | 'getMondayTasks' | 'getActiveTasks' | 'getBacklogTasks' | 'getDelegatedTasks' | 'getKanbanColumn';

const isInList = (list: OfflineTaskList, { task, today, day }: OfflineTask, kanbanStatus?: KanbanStatus): boolean => {
  if (task.isArchived) return false;
  switch (list) {
    case 'getTodayTasks':
    case 'getMondayTasks':
      return task.dueDate !== null && (task.dueDate === day || (task.dueDate < today && !task.isCompleted));
    case 'getActiveTasks':
      return !task.isBacklog;
    case 'getBacklogTasks':
      return task.isBacklog;
    case 'getDelegatedTasks':
      return task.isDelegated;
    case 'getKanbanColumn':
      return !task.isBacklog && task.status === kanbanStatus;
  }
};

/** `tasks` (a list's answer, or its first page) with the tasks made offline that belong to it first, newest first. */
export function withOfflineTasks(list: OfflineTaskList, tasks: readonly Task[], kanbanStatus?: KanbanStatus): Task[] {
  const offline = readAll()
    .filter((entry) => isInList(list, entry, kanbanStatus))
    .map((entry) => entry.task)
    .reverse();
  return [...offline, ...tasks.filter((task) => !isLocalId(task.id))];
}
