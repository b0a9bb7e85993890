import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Task } from '@daybook/shared';
import { useGetTasksByIdsQuery } from '../../api/tasksApi';
import { toast, toastError } from '../../lib/toast';

/** The address parameter of a reminder's link (`/?task=<id>`, DECISIONS 29). */
export const TASK_PARAMETER = 'task';

/**
 * Opens the task the address names (`?task=<id>`: a reminder's link, opened fresh or shown by the service
 * worker in this window) once it has loaded, then takes the parameter out of the address, so a reload
 * does not open it again. A task that is gone (deleted, or not the user's) is said to be.
 */
export function useTaskFromAddress(openTask: (task: Task) => void): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(TASK_PARAMETER);
  // currentData: the answer for this id only, never the one for the previous link.
  const { currentData: found, isError } = useGetTasksByIdsQuery(id ? [id] : [], { skip: !id });

  useEffect(() => {
    if (!id || (!found && !isError)) return;
    const [task] = found ?? [];
    if (task) openTask(task);
    else if (found) toast({ title: 'Task not found', description: 'It may have been deleted.' });
    else toastError('Failed to open the task');
    setParams(
      (current) => {
        const rest = new URLSearchParams(current);
        rest.delete(TASK_PARAMETER);
        return rest;
      },
      { replace: true },
    );
  }, [id, found, isError, openTask, setParams]);
}
