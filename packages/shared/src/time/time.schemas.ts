import { z } from 'zod';
import { CALENDAR_DATE_PATTERN, DATE_RANGE_MESSAGE, isDateInRange, isValidCalendarDate } from './calendar-date';
import { TIME_OF_DAY_PATTERN } from './time-of-day';

/** A real calendar date `YYYY-MM-DD` (2026-02-30 is rejected). */
export const calendarDateSchema = z
  .string({ message: 'Date must be YYYY-MM-DD' })
  .regex(CALENDAR_DATE_PATTERN, 'Date must be YYYY-MM-DD')
  .refine(isValidCalendarDate, 'Date does not exist');
export type CalendarDate = z.infer<typeof calendarDateSchema>;

/** A calendar date a user may ask for (DECISIONS 23): due dates and search dates, 1900-01-01 to 2999-12-31. */
export const dateInRangeSchema = calendarDateSchema.refine(isDateInRange, DATE_RANGE_MESSAGE);

/** A time of day `HH:mm`, 24-hour. */
export const timeOfDaySchema = z
  .string({ message: 'Time must be HH:mm (24-hour)' })
  .regex(TIME_OF_DAY_PATTERN, 'Time must be HH:mm (24-hour)');
export type TimeOfDay = z.infer<typeof timeOfDaySchema>;
