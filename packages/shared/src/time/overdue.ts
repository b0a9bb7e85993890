import { daysBetween } from './calendar-date';
import { formatTimeOfDay } from './time-of-day';
import { zonedParts } from './zone';

export interface OverdueCheckable {
  dueDate: string | null;
  dueTime?: string | null;
  isCompleted: boolean;
}

/**
 * DECISIONS 2: overdue when not completed and the due date is before today in the user's zone, or is
 * today with a due time already past. Minute resolution: a task due at 14:00 is overdue from 14:01.
 */
export function isOverdue(task: OverdueCheckable, now: Date, timeZone: string): boolean {
  if (task.isCompleted || !task.dueDate) return false;
  const { date: today, time: nowTime } = zonedParts(now, timeZone);
  if (task.dueDate < today) return true;
  return task.dueDate === today && !!task.dueTime && task.dueTime < nowTime;
}

/** Whole calendar days from the due date to today in the zone; 0 when due today or later. */
export function daysOverdue(dueDate: string, now: Date, timeZone: string): number {
  return Math.max(0, daysBetween(dueDate, zonedParts(now, timeZone).date));
}

/** '1 day overdue', '3 days overdue' (spec §2, overdue banner). */
export function daysOverdueLabel(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} overdue`;
}

/**
 * How late an overdue task reads (the overdue banner and review): '1 day overdue', '3 days overdue' once its
 * date has passed; due today with its time gone by, 'Overdue since 3:00 PM' (never '0 days overdue'). null
 * when the task is not overdue.
 */
export function overdueLabel(task: OverdueCheckable, now: Date, timeZone: string): string | null {
  if (!isOverdue(task, now, timeZone) || !task.dueDate) return null;
  const days = daysOverdue(task.dueDate, now, timeZone);
  return days > 0 || !task.dueTime ? daysOverdueLabel(days) : `Overdue since ${formatTimeOfDay(task.dueTime)}`;
}

/** Overdue only by its time: due today, the due time past. Moving it 'to today' would change nothing. */
export function isOverdueToday(task: OverdueCheckable, now: Date, timeZone: string): boolean {
  return isOverdue(task, now, timeZone) && task.dueDate === zonedParts(now, timeZone).date;
}
