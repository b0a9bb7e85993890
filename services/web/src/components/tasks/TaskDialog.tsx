import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Task } from '@daybook/shared';
import type { TaskFormValues } from './taskForm';
import { useSignedInUser } from '../../api/authApi';
import { browserTimeZone } from '../../lib/reminders';
import { ResponsiveModal } from '../ResponsiveModal';
import { DeleteTaskButton } from './DeleteTaskButton';
import { TaskConfigurationFields } from './TaskConfigurationFields';
import { TaskDelegationFields } from './TaskDelegationFields';
import { TaskCommentsSection } from './TaskCommentsSection';
import { TaskDetailsFields } from './TaskDetailsFields';
import { TaskShareSection } from './TaskShareSection';
import { TaskTimeSection } from './TaskTimeSection';
import { createPendingEdits, PendingEditsContext } from './pendingEdits';
import { ReminderFields } from './ReminderFields';
import { useTaskForm } from './useTaskForm';

export interface TaskDialogProps {
  open: boolean;
  onClose: () => void;
  /** The task to edit; null or absent creates a new one. */
  task?: Task | null;
  /** A new task's values other than the defaults (a client's page: its client). */
  presets?: Partial<TaskFormValues>;
  delegationEnabled: boolean;
  /** Called with the saved task. */
  onSaved?: (task: Task) => void;
  onExited?: () => void;
}

/**
 * 'Create New Task' / 'Edit Task' (spec §2): pre-filled from the task when editing, the defaults when
 * creating (mount it afresh for each opening). Clients and delegation contacts can be created inline;
 * reminders are set under the due fields (DECISIONS 29). A time entry or a reminder left open in it is
 * saved with the task (pendingEdits.ts).
 */
export function TaskDialog({ open, onClose, task, presets, delegationEnabled, onSaved, onExited }: TaskDialogProps) {
  const editing = Boolean(task);
  const formId = useId();
  const timeZone = useSignedInUser()?.timezone ?? browserTimeZone();
  const pendingEdits = useMemo(createPendingEdits, []);
  const { fields, saving, submit } = useTaskForm(
    task,
    delegationEnabled,
    (saved) => {
      onSaved?.(saved);
      onClose();
    },
    pendingEdits,
    presets,
  );

  return (
    <ResponsiveModal
      open={open}
      onClose={onClose}
      onExited={onExited}
      title={editing ? 'Edit Task' : 'Create New Task'}
      maxWidth="sm"
      actions={
        <>
          {task && <DeleteTaskButton task={task} onDeleted={onClose} />}
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Task' : 'Create Task'}
          </Button>
        </>
      }
    >
      <PendingEditsContext.Provider value={pendingEdits}>
        <Box component="form" id={formId} noValidate onSubmit={submit} sx={{ pt: 0.5 }}>
          <TaskDetailsFields fields={fields} editing={editing} />
          <TaskConfigurationFields fields={fields} />
          <ReminderFields fields={fields} taskId={task?.id} taskOpen={Boolean(task && !task.isCompleted && !task.isArchived)} timeZone={timeZone} />
          {delegationEnabled && <TaskDelegationFields fields={fields} />}
          {delegationEnabled && task && <TaskShareSection task={task} fields={fields} />}
        </Box>
        {task && <TaskTimeSection task={task} />}
        {task && <TaskCommentsSection task={task} />}
      </PendingEditsContext.Provider>
    </ResponsiveModal>
  );
}

export default TaskDialog;
