import { isOverdue, type DailyPlan, type Task } from '@daybook/shared';

/** Spec §9: the banner shows at most 3 overdue tasks. */
export const BANNER_MAX_TASKS = 3;
/** Spec §9: the daily review prompt waits 1000 ms after the dashboard loads. */
export const REVIEW_PROMPT_DELAY_MS = 1000;

/** ISO dates and times sort as plain text (localeCompare would load a collator, milliseconds on a phone). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Overdue tasks (DECISIONS 2, user's zone), the longest overdue first. */
export function overdueTasks(tasks: readonly Task[], now: Date, timeZone: string): Task[] {
  return tasks
    .filter((task) => !task.isArchived && !task.isBacklog && isOverdue(task, now, timeZone))
    .sort((a, b) => byText(a.dueDate ?? '', b.dueDate ?? '') || byText(a.dueTime ?? '', b.dueTime ?? ''));
}

/**
 * What the dashboard does with today's review (spec §4): nothing once reviewed today; open the Overdue
 * Tasks Review when tasks are overdue; otherwise just record today as reviewed.
 */
export function reviewPromptAction(plan: Pick<DailyPlan, 'reviewed'>, overdueCount: number): 'none' | 'open' | 'record' {
  if (plan.reviewed) return 'none';
  return overdueCount > 0 ? 'open' : 'record';
}
