import { sortTasksDefault, type DefaultOrderable } from '../tasks/task-order';
import { MAX_DAILY_PRIORITIES } from './daily-plan.schemas';

export interface PriorityCandidate extends DefaultOrderable {
  id: string;
  isCompleted: boolean;
  isArchived: boolean;
  isBacklog: boolean;
}

/** Active for daily priorities: not completed, not archived, not in the backlog (spec §4). */
export const isActiveForPriorities = (task: Omit<PriorityCandidate, keyof DefaultOrderable | 'id'>) =>
  !task.isCompleted && !task.isArchived && !task.isBacklog;

/** The default top 3 of a day (spec §4): the first active tasks in the default order. */
export function defaultDailyPriorities<T extends PriorityCandidate>(tasks: readonly T[], max: number = MAX_DAILY_PRIORITIES): T[] {
  return sortTasksDefault(tasks.filter(isActiveForPriorities)).slice(0, max);
}
