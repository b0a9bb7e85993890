import { estimateTotalLabel, isOverdue, type Task } from '@daybook/shared';

/** The day's list in two parts: what is still to do (in list order), then what is done. */
export interface DayParts {
  open: Task[];
  completed: Task[];
}

export function splitDay(tasks: readonly Task[]): DayParts {
  const open: Task[] = [];
  const completed: Task[] = [];
  for (const task of tasks) (task.isCompleted ? completed : open).push(task);
  return { open, completed };
}

export interface DayFigures {
  /** The day's open tasks, overdue ones included: exactly the cards of the 'Tasks Due' list. */
  due: number;
  /** How many of those are overdue. */
  overdue: number;
  /** The estimates of the same open tasks (what the capacity line adds up too). */
  estimate: string;
}

/**
 * The Today overview's figures (spec §2: Due, Overdue, Est. Time), counted over the cards of the 'Tasks Due'
 * list (the day's list: due that day, and every overdue open task), so that 'Due' and the list's count always
 * agree. The day's completed tasks are not among them: they are listed, and counted, under 'Completed' last.
 */
export function dayFigures({ open }: DayParts, now: Date, timeZone: string): DayFigures {
  return {
    due: open.length,
    overdue: open.filter((task) => isOverdue(task, now, timeZone)).length,
    estimate: estimateTotalLabel(open.map((task) => task.estimatedTime)),
  };
}
