import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowIcon from '@mui/icons-material/ArrowForwardRounded';
import {
  addDays,
  CAPACITY_HORIZON_DAYS,
  estimateLabel,
  formatDuration,
  planCapacityMoves,
  plannedMinutesOf,
  TASK_MOVES_MAX,
  weekdayNameOf,
  type CapacityPlan,
  type Task,
} from '@daybook/shared';
import { useGetDailyPlanQuery } from '../../api/dailyPlanApi';
import { useApplyTaskMovesMutation, useGetCapacityQuery } from '../../api/planningApi';
import { countLabel } from '../../lib/format';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { PriorityBadge } from '../PriorityBadge';
import { ResponsiveModal } from '../ResponsiveModal';
import { SkeletonRows } from '../SkeletonRows';
import { shortDayLabel } from './dayLabel';

interface CapacityDialogProps {
  open: boolean;
  onClose: () => void;
  /** The day that is over capacity. */
  date: string;
  /** Its list, in the order the user sees it. */
  tasks: readonly Task[];
  availableMinutes: number;
}

function TaskLine({ task, to }: { task: Task; to?: string }) {
  return (
    <Box data-testid={to ? 'capacity-move' : 'capacity-stays'} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, p: 1.25, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography sx={{ fontWeight: 600, flex: '1 1 12rem', minWidth: 0, wordBreak: 'break-word' }}>{task.title}</Typography>
      <PriorityBadge priority={task.priority} />
      {task.estimatedTime && (
        <Typography variant="caption" color="textSecondary">
          Est. {estimateLabel(task.estimatedTime)}
        </Typography>
      )}
      {to && (
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }} data-testid="capacity-move-to">
          <ArrowIcon fontSize="small" aria-label="to" />
          {shortDayLabel(to)}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The proposal that makes an over-full day fit (DECISIONS 34): the shared rule picks the lowest-priority
 * tasks and the first following day with room for each (the day's top 3 stay); one click moves them all
 * through one batch, which leaves alone a task changed meanwhile on another device.
 */
export function CapacityDialog({ open, onClose, date, tasks, availableMinutes }: CapacityDialogProps) {
  const following = useGetCapacityQuery({ from: addDays(date, 1), days: CAPACITY_HORIZON_DAYS });
  const dailyPlan = useGetDailyPlanQuery();
  const [applyMoves, applying] = useApplyTaskMovesMutation();
  // Shown while the dialog closes after the moves, when the lists have already changed under it.
  const [applied, setApplied] = useState<CapacityPlan<Task> | null>(null);

  const keepIds = useMemo(() => new Set(dailyPlan.data?.date === date ? dailyPlan.data.priorityTaskIds : []), [dailyPlan.data, date]);
  const proposal = useMemo(
    () => (following.data ? planCapacityMoves({ tasks, availableMinutes, following: following.data.days, keepIds, maxMoves: TASK_MOVES_MAX }) : null),
    [following.data, tasks, availableMinutes, keepIds],
  );
  const plan = applied ?? proposal;
  const weekday = weekdayNameOf(date);

  const onApply = async () => {
    if (!plan || plan.moves.length === 0) return;
    try {
      const result = await applyMoves(plan.moves.map(({ task, toDate }) => ({ id: task.id, expectedDueDate: task.dueDate, action: 'reschedule', dueDate: toDate }))).unwrap();
      setApplied(plan);
      const skipped = result.skipped.length;
      toast({
        title: `Moved ${countLabel(result.moved.length, 'task')}`,
        description:
          skipped > 0
            ? `${countLabel(skipped, 'task')} had changed on another device and stayed as ${skipped === 1 ? 'it was' : 'they were'}.`
            : plan.overByMinutes === 0
              ? `${weekday} now fits your working hours.`
              : undefined,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      reportFailure(error, 'Failed to move tasks', { vibrate: true, showReason: true });
    }
  };

  const moves = plan?.moves ?? [];
  return (
    <ResponsiveModal
      open={open}
      onClose={onClose}
      title="Make the day fit"
      description={`${weekday} has ${formatDuration(plannedMinutesOf(tasks))} planned for ${formatDuration(availableMinutes)} of working hours.`}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={() => void onApply()} disabled={moves.length === 0 || applying.isLoading || applied !== null}>
            {applying.isLoading ? 'Moving...' : `Move ${countLabel(moves.length, 'task')}`}
          </Button>
        </>
      }
    >
      {following.isLoading || !plan ? (
        following.isError ? (
          <Typography color="error">The next days could not be loaded. Please try again.</Typography>
        ) : (
          <SkeletonRows count={2} />
        )
      ) : (
        <Stack spacing={2}>
          {moves.length > 0 ? (
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }}>
                The lowest-priority tasks move to the next day with room:
              </Typography>
              <Stack spacing={1}>
                {moves.map(({ task, toDate }) => (
                  <TaskLine key={task.id} task={task} to={toDate} />
                ))}
              </Stack>
            </Box>
          ) : (
            <Typography variant="body2">
              No move makes {weekday} fit within the next {CAPACITY_HORIZON_DAYS} days.
            </Typography>
          )}
          {plan.unplaced.length > 0 && (
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }}>
                No day in the next {CAPACITY_HORIZON_DAYS} days has room for {plan.unplaced.length === 1 ? 'this task, so it stays' : 'these tasks, so they stay'}:
              </Typography>
              <Stack spacing={1}>
                {plan.unplaced.map((task) => (
                  <TaskLine key={task.id} task={task} />
                ))}
              </Stack>
            </Box>
          )}
          <Typography variant="caption" color="textSecondary">
            {keepIds.size > 0 ? 'Your top 3 priorities stay. ' : ''}Tasks without an estimate stay.
            {plan.overByMinutes > 0 && moves.length > 0 ? ` After these moves ${weekday} is still over by ${formatDuration(plan.overByMinutes)}.` : ''}
          </Typography>
        </Stack>
      )}
    </ResponsiveModal>
  );
}

export default CapacityDialog;
