import { dashboardDate, isOverdue, type Task } from '@daybook/shared';

/** The dashboard tabs a new task can be in (Delegated holds only tasks delegated later). */
export type TaskHomeTab = 'today' | 'active' | 'backlog';

/**
 * The tab whose list holds a task: the day's list when it is due on the dashboard's day (Monday in
 * weekend mode) or overdue, the backlog for a backlog task, else All Tasks (Active).
 */
export function homeTabOf(task: Task, now: Date, timeZone: string): TaskHomeTab {
  if (task.isBacklog) return 'backlog';
  if (task.dueDate === dashboardDate(now, timeZone) || isOverdue(task, now, timeZone)) return 'today';
  return 'active';
}

/** The tabs' names as the dashboard shows them. */
export const HOME_TAB_NAMES: Record<TaskHomeTab, string> = { today: 'Today', active: 'Active', backlog: 'Backlog' };

/** Where new tasks went, by tab name: 'Backlog', or 'Active and Backlog' when they went to several. */
export function placeOf(tasks: readonly Task[], now: Date, timeZone: string): string {
  const homes = new Set(tasks.map((task) => homeTabOf(task, now, timeZone)));
  return [...homes].map((home) => HOME_TAB_NAMES[home]).join(' and ');
}
