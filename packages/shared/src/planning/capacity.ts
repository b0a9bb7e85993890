import { estimateMinutesOf, plannedMinutesOf, type CapacityTask, type DayLoad } from './day-capacity';
import { priorityRank } from '../tasks/priority';

/** The proposal that makes an over-full day fit the working hours (DECISIONS 34); the day's load is in day-capacity.ts. */

/** How many days after the day a task may move to, at most. */
export const CAPACITY_HORIZON_DAYS = 14;

export interface CapacityPlanInput<T extends CapacityTask> {
  /** The day's list in its order (the order the user sees); completed tasks are ignored. */
  tasks: readonly T[];
  /** The day's working minutes. */
  availableMinutes: number;
  /** The days after it, in order (at most CAPACITY_HORIZON_DAYS are looked at), with what is planned there already. */
  following: readonly DayLoad[];
  /** Tasks that stay whatever their priority: the day's chosen top 3. */
  keepIds?: ReadonlySet<string>;
  /** At most this many moves (the batch the api takes). */
  maxMoves?: number;
}

export interface CapacityPlan<T> {
  /** Which task goes to which day, in the order they were picked. */
  moves: Array<{ task: T; toDate: string }>;
  /** Tasks picked that no day of the horizon has room for: they stay. */
  unplaced: T[];
  /** What the day is still over by after the moves (0 when it fits). */
  overByMinutes: number;
}

/**
 * The proposal that makes an over-full day fit: the lowest-priority open tasks go first (on a tie, the one
 * latest in the day's order), each to the first following day whose plan plus its estimate fits that day's
 * hours (days with 0 hours are skipped), until the day fits. A task without an estimate frees no time and
 * is never proposed; a task no day of the horizon has room for stays, and the next one is tried. Moves are
 * proposed only while they can still make the day fit: once what stays (kept tasks and tasks with no room
 * elsewhere) passes the day's hours, higher-priority tasks are not sent away for nothing.
 */
export function planCapacityMoves<T extends CapacityTask>(input: CapacityPlanInput<T>): CapacityPlan<T> {
  const { availableMinutes, keepIds = new Set<string>(), maxMoves = Number.POSITIVE_INFINITY } = input;
  const open = input.tasks.filter((task) => !task.isCompleted);
  let planned = plannedMinutesOf(open);
  const plan: CapacityPlan<T> = { moves: [], unplaced: [], overByMinutes: 0 };
  const days = input.following.slice(0, CAPACITY_HORIZON_DAYS).map((day) => ({ ...day }));
  const candidates = open
    .map((task, position) => ({ task, position, minutes: estimateMinutesOf(task) }))
    .filter(({ task, minutes }) => minutes > 0 && !keepIds.has(task.id))
    .sort((a, b) => priorityRank(a.task.priority) - priorityRank(b.task.priority) || b.position - a.position);

  let staying = plannedMinutesOf(open.filter((task) => keepIds.has(task.id)));
  for (const { task, minutes } of candidates) {
    if (planned <= availableMinutes || staying > availableMinutes || plan.moves.length >= maxMoves) break;
    const day = days.find((d) => d.availableMinutes > 0 && d.plannedMinutes + minutes <= d.availableMinutes);
    if (!day) {
      plan.unplaced.push(task);
      staying += minutes;
      continue;
    }
    day.plannedMinutes += minutes;
    planned -= minutes;
    plan.moves.push({ task, toDate: day.date });
  }
  plan.overByMinutes = Math.max(0, planned - availableMinutes);
  return plan;
}
