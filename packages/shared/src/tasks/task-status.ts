import { z } from 'zod';

export const TASK_STATUSES = ['todo', 'in_progress', 'review', 'completed', 'backlog'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES, {
  message: 'Status must be todo, in_progress, review, completed or backlog',
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export const DEFAULT_TASK_STATUS: TaskStatus = 'todo';

/** The statuses the task form offers (spec §2); `review` is set from the Kanban board (DECISIONS 12). */
export const FORM_TASK_STATUSES = ['todo', 'in_progress', 'completed', 'backlog'] as const satisfies readonly TaskStatus[];

/** Kanban columns, left to right (DECISIONS 13). */
export const KANBAN_STATUSES = ['todo', 'in_progress', 'review', 'completed'] as const satisfies readonly TaskStatus[];
export type KanbanStatus = (typeof KANBAN_STATUSES)[number];

/** 'in_progress' → 'in progress' (the calendar shows underscores as spaces). */
export const statusText = (status: string) => status.replace(/_/g, ' ');

export interface TaskStatusState {
  status: TaskStatus;
  isCompleted: boolean;
  isBacklog: boolean;
}

/** The flags a status implies: 'completed' ⇔ isCompleted, 'backlog' ⇔ isBacklog (spec §4). */
export function stateForStatus(status: TaskStatus): TaskStatusState {
  return { status, isCompleted: status === 'completed', isBacklog: status === 'backlog' };
}

/**
 * The consistent status and flags after a change (DECISIONS 12), for every write:
 * - a status in the change wins, and the flags follow it (flags sent beside it are ignored);
 * - otherwise the flags decide: completed wins over backlog when both end up true (a flag set by the
 *   change beats one kept from the current task), isCompleted → 'completed', isBacklog → 'backlog';
 * - a task leaving 'completed' or 'backlog' goes back to 'todo'; todo, in_progress and review are kept.
 */
export function resolveStatusChange(current: TaskStatusState, change: Partial<TaskStatusState>): TaskStatusState {
  if (change.status !== undefined) return stateForStatus(change.status);
  let isCompleted = change.isCompleted ?? current.isCompleted;
  let isBacklog = change.isBacklog ?? current.isBacklog;
  if (isCompleted && isBacklog) {
    const backlogJustSet = change.isBacklog === true && change.isCompleted !== true;
    isCompleted = !backlogJustSet;
    isBacklog = backlogJustSet;
  }
  if (isCompleted) return stateForStatus('completed');
  if (isBacklog) return stateForStatus('backlog');
  const keep = current.status === 'completed' || current.status === 'backlog' ? 'todo' : current.status;
  return stateForStatus(keep);
}

/**
 * The status the task form shows for an existing task: completed if isCompleted, else backlog if
 * isBacklog, else the stored todo / in_progress / review (the spec showed 'todo'; DECISIONS 12 keeps
 * the others, so the form must offer 'review' as an extra option when a task has it).
 */
export function formStatusOf(task: TaskStatusState): TaskStatus {
  if (task.isCompleted) return 'completed';
  if (task.isBacklog) return 'backlog';
  return task.status === 'completed' || task.status === 'backlog' ? 'todo' : task.status;
}
