import { useMemo } from 'react';
import type { Priority, Task } from '@daybook/shared';
import {
  useArchiveTaskMutation,
  useCompleteTaskMutation,
  useDeleteTaskMutation,
  useMoveTaskToBacklogMutation,
  useRestoreTaskMutation,
  useUnarchiveTaskMutation,
  useUndeleteTaskMutation,
  useUpdateTaskMutation,
} from '../../api/tasksApi';
import { runWithToasts, type WriteToasts } from '../../lib/feedback';
import { holdCompleted, releaseCompleted } from './completionHold';

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
  const [remove] = useDeleteTaskMutation();
  const [undelete] = useUndeleteTaskMutation();

  return useMemo(() => {
    /** A task completed here stays in its list while the toast offers Undo (completionHold.ts). */
    const setCompleted = async (task: Task, isCompleted: boolean): Promise<boolean> => {
      (isCompleted ? holdCompleted : releaseCompleted)(task.id);
      const done = await withToasts(
        () => complete({ id: task.id, isCompleted }).unwrap(),
        isCompleted ? { title: 'Task completed', action: undoCompletion(task) } : { title: 'Task updated', description: 'Task has been updated successfully' },
        'Failed to update task completion status',
      );
      // Held again from the moment the toast shows, so it lasts as long as the Undo; a failed write lets go.
      if (isCompleted) (done ? holdCompleted : releaseCompleted)(task.id);
      return done;
    };
    /** 'Undo' in the 'Task completed' toast: the task is open again, through the api (with its own toasts). */
    const undoCompletion = (task: Task) => ({ label: 'Undo', onClick: () => void setCompleted(task, false) });
    const unarchiveTask = (task: Task) =>
      withToasts(
        () => unarchive(task.id).unwrap(),
        { title: 'Task unarchived', description: 'The task has been restored successfully' },
        'Failed to unarchive task',
      );

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
          { title: 'Task archived', description: 'The task has been archived successfully', action: { label: 'Undo', onClick: () => void unarchiveTask(task) } },
          'Failed to archive task',
        ),
      unarchive: unarchiveTask,
      /** Deletes the task; the toast's Undo brings it back (the api keeps it for a few minutes). */
      remove: (task: Task) =>
        withToasts(
          () => remove(task.id).unwrap(),
          {
            title: 'Task deleted',
            description: `"${task.title}" has been deleted`,
            action: {
              label: 'Undo',
              onClick: () =>
                void withToasts(() => undelete(task.id).unwrap(), { title: 'Task restored', description: 'The task has been brought back' }, 'Failed to restore task'),
            },
          },
          'Failed to delete task',
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
  }, [complete, update, archive, unarchive, moveToBacklog, restore, remove, undelete]);
}

export type TaskActions = ReturnType<typeof useTaskActions>;
