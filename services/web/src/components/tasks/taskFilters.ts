import type { Priority, Task } from '@daybook/shared';

/** The dashboard's filters (spec §2): a client (or all) and a priority (or all). */
export interface TaskFilters {
  clientId: string | 'all';
  priority: Priority | 'all';
}

export const NO_FILTERS: TaskFilters = { clientId: 'all', priority: 'all' };

export function filterTasks(tasks: readonly Task[], { clientId, priority }: TaskFilters): Task[] {
  return tasks.filter((task) => (clientId === 'all' || task.clientId === clientId) && (priority === 'all' || task.priority === priority));
}
