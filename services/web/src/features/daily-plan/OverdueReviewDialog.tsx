import { memo, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { addDays, isOverdueToday, localTime, overdueLabel, todayIn, type Task } from '@daybook/shared';
import { useCompleteTaskMutation, useUpdateTaskMutation } from '../../api/tasksApi';
import { PriorityBadge } from '../../components/PriorityBadge';
import { ResponsiveModal } from '../../components/ResponsiveModal';
import { toast } from '../../lib/toast';
import { useProgressiveCount } from '../../lib/useProgressiveCount';
import { lazyChunk } from '../../lib/lazyPreloadable';

// Loads when a row's date or time is being changed: the review opens without it.
const TextField = lazyChunk(() => import('@mui/material/TextField'));

/**
 * One overdue task and its actions, in plain elements (styles/today.css): the review opens over the
 * dashboard's first screen, and a long one repeats the row many times.
 */
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
    <div data-testid="overdue-task" className="db-review-row">
      <p className="db-review-title">{task.title}</p>
      <div className="db-review-badges">
        <PriorityBadge priority={task.priority} />
        <span className="db-review-late">{overdueLabel(task, now, timeZone)}</span>
      </div>
      <div className="db-review-actions">
        {lateToday ? (
          <button type="button" className="db-button" disabled={busy} onClick={() => toggle('time')}>
            Change Time
          </button>
        ) : (
          <button type="button" className="db-button" disabled={busy} onClick={() => void moveTo(toToday)}>
            Move to Today
          </button>
        )}
        <button type="button" className="db-button" disabled={busy} onClick={() => void moveTo({ dueDate: addDays(today, 1) })}>
          Move to Tomorrow
        </button>
        <button type="button" className="db-button" disabled={busy} onClick={() => toggle('date')}>
          Change Date
        </button>
        <button type="button" className="db-button" data-variant="success" disabled={busy} onClick={() => void markComplete()}>
          Mark Complete
        </button>
      </div>
      {changing && (
        <Suspense fallback={null}>
          {changing === 'date' ? (
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
          ) : (
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
        </Suspense>
      )}
    </div>
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
        <div className="db-review-list">
          {tasks.slice(0, shown).map((task) => (
            <OverdueRow key={task.id} task={task} now={now} timeZone={timeZone} />
          ))}
        </div>
      )}
    </ResponsiveModal>
  );
}

export default OverdueReviewDialog;
