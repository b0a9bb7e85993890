import { z } from 'zod';
import { idSchema } from '../common';
import { hasNoDuplicates } from '../fields';
import { taskSchema } from '../tasks/tasks.schemas';
import { addDays, DATE_RANGE_MESSAGE, daysBetween, isDateInRange, isValidCalendarDate } from '../time/calendar-date';
import { calendarDateSchema, dateInRangeSchema } from '../time/time.schemas';
import { CAPACITY_HORIZON_DAYS } from './capacity';

/** Planning the days against the working hours (DECISIONS 34): the contracts of /api/planning. */

export const CAPACITY_DAYS_MAX = 31;

/** Object-level checks run even when a field failed: they read only dates that exist. */
const realDates = (...dates: unknown[]) => dates.every((date) => typeof date === 'string' && isValidCalendarDate(date));

const dayCountSchema = z.coerce
  .number({ message: 'Days must be a number' })
  .int('Days must be a whole number')
  .min(1, 'Days must be at least 1')
  .max(CAPACITY_DAYS_MAX, `Days must be at most ${CAPACITY_DAYS_MAX}`);

/** GET /api/planning/capacity?from=YYYY-MM-DD&days=14: `days` days from `from` (default CAPACITY_HORIZON_DAYS). */
export const capacityQuerySchema = z
  .object({ from: dateInRangeSchema, days: dayCountSchema.default(CAPACITY_HORIZON_DAYS) })
  .refine((q) => !realDates(q.from) || !Number.isInteger(q.days) || isDateInRange(addDays(q.from, q.days - 1)), { message: DATE_RANGE_MESSAGE, path: ['days'] });
export type CapacityQuery = z.infer<typeof capacityQuerySchema>;

export const dayLoadSchema = z.object({
  date: calendarDateSchema,
  /** The estimates of the open tasks due that day, in minutes. */
  plannedMinutes: z.number().int(),
  /** The user's working minutes on that weekday. */
  availableMinutes: z.number().int(),
});

/** The answer: one entry per day, in order. */
export const capacityDaysSchema = z.object({ days: z.array(dayLoadSchema) });
export type CapacityDays = z.infer<typeof capacityDaysSchema>;

export const UNFINISHED_RANGE_DAYS_MAX = 7;
export const UNFINISHED_TASKS_MAX = 100;

/** GET /api/planning/unfinished?from&to: open tasks due between the two dates (inclusive), at most a week. */
export const unfinishedQuerySchema = z
  .object({ from: dateInRangeSchema, to: dateInRangeSchema })
  .refine((q) => !realDates(q.from, q.to) || q.to >= q.from, { message: 'To must not be before from', path: ['to'] })
  .refine((q) => !realDates(q.from, q.to) || daysBetween(q.from, q.to) < UNFINISHED_RANGE_DAYS_MAX, { message: `At most ${UNFINISHED_RANGE_DAYS_MAX} days`, path: ['to'] });
export type UnfinishedQuery = z.infer<typeof unfinishedQuerySchema>;

/** The first UNFINISHED_TASKS_MAX of them by due date and list order; `hasMore` when others follow. */
export const unfinishedTasksSchema = z.object({ tasks: z.array(taskSchema), hasMore: z.boolean() });
export type UnfinishedTasks = z.infer<typeof unfinishedTasksSchema>;

export const TASK_MOVES_MAX = 100;

/**
 * One task's move. `expectedDueDate` is the due date the proposal was made from: a task re-dated, completed,
 * archived or put in the backlog meanwhile (on another device) is left as it is, never overwritten.
 */
const moveOf = <A extends string>(action: A) =>
  z.object({ id: idSchema, expectedDueDate: calendarDateSchema.nullable(), action: z.literal(action) });

export const taskMoveSchema = z.discriminatedUnion(
  'action',
  [moveOf('reschedule').extend({ dueDate: dateInRangeSchema }), moveOf('backlog'), moveOf('complete')],
  { message: 'Action must be reschedule, backlog or complete' },
);
export type TaskMove = z.infer<typeof taskMoveSchema>;

/** POST /api/planning/moves: 1 to TASK_MOVES_MAX moves, one per task. */
export const taskMovesBodySchema = z.object({
  moves: z
    .array(taskMoveSchema)
    .min(1, 'At least one move is required')
    .max(TASK_MOVES_MAX, `At most ${TASK_MOVES_MAX} moves at once`)
    .refine((moves) => hasNoDuplicates(moves.map((move) => move.id)), 'A task can be moved only once'),
});
export type TaskMovesBody = z.infer<typeof taskMovesBodySchema>;

/** The tasks as written (in the order sent) and the ids of those left alone because they had changed. */
export const taskMovesResultSchema = z.object({ moved: z.array(taskSchema), skipped: z.array(idSchema) });
export type TaskMovesResult = z.infer<typeof taskMovesResultSchema>;
