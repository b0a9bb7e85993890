import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addDays, daysOverdue, daysOverdueLabel, todayIn, type Task } from '@daybook/shared';
import { useCompleteTaskMutation, useUpdateTaskMutation } from '../../api/tasksApi';
import { PriorityBadge } from '../../components/PriorityBadge';
import { ResponsiveModal } from '../../components/ResponsiveModal';
import { toast } from '../../lib/toast';

function OverdueRow({ task, now, timeZone }: { task: Task; now: Date; timeZone: string }) {
  const [updateTask, update] = useUpdateTaskMutation();
  const [completeTask, complete] = useCompleteTaskMutation();
  const [changing, setChanging] = useState(false);
  const today = todayIn(now, timeZone);
  const busy = update.isLoading || complete.isLoading;

  // Spec §8: success says 'Task updated'; a failed update shows no message.
  const moveTo = async (dueDate: string) => {
    try {
      await updateTask({ id: task.id, changes: { dueDate } }).unwrap();
      toast({ title: 'Task updated', variant: 'success' });
    } catch {
      /* no message */
    }
  };
  const markComplete = async () => {
    try {
      await completeTask({ id: task.id, isCompleted: true }).unwrap();
      toast({ title: 'Task updated', variant: 'success' });
    } catch {
      /* no message */
    }
  };

  return (
    <Box data-testid="overdue-task" sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{task.title}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
        <PriorityBadge priority={task.priority} />
        {task.dueDate && <Chip size="small" color="error" variant="outlined" label={daysOverdueLabel(daysOverdue(task.dueDate, now, timeZone))} />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.25 }}>
        <Button size="small" variant="outlined" disabled={busy} onClick={() => void moveTo(today)}>
          Move to Today
        </Button>
        <Button size="small" variant="outlined" disabled={busy} onClick={() => void moveTo(addDays(today, 1))}>
          Move to Tomorrow
        </Button>
        <Button size="small" variant="outlined" disabled={busy} onClick={() => setChanging((value) => !value)}>
          Change Date
        </Button>
        <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => void markComplete()}>
          Mark Complete
        </Button>
      </Box>
      {changing && (
        <TextField
          type="date"
          size="small"
          label="New due date"
          sx={{ mt: 1.25 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          onChange={(event) => {
            const value = event.target.value;
            if (value && value >= today) void moveTo(value);
          }}
        />
      )}
    </Box>
  );
}

export interface OverdueReviewDialogProps {
  open: boolean;
  tasks: readonly Task[];
  now: Date;
  timeZone: string;
  /** Skip for Now, or closed. */
  onClose: () => void;
  /** 'Continue to Dashboard': the priorities dialog opens next. */
  onContinue: () => void;
}

/** 'Overdue Tasks Review' (spec §2): each overdue task with its date actions, and the footer. */
export function OverdueReviewDialog({ open, tasks, now, timeZone, onClose, onContinue }: OverdueReviewDialogProps) {
  const navigate = useNavigate();
  const toReview = () => {
    onClose();
    void navigate('/daily-review');
  };
  const none = tasks.length === 0;
  return (
    <ResponsiveModal
      open={open}
      onClose={onClose}
      title="Overdue Tasks Review"
      description={none ? undefined : `You have ${tasks.length} overdue ${tasks.length === 1 ? 'task' : 'tasks'}. Choose what to do with each.`}
      maxWidth="md"
      actions={
        none ? (
          <Button variant="contained" onClick={toReview}>
            Set Daily Priorities
          </Button>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={onClose}>Skip for Now</Button>
            <Button variant="outlined" onClick={toReview}>
              Set Daily Priorities
            </Button>
            <Button variant="contained" onClick={onContinue}>
              Continue to Dashboard
            </Button>
          </Box>
        )
      }
    >
      {none ? (
        <Typography sx={{ py: 3, textAlign: 'center', fontWeight: 600 }}>No overdue tasks!</Typography>
      ) : (
        <Stack spacing={1.25}>
          {tasks.map((task) => (
            <OverdueRow key={task.id} task={task} now={now} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </ResponsiveModal>
  );
}

export default OverdueReviewDialog;
