import { z } from 'zod';
import { idSchema } from '../common';
import { hasNoDuplicates } from '../fields';
import { taskSchema } from '../tasks/tasks.schemas';
import { calendarDateSchema } from '../time/time.schemas';

/** Daily priorities maximum (spec §9). */
export const MAX_DAILY_PRIORITIES = 3;

const priorityTaskIdsSchema = z
  .array(idSchema)
  .max(MAX_DAILY_PRIORITIES, `At most ${MAX_DAILY_PRIORITIES} priorities`)
  .refine(hasNoDuplicates, 'A task can be chosen only once');

/**
 * GET /api/daily-plan (DECISIONS 14): today's plan in the user's zone. `priorityTaskIds` in rank order,
 * `priorityTasks` those tasks in the same order (the dashboard shows them without a read per task);
 * `reviewed` tells whether today's overdue review has been shown (or skipped).
 */
export const dailyPlanSchema = z.object({
  date: calendarDateSchema,
  priorityTaskIds: priorityTaskIdsSchema,
  priorityTasks: z.array(taskSchema).max(MAX_DAILY_PRIORITIES),
  reviewed: z.boolean(),
});
export type DailyPlan = z.infer<typeof dailyPlanSchema>;

/** PUT /api/daily-plan: today's top priorities, in order, at most 3, distinct. */
export const dailyPlanBodySchema = z.object({ priorityTaskIds: priorityTaskIdsSchema });
export type DailyPlanBody = z.infer<typeof dailyPlanBodySchema>;

/** Records whether today's overdue review was done or skipped (spec §4); the api picks the route. */
export const dailyPlanReviewedBodySchema = z.object({ reviewed: z.boolean({ message: 'reviewed must be true or false' }) });
export type DailyPlanReviewedBody = z.infer<typeof dailyPlanReviewedBodySchema>;
