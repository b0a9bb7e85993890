import { z } from 'zod';
import { isValidCalendarDate } from '../time/calendar-date';
import { dateInRangeSchema } from '../time/time.schemas';
import { zonedDateTimeFromString } from '../time/zone';

/** A due date and time as stored and answered (DECISIONS 2). */
export interface TaskDue {
  dueDate: string | null;
  dueTime: string | null;
}

/** The due fields of a validated body: `dueDate` is a calendar date, a date-time string, or null. */
export interface DueInput {
  dueDate?: string | null;
  dueTime?: string | null;
}

/**
 * The body schema checks the date as written; the user's zone can still move it a day out of
 * DECISIONS 23's range (2999-12-31T23:00:00-12:00 is 3000-01-01 in Tokyo): a ZodError on `dueDate`,
 * which the api answers as a 400 like any other invalid field.
 */
const convertedDueSchema = z.object({ dueDate: dateInRangeSchema });

/**
 * A date-time body value on the user's wall clock. Local midnight carries no due time: that is how a
 * plain date serialised as a date-time looks.
 */
function dueFromDateTime(value: string, timeZone: string): TaskDue {
  const { date, time } = zonedDateTimeFromString(value, timeZone);
  convertedDueSchema.parse({ dueDate: date });
  return { dueDate: date, dueTime: time === '00:00' ? null : time };
}

/**
 * The stored due fields of a new task. A date-time `dueDate` is converted to the user's zone and gives
 * the due time unless `dueTime` is sent too; without a due date there is no due time. Throws a ZodError
 * when the converted date leaves the allowed range.
 */
export function resolveNewTaskDue(input: DueInput, timeZone: string): TaskDue {
  const change = resolveDueChange(input, timeZone);
  const dueDate = change.dueDate ?? null;
  return { dueDate, dueTime: dueDate ? (change.dueTime ?? null) : null };
}

/**
 * The due fields a partial update writes; absent keys stay absent (unchanged). Clearing the date clears
 * the time; a new plain date keeps the stored time unless `dueTime` is sent. The api should store no
 * due time on a task left without a due date.
 */
export function resolveDueChange(input: DueInput, timeZone: string): Partial<TaskDue> {
  const { dueDate, dueTime } = input;
  if (dueDate === undefined) return dueTime === undefined ? {} : { dueTime };
  if (dueDate === null) return { dueDate: null, dueTime: null };
  if (isValidCalendarDate(dueDate)) return dueTime === undefined ? { dueDate } : { dueDate, dueTime };
  const fromDateTime = dueFromDateTime(dueDate, timeZone);
  return dueTime === undefined ? fromDateTime : { dueDate: fromDateTime.dueDate, dueTime };
}
