import { useMemo } from 'react';
import type { Priority, Task } from '@daybook/shared';
import {
  useArchiveTaskMutation,
  useCompleteTaskMutation,
  useMoveTaskToBacklogMutation,
  useRestoreTaskMutation,
  useUnarchiveTaskMutation,
  useUpdateTaskMutation,
} from '../../api/tasksApi';
import { runWithToasts, type WriteToasts } from '../../lib/feedback';

/** Runs a task write with the spec's toasts (§8): success text and vibration, or the failure text plus an error vibration. */
const withToasts = (run: () => Promise<unknown>, success: WriteToasts['success'], failure: string) =>
  runWithToasts(run, { success, failure, vibrateOnSuccess: true });

/** The task card's actions (spec §2, §8). */
export function useTaskActions() {
  const [complete] = useCompleteTaskMutation();
  const [update] = useUpdateTaskMutation();
  const [archive] = useArchiveTaskMutation();
  const [unarchive] = useUnarchiveTaskMutation();
  const [moveToBacklog] = useMoveTaskToBacklogMutation();
  const [restore] = useRestoreTaskMutation();

  return useMemo(() => {
    const setCompleted = (task: Task, isCompleted: boolean): Promise<boolean> =>
      withToasts(
        () => complete({ id: task.id, isCompleted }).unwrap(),
        isCompleted ? { title: 'Task completed', action: undoCompletion(task) } : { title: 'Task updated', description: 'Task has been updated successfully' },
        'Failed to update task completion status',
      );
    /** 'Undo' in the 'Task completed' toast: the task is open again, through the api (with its own toasts). */
    const undoCompletion = (task: Task) => ({ label: 'Undo', onClick: () => void setCompleted(task, false) });

    return {
      setCompleted,
      setPriority: (task: Task, priority: Priority) =>
        withToasts(
          () => update({ id: task.id, changes: { priority } }).unwrap(),
          { title: 'Priority updated', description: 'Task priority has been updated successfully' },
          'Failed to update task priority',
        ),
      archive: (task: Task) =>
        withToasts(
          () => archive(task.id).unwrap(),
          { title: 'Task archived', description: 'The task has been archived successfully' },
          'Failed to archive task',
        ),
      unarchive: (task: Task) =>
        withToasts(
          () => unarchive(task.id).unwrap(),
          { title: 'Task unarchived', description: 'The task has been restored successfully' },
          'Failed to unarchive task',
        ),
      moveToBacklog: (task: Task) =>
        withToasts(
          () => moveToBacklog(task.id).unwrap(),
          { title: 'Task moved to backlog', description: 'The task has been moved to your backlog' },
          'Failed to move task to backlog',
        ),
      restore: (task: Task) =>
        withToasts(
          () => restore(task.id).unwrap(),
          { title: 'Task restored', description: 'The task has been restored from backlog' },
          'Failed to restore task from backlog',
        ),
      /** The dashboard's Complete button on a priority row (spec §8: 'Task completed' / 'Failed to complete task'). */
      completePriority: (task: Task) =>
        withToasts(() => complete({ id: task.id, isCompleted: true }).unwrap(), { title: 'Task completed', action: undoCompletion(task) }, 'Failed to complete task'),
    };
  }, [complete, update, archive, unarchive, moveToBacklog, restore]);
}

export type TaskActions = ReturnType<typeof useTaskActions>;
