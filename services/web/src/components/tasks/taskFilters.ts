import { localDate, todayIn, type Priority, type Task } from '@daybook/shared';

/** The dashboard's filters (spec §2): a client (or all) and a priority (or all). */
export interface TaskFilters {
  clientId: string | 'all';
  priority: Priority | 'all';
}

export const NO_FILTERS: TaskFilters = { clientId: 'all', priority: 'all' };

export function filterTasks(tasks: readonly Task[], { clientId, priority }: TaskFilters): Task[] {
  return tasks.filter((task) => (clientId === 'all' || task.clientId === clientId) && (priority === 'all' || task.priority === priority));
}

/**
 * An open list's tasks apart from its completed ones (issue 37): `open` keeps the tasks completed here a
 * moment ago (`held`, while their Undo shows) in their places; `completedToday` are the others completed
 * on the user's today. Tasks completed before today leave the list.
 */
export function splitCompleted(tasks: readonly Task[], held: ReadonlySet<string>, now: Date, timeZone: string): { open: Task[]; completedToday: Task[] } {
  const today = todayIn(now, timeZone);
  const open: Task[] = [];
  const completedToday: Task[] = [];
  for (const task of tasks) {
    if (!task.isCompleted || held.has(task.id)) open.push(task);
    else if (task.completedAt && localDate(new Date(task.completedAt), timeZone) === today) completedToday.push(task);
  }
  return { open, completedToday };
}
