import type { Task } from '@daybook/shared';
import { useGetDailyPlanQuery } from '../../api/dailyPlanApi';

const NONE: readonly Task[] = [];

/**
 * Today's top 3 (DECISIONS 14) as tasks, in the plan's order: the plan brings them, since a priority may
 * be any open task, not only one of the day's list (and stays, checked, once completed). Every task write
 * reads the plan again (tasksApi's write tags).
 */
export function usePriorityTasks(): { tasks: readonly Task[]; isLoading: boolean } {
  const plan = useGetDailyPlanQuery();
  return { tasks: plan.data?.priorityTasks ?? NONE, isLoading: plan.isLoading };
}
