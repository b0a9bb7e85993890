import { sortTasksDefault, type DefaultOrderable } from '../tasks/task-order';
import { MAX_DAILY_PRIORITIES } from './daily-plan.schemas';

/**
 * The one home of the daily top 3 (spec §4, DECISIONS 14): which tasks qualify, in what order, how many.
 * The api picks the day's default priorities and checks chosen ones with it; the web's daily review lists
 * its candidates with it.
 */

/** The flags that decide whether a task may be a day's priority. */
export interface PriorityState {
  isCompleted: boolean;
  isArchived: boolean;
  isBacklog: boolean;
}

export interface PriorityCandidate extends DefaultOrderable, PriorityState {
  id: string;
}

/** Active for daily priorities: not completed, not archived, not in the backlog (spec §4). */
export const isActiveForPriorities = (task: PriorityState) => !task.isCompleted && !task.isArchived && !task.isBacklog;

/** The tasks a user may choose as the day's priorities: the active ones, in the default order. */
export const dailyPriorityCandidates = <T extends PriorityCandidate>(tasks: readonly T[]): T[] => sortTasksDefault(tasks.filter(isActiveForPriorities));

/** The default top 3 of a day: the first candidates. */
export function defaultDailyPriorities<T extends PriorityCandidate>(tasks: readonly T[], max: number = MAX_DAILY_PRIORITIES): T[] {
  return dailyPriorityCandidates(tasks).slice(0, max);
}

/** The top 3 of an order the user chose (the daily review, spec §7): its first active tasks, in that order. */
export function orderedDailyPriorities<T extends PriorityState>(tasksInOrder: readonly T[], max: number = MAX_DAILY_PRIORITIES): T[] {
  return tasksInOrder.filter(isActiveForPriorities).slice(0, max);
}
