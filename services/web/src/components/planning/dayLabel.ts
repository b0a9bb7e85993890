import { formatShortMonthDay, weekdayNameOf } from '@daybook/shared';

/** 'Thu, Mar 12': where a task is moved to. */
export const shortDayLabel = (date: string) => `${weekdayNameOf(date).slice(0, 3)}, ${formatShortMonthDay(date)}`;
