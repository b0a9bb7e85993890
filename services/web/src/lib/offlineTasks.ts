import type { KanbanStatus, Task } from '@daybook/shared';
import { isLocalId } from './offlineProtocol';

/**
 * Tasks made offline (issue 37): their creation waits in a queue on the device (the service worker's, or
 * deviceQueue.ts), yet they show at once in their lists, marked "Waiting to sync", and take edits and
 * completion there until the queue has been replayed. Kept in localStorage, so a reload offline still
 * shows them. What changes them is in offlineTaskChanges.ts, loaded once a change is queued: the lists
 * only read them.
 */
export interface OfflineTask {
  task: Task;
  /** At the last change, the user's date and the day the dashboard's list shows (Monday in weekend mode). */
  today: string;
  day: string;
}


const STORAGE_KEY = 'daybook:offline-tasks';

export function readOfflineTasks(): OfflineTask[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(kept) ? (kept as OfflineTask[]) : [];
  } catch {
    return [];
  }
}

export function writeOfflineTasks(tasks: readonly OfflineTask[]) {
  try {
    if (tasks.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(tasks));
  } catch {
    // storage full or refused: they still reach the server with the queue
  }
}

/**
 * Forgets the tasks made offline but those `keep` names: once the queue that held the others has been
 * replayed, or one archived offline (it leaves every list the device shows).
 */
export function forgetOfflineTasks(keep: (id: string) => boolean): void {
  const kept = readOfflineTasks().filter((entry) => keep(entry.task.id));
  if (kept.length !== readOfflineTasks().length) writeOfflineTasks(kept);
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
  const offline = readOfflineTasks()
    .filter((entry) => isInList(list, entry, kanbanStatus))
    .map((entry) => entry.task)
    .reverse();
  return [...offline, ...tasks.filter((task) => !isLocalId(task.id))];
}
