import { memo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addDays, isOverdueToday, localTime, overdueLabel, todayIn, type Task } from '@daybook/shared';
import { useCompleteTaskMutation, useUpdateTaskMutation } from '../../api/tasksApi';
import { PriorityBadge } from '../../components/PriorityBadge';
import { ResponsiveModal } from '../../components/ResponsiveModal';
import { toast } from '../../lib/toast';
import { useProgressiveCount } from '../../lib/useProgressiveCount';

const OverdueRow = memo(function OverdueRow({ task, now, timeZone }: { task: Task; now: Date; timeZone: string }) {
  const [updateTask, update] = useUpdateTaskMutation();
  const [completeTask, complete] = useCompleteTaskMutation();
  const [changing, setChanging] = useState<'date' | 'time' | null>(null);
  const today = todayIn(now, timeZone);
  const busy = update.isLoading || complete.isLoading;
  // Due today, only its time has passed: it is already today's, so it is offered a later time instead.
  const lateToday = isOverdueToday(task, now, timeZone);
  // Moved to today with a due time already past, it would still be late: it keeps the day, not the time.
  const toToday = task.dueTime && task.dueTime < localTime(now, timeZone) ? { dueDate: today, dueTime: null } : { dueDate: today };
  const toggle = (field: 'date' | 'time') => setChanging((current) => (current === field ? null : field));

  // Spec §8: success says 'Task updated'; a failed update shows no message.
  const moveTo = async (changes: { dueDate?: string; dueTime?: string | null }) => {
    try {
      await updateTask({ id: task.id, changes }).unwrap();
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
        <Chip size="small" color="error" variant="outlined" label={overdueLabel(task, now, timeZone)} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.25 }}>
        {lateToday ? (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => toggle('time')}>
            Change Time
          </Button>
        ) : (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => void moveTo(toToday)}>
            Move to Today
          </Button>
        )}
        <Button size="small" variant="outlined" disabled={busy} onClick={() => void moveTo({ dueDate: addDays(today, 1) })}>
          Move to Tomorrow
        </Button>
        <Button size="small" variant="outlined" disabled={busy} onClick={() => toggle('date')}>
          Change Date
        </Button>
        <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => void markComplete()}>
          Mark Complete
        </Button>
      </Box>
      {changing === 'date' && (
        <TextField
          type="date"
          size="small"
          label="New due date"
          sx={{ mt: 1.25 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          onChange={(event) => {
            const value = event.target.value;
            if (value && value >= today) void moveTo({ dueDate: value });
          }}
        />
      )}
      {changing === 'time' && (
        <TextField
          type="time"
          size="small"
          label="New due time today"
          helperText="Later than now"
          sx={{ mt: 1.25 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localTime(now, timeZone) } }}
          onChange={(event) => {
            const value = event.target.value;
            if (value && value > localTime(new Date(), timeZone)) void moveTo({ dueTime: value });
          }}
        />
      )}
    </Box>
  );
});

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
  // A long review renders its first rows first: it opens over a dashboard that has just rendered.
  const shown = useProgressiveCount(tasks.length);
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
          {tasks.slice(0, shown).map((task) => (
            <OverdueRow key={task.id} task={task} now={now} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </ResponsiveModal>
  );
}

export default OverdueReviewDialog;
