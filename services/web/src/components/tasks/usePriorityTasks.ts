import { useMemo } from 'react';
import type { Task } from '@daybook/shared';
import { useGetDailyPlanQuery } from '../../api/dailyPlanApi';
import { useGetTasksByIdsQuery } from '../../api/tasksApi';

const NONE: readonly string[] = [];

/**
 * Today's top 3 (DECISIONS 14) as tasks, in the plan's order: read by id, since a priority may be any
 * open task, not only one of the day's list (and stays, checked, once completed).
 */
export function usePriorityTasks(): { tasks: Task[]; isLoading: boolean } {
  const plan = useGetDailyPlanQuery();
  const ids = plan.data?.priorityTaskIds ?? NONE;
  const found = useGetTasksByIdsQuery(ids, { skip: ids.length === 0 });
  const tasks = useMemo(() => {
    const byId = new Map((found.data ?? []).map((task) => [task.id, task]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }, [ids, found.data]);
  return { tasks, isLoading: plan.isLoading || found.isLoading };
}
