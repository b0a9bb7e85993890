import { addDays, formatShortDate } from './calendar-date';
import { todayIn } from './zone';

/** 'Due: Today', 'Due: Tomorrow' (in the user's zone), otherwise the date as 'Mar 5, 2026'. */
export function dueLabel(dueDate: string, now: Date, timeZone: string): string {
  const today = todayIn(now, timeZone);
  if (dueDate === today) return 'Due: Today';
  if (dueDate === addDays(today, 1)) return 'Due: Tomorrow';
  return formatShortDate(dueDate);
}
