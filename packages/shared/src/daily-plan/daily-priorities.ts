import { sortTasksDefault, type DefaultOrderable } from '../tasks/task-order';
import { MAX_DAILY_PRIORITIES } from './daily-plan.schemas';

/**
 * The one home of the daily top 3 (spec §4, DECISIONS 14): which tasks qualify, in what order, how many,
 * and how a day's top 3 grows. The api picks the day's default priorities, checks chosen ones and fills
 * empty slots with it; the web's daily review lists its candidates with it.
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

/**
 * Whether a task in a day's top 3 keeps its slot: a completed one does (shown checked); one archived or
 * moved to the backlog does not (nor one deleted, which is no longer read).
 */
export const holdsPrioritySlot = (task: PriorityState) => !task.isArchived && !task.isBacklog;

/**
 * A day's top 3 as tasks arrive: the tasks it holds keep their places and their order, whoever chose
 * them; the slots left empty (the day began with fewer tasks, the user chose fewer, or a task left) take
 * the best `newcomers` after them. Newcomers are the open tasks created since the top 3 was set (the
 * day's first look, or the user's last choice), so a task the user passed over never comes in by itself.
 */
export function grownDailyPriorities<T extends PriorityCandidate>(held: readonly T[], newcomers: readonly T[], max: number = MAX_DAILY_PRIORITIES): T[] {
  const kept = held.filter(holdsPrioritySlot).slice(0, max);
  const keptIds = new Set(kept.map((task) => task.id));
  return [...kept, ...defaultDailyPriorities(newcomers.filter((task) => !keptIds.has(task.id)), max - kept.length)];
}
