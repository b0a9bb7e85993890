import { useCallback } from 'react';
import { REORDER_MAX, type Task, type TaskReorderType } from '@daybook/shared';
import { useReorderTasksMutation, type TaskListEndpoint } from '../../api/tasksApi';
import { reportFailure } from '../../lib/feedback';
import { reorderPayload, reorderWithinView } from '../../lib/reorder';

/**
 * Drag reorder of a cached task list (spec §4): the new order shows at once, goes back with 'Failed to
 * reorder tasks' when the api refuses it, and every list is refreshed afterwards. `tasks` is the list as
 * cached (of a paged list, the pages loaded so far), `visible` the list as shown (maybe filtered); hidden
 * tasks keep their places.
 */
export function useTaskReorder(list: TaskListEndpoint, type: TaskReorderType, tasks: readonly Task[] | undefined) {
  const [reorderTasks] = useReorderTasksMutation();
  return useCallback(
    async (visible: readonly Task[], from: number, to: number) => {
      if (!tasks) return;
      // The api orders one kind of list at a time: backlog tasks, or the others.
      const ofKind = tasks.filter((task) => task.isBacklog === (type === 'backlog'));
      const visibleOfKind = visible.filter((task) => task.isBacklog === (type === 'backlog'));
      if (visibleOfKind.length !== visible.length) return;
      const before = ofKind.map((task) => task.id);
      const taskIds = reorderPayload(before, reorderWithinView(before, visible.map((task) => task.id), from, to), REORDER_MAX);
      try {
        if (!taskIds) throw new Error('Too many tasks to reorder at once');
        await reorderTasks({ taskIds, type, list }).unwrap();
      } catch (error) {
        reportFailure(error, 'Failed to reorder tasks', { vibrate: true });
      }
    },
    [list, type, tasks, reorderTasks],
  );
}
