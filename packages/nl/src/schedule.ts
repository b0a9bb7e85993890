import { addDays, DEFAULT_RECURRING_INTERVAL, nextRecurrenceDate, type RecurringType } from '@daybook/shared';
import type { RuleContext } from './context';
import { hhmm } from './helpers';
import { PART_OF_DAY_TIME, type HitValue, type PartOfDay } from './scanner';
import { fromZone } from './zones';

export type DateValue = Extract<HitValue, { field: 'date' }>;
export type TimeValue = Extract<HitValue, { field: 'time' }>;
export type RecurrenceValue = Extract<HitValue, { field: 'recurrence' }>;

/** The hour a bare time ("at 8") means with a part of the day ("tonight", "in the morning"). */
export function timeWithPart(time: TimeValue, part: PartOfDay | undefined): string {
  if (!time.bare || time.hour === undefined || part === undefined) return time.time;
  const minute = time.minute ?? 0;
  if (part === 'morning' && time.hour >= 1 && time.hour <= 11) return hhmm(time.hour, minute);
  if ((part === 'afternoon' || part === 'evening' || part === 'night') && time.hour >= 1 && time.hour <= 11) return hhmm(time.hour + 12, minute);
  return time.time;
}

export interface Schedule {
  dueDate: string | null;
  dueTime: string | null;
  isRecurring: boolean;
  recurringType: RecurringType | null;
  recurringInterval: number;
}

/** The due date, time and repeat that a date, a time and a recurrence phrase say together (RULES §3, §6). */
export function schedule(
  ctx: RuleContext,
  date: DateValue | undefined,
  time: TimeValue | undefined,
  recurrence: RecurrenceValue | undefined,
  spokenPart?: PartOfDay,
): Schedule {
  let dueDate = date?.date ?? null;
  let dueTime: string | null = date?.fixedTime ? (date.time ?? null) : null;
  const part = date?.part ?? recurrence?.part ?? time?.part;
  const saidTime = dueTime === null;
  if (dueTime === null) {
    if (time) dueTime = timeWithPart(time, date?.part ?? recurrence?.part ?? spokenPart);
    else if (part) dueTime = PART_OF_DAY_TIME[part];
    else if (date?.time) dueTime = date.time;
  }
  if (saidTime && time?.part === 'midnight') {
    // The next midnight (RULES §3): "tonight at midnight" ends today; a bare "midnight" is tomorrow 00:00
    // unless it is midnight now; another named day keeps its own 00:00.
    if (dueDate === ctx.today && date !== undefined) dueDate = addDays(ctx.today, 1);
    else if (dueDate === null && recurrence === undefined) dueDate = ctx.time === '00:00' ? ctx.today : addDays(ctx.today, 1);
  }
  if (saidTime && time?.zone !== undefined && dueTime !== null) {
    // "3pm EST": that time on the named day (or next) in the named zone, on the user's clock.
    const local = fromZone(ctx, dueDate ?? recurrence?.anchor ?? null, dueTime, time.zone);
    dueDate = local.date;
    dueTime = local.time;
  }
  if (recurrence) {
    if (dueDate === null) dueDate = recurrence.anchor ?? ctx.today;
    if (dueTime !== null && dueDate === ctx.today && dueTime <= ctx.time) {
      dueDate = nextRecurrenceDate({ dueDate: ctx.today, recurringType: recurrence.type, recurringInterval: recurrence.interval }, ctx.today);
    }
    return { dueDate, dueTime, isRecurring: true, recurringType: recurrence.type, recurringInterval: recurrence.interval };
  }
  if (dueDate === null && dueTime !== null) dueDate = dueTime > ctx.time ? ctx.today : addDays(ctx.today, 1);
  return { dueDate, dueTime, isRecurring: false, recurringType: null, recurringInterval: DEFAULT_RECURRING_INTERVAL };
}
