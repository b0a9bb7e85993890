import {
  dashboardDate,
  resolveDueChange,
  resolveNewTaskDue,
  resolveStatusChange,
  taskCreateBodySchema,
  taskUpdateBodySchema,
  todayIn,
  type Task,
  type TaskCreateInput,
  type TaskUpdateInput,
} from '@daybook/shared';
import { isLocalId } from './offlineProtocol';
import { browserTimeZone } from './reminders';
import { readOfflineTasks, writeOfflineTasks } from './offlineTasks';

// Changes to the tasks made offline (offlineTasks.ts), read with the shared schemas as the api reads them,
// in the user's zone (the browser's when not known yet).

const datesAt = (now: Date, timeZone: string) => ({ today: todayIn(now, timeZone), day: dashboardDate(now, timeZone) });

/** Records the tasks of a queued creation, under the local ids the queue gave them (one per input). */
export function addOfflineTasks(localIds: readonly string[], inputs: readonly TaskCreateInput[], timeZone = browserTimeZone(), now = new Date()): void {
  const added = localIds.flatMap((id, index) => {
    const parsed = taskCreateBodySchema.safeParse(inputs[index]);
    if (!parsed.success) return [];
    const { reminders, dueDate, dueTime, ...fields } = parsed.data;
    const task: Task = {
      ...fields,
      ...resolveNewTaskDue({ dueDate, dueTime }, timeZone),
      id,
      isArchived: false,
      lastRecurrenceDate: null,
      parentTaskId: null,
      reminders: reminders ?? [],
      trackedSeconds: 0,
      createdAt: now.toISOString(),
      completedAt: fields.status === 'completed' ? now.toISOString() : null,
    };
    return [{ task, ...datesAt(now, timeZone) }];
  });
  writeOfflineTasks([...readOfflineTasks(), ...added]);
}

/** A task completed offline was completed now; one reopened has no completion time (as the api answers). */
function withCompletedAt(task: Task, now: Date): Task {
  if (task.status !== 'completed') return { ...task, completedAt: null };
  return { ...task, completedAt: task.completedAt ?? now.toISOString() };
}

/** Applies a queued change (an edit, completion) to a task made offline; other tasks are left to the server. */
export function changeOfflineTask(id: string, changes: TaskUpdateInput, timeZone = browserTimeZone(), now = new Date()): void {
  const parsed = taskUpdateBodySchema.safeParse(changes);
  if (!parsed.success || !isLocalId(id)) return;
  const { status, isCompleted, isBacklog, dueDate, dueTime, ...fields } = parsed.data;
  writeOfflineTasks(
    readOfflineTasks().map((entry) =>
      entry.task.id !== id
        ? entry
        : {
            task: withCompletedAt(
              {
                ...entry.task,
                ...fields,
                ...resolveStatusChange(entry.task, { status, isCompleted, isBacklog }),
                ...resolveDueChange({ dueDate, dueTime }, timeZone),
              },
              now,
            ),
            ...datesAt(now, timeZone),
          },
    ),
  );
}
