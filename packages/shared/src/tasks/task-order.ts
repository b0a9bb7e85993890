import { priorityRank } from './priority';

/** The fields the default order reads. */
export interface DefaultOrderable {
  priority: string | null | undefined;
  dueDate: string | null;
  dueTime?: string | null;
  /** UTC ISO instant */
  createdAt: string;
}

export interface ListOrderable extends DefaultOrderable {
  sortOrder: number;
}

/** Earlier first; on the same date a task with a due time comes before one without; no date comes last. */
function compareDue(a: DefaultOrderable, b: DefaultOrderable): number {
  if (a.dueDate !== b.dueDate) {
    if (!a.dueDate) return 1;
    if (!b.dueDate) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  const aTime = a.dueTime ?? null;
  const bTime = b.dueTime ?? null;
  if (aTime === bTime) return 0;
  if (!aTime) return 1;
  if (!bTime) return -1;
  return aTime < bTime ? -1 : 1;
}

/**
 * The default task order (spec §4): higher priority first, then earlier due date (and time) first, tasks
 * with a due date before those without, then newest created first.
 */
export function compareTasksDefault(a: DefaultOrderable, b: DefaultOrderable): number {
  return (
    priorityRank(b.priority) - priorityRank(a.priority) ||
    compareDue(a, b) ||
    Date.parse(b.createdAt) - Date.parse(a.createdAt)
  );
}

/** The order of a list the user can rearrange: sortOrder ascending, then the default order. */
export function compareTasksForList(a: ListOrderable, b: ListOrderable): number {
  return a.sortOrder - b.sortOrder || compareTasksDefault(a, b);
}

export const sortTasksDefault = <T extends DefaultOrderable>(tasks: readonly T[]): T[] => [...tasks].sort(compareTasksDefault);
export const sortTasksForList = <T extends ListOrderable>(tasks: readonly T[]): T[] => [...tasks].sort(compareTasksForList);
