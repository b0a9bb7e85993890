import { addDays, weekdayOf } from '../time/calendar-date';
import { nextMonday } from '../time/weekend';
import { todayIn } from '../time/zone';
import type { TaskMove } from './planning.schemas';

/**
 * The Friday shutdown (DECISIONS 34): in weekend mode's window (Friday 18:00 through Sunday, `isWeekendMode`)
 * the week's unfinished tasks are decided in one step. Each goes to the coming Monday, to next week, to the
 * backlog, or is done.
 */
export const SHUTDOWN_CHOICES = ['monday', 'nextWeek', 'backlog', 'done'] as const;
export type ShutdownChoice = (typeof SHUTDOWN_CHOICES)[number];

export interface ShutdownWeek {
  /** This week's Monday: the first due date the shutdown looks at. */
  from: string;
  /** Today: the last one (open tasks due today are unfinished too). */
  to: string;
  /** 'Monday': the coming Monday. */
  monday: string;
  /**
   * 'Next week': the Monday a week after the coming one. The coming Monday already starts the next
   * working week, so the second choice is the one that puts a task a whole week further out.
   */
  nextWeek: string;
}

/** The Monday on or before `date`: the working week starts on Monday, whatever the calendar's first day. */
export const mondayOnOrBefore = (date: string): string => addDays(date, -((weekdayOf(date) + 6) % 7));

/** The dates of the shutdown at `now` in the user's zone. */
export function shutdownWeek(now: Date, timeZone: string): ShutdownWeek {
  const today = todayIn(now, timeZone);
  const monday = nextMonday(today);
  return { from: mondayOnOrBefore(today), to: today, monday, nextWeek: addDays(monday, 7) };
}

/**
 * Every task starts on 'Monday': nothing leaves sight unless the user says so, and one click ("Apply")
 * carries the week over as it is. The dialog shows Monday's load, so pushing some further is a choice.
 */
export const defaultShutdownChoice = (): ShutdownChoice => 'monday';

/** The change a choice makes to a task, as the moves endpoint takes it (the task's due date as seen guards it). */
export function shutdownMove(task: { id: string; dueDate: string | null }, choice: ShutdownChoice, week: ShutdownWeek): TaskMove {
  const seen = { id: task.id, expectedDueDate: task.dueDate };
  switch (choice) {
    case 'monday':
      return { ...seen, action: 'reschedule', dueDate: week.monday };
    case 'nextWeek':
      return { ...seen, action: 'reschedule', dueDate: week.nextWeek };
    case 'backlog':
      return { ...seen, action: 'backlog' };
    case 'done':
      return { ...seen, action: 'complete' };
  }
}
