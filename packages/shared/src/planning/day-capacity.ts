import { parseEstimateMinutes } from '../estimates/estimate';
import { weekdayOf } from '../time/calendar-date';

/**
 * Does the day fit the hours (DECISIONS 34)? The day's plan is the estimates of its open tasks (DECISIONS 3:
 * `1d` counts 8 h; a task without a readable estimate counts 0) against the working hours of that day. The
 * dashboard's first paint uses this module alone; the proposal of moves is in capacity.ts.
 */

/**
 * Working hours: the minutes a user works on each day of the week, Sunday first (index 0), Saturday last
 * (6), as `weekdayOf` counts. A day with 0 minutes takes no work.
 */
export type WorkingMinutes = readonly number[];

/** What the capacity rules read of a task. */
export interface CapacityTask {
  id: string;
  priority: string | null | undefined;
  estimatedTime: string | null;
  isCompleted: boolean;
}

/** A day's load: its planned minutes against the minutes it has room for. */
export interface DayLoad {
  /** `YYYY-MM-DD` */
  date: string;
  plannedMinutes: number;
  availableMinutes: number;
}

/** The minutes of work `date` (`YYYY-MM-DD`) has room for. */
export const availableMinutesOn = (date: string, workingMinutes: WorkingMinutes): number => workingMinutes[weekdayOf(date)] ?? 0;

/** A week of 0 hours everywhere turns the capacity warning off. */
export const tracksCapacity = (workingMinutes: WorkingMinutes): boolean => workingMinutes.some((minutes) => minutes > 0);

/** A task's estimate in minutes (0 when it has none or it cannot be read). */
export const estimateMinutesOf = (task: CapacityTask) => parseEstimateMinutes(task.estimatedTime) ?? 0;

/** The minutes the open tasks of a list are estimated at. */
export const plannedMinutesOf = (tasks: readonly CapacityTask[]): number =>
  tasks.reduce((sum, task) => sum + (task.isCompleted ? 0 : estimateMinutesOf(task)), 0);

/** The day's planned minutes, its room, and by how much the plan passes it (0 when it fits). */
export function dayCapacity(tasks: readonly CapacityTask[], availableMinutes: number): { plannedMinutes: number; availableMinutes: number; overByMinutes: number } {
  const plannedMinutes = plannedMinutesOf(tasks);
  return { plannedMinutes, availableMinutes, overByMinutes: Math.max(0, plannedMinutes - availableMinutes) };
}
