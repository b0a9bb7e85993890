import { z } from 'zod';
import type { WorkingMinutes } from './day-capacity';

/** Working hours (DECISIONS 34) as the user settings hold them: 7 whole minutes from 0 to 24 h, Sunday first. */

export const WORKDAY_MINUTES_MAX = 24 * 60;
/** The default week: Monday to Friday 8 h, Saturday and Sunday free. */
export const DEFAULT_WORKING_MINUTES: WorkingMinutes = [0, 480, 480, 480, 480, 480, 0];
export const WORKING_MINUTES_MESSAGE = 'Working hours must be between 0 and 24 hours a day';

export const workingMinutesSchema = z
  .array(
    z
      .number({ message: WORKING_MINUTES_MESSAGE })
      .int('Working hours must be whole minutes')
      .min(0, WORKING_MINUTES_MESSAGE)
      .max(WORKDAY_MINUTES_MAX, WORKING_MINUTES_MESSAGE),
    { message: 'Working hours must list the seven days of the week' },
  )
  .length(7, 'Working hours must list the seven days of the week');
