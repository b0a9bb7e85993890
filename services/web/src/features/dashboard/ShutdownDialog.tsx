import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  defaultShutdownChoice,
  estimateLabel,
  formatDuration,
  formatShortMonthDay,
  plannedMinutesOf,
  shutdownMove,
  type DayLoad,
  type ShutdownChoice,
  type ShutdownWeek,
  type Task,
} from '@daybook/shared';
import { useApplyTaskMovesMutation, useGetCapacityQuery } from '../../api/planningApi';
import { PriorityBadge } from '../../components/PriorityBadge';
import { ResponsiveModal } from '../../components/ResponsiveModal';
import { shortDayLabel } from '../../components/planning/dayLabel';
import { reportFailure } from '../../lib/feedback';
import { countLabel } from '../../lib/format';
import { toast } from '../../lib/toast';

const CHOICE_LABELS: Record<ShutdownChoice, string> = { monday: 'Monday', nextWeek: 'Next week', backlog: 'Backlog', done: 'Done' };

interface ShutdownDialogProps {
  open: boolean;
  onClose: () => void;
  week: ShutdownWeek;
  /** The week's unfinished tasks (the first 100). */
  tasks: readonly Task[];
  hasMore: boolean;
}

/** 'Monday, Mar 16: 9 h planned of 8 h': a target day's load once the choices are applied. */
function LoadLine({ label, load, adding }: { label: string; load: DayLoad | undefined; adding: number }) {
  if (!load || load.availableMinutes === 0) return null;
  const planned = load.plannedMinutes + adding;
  const over = planned - load.availableMinutes;
  return (
    <Typography variant="body2" color={over > 0 ? 'warning.dark' : 'text.secondary'} data-testid="shutdown-load">
      {label}: {formatDuration(planned)} planned of {formatDuration(load.availableMinutes)}
      {over > 0 ? ` (over by ${formatDuration(over)})` : ''}
    </Typography>
  );
}

/** What happened, for the toast: '3 moved to Monday, 1 to next week, 1 to the backlog; 1 marked done'. */
function summary(counts: Record<ShutdownChoice, number>): string {
  const moves = [
    counts.monday > 0 && `${counts.monday} to Monday`,
    counts.nextWeek > 0 && `${counts.nextWeek} to next week`,
    counts.backlog > 0 && `${counts.backlog} to the backlog`,
  ].filter(Boolean);
  const parts = [moves.length > 0 && `Moved ${moves.join(', ')}`, counts.done > 0 && `${counts.done} marked done`].filter(Boolean);
  return parts.length > 0 ? `${parts.join('; ')}.` : '';
}

/**
 * The Friday shutdown (DECISIONS 34): the week's unfinished tasks, each with where it goes (Monday, next
 * week, the backlog, or done; Monday by default), applied in one batch. A task changed meanwhile on
 * another device is left as it is and counted apart.
 */
export function ShutdownDialog({ open, onClose, week, tasks, hasMore }: ShutdownDialogProps) {
  // The list as it was when the dialog opened: the lists refresh under it once the moves are applied.
  const [shown] = useState(tasks);
  const [choices, setChoices] = useState<Record<string, ShutdownChoice>>(() => Object.fromEntries(shown.map((task) => [task.id, defaultShutdownChoice()])));
  const [applyMoves, applying] = useApplyTaskMovesMutation();
  const targets = useGetCapacityQuery({ from: week.monday, days: 8 });
  const choiceOf = (task: Task) => choices[task.id] ?? defaultShutdownChoice();
  const chosen = (choice: ShutdownChoice) => shown.filter((task) => choiceOf(task) === choice);

  const onApply = async () => {
    try {
      const result = await applyMoves(shown.map((task) => shutdownMove(task, choiceOf(task), week))).unwrap();
      const counts: Record<ShutdownChoice, number> = { monday: 0, nextWeek: 0, backlog: 0, done: 0 };
      for (const task of result.moved) counts[choices[task.id] ?? defaultShutdownChoice()] += 1;
      const skipped = result.skipped.length;
      toast({
        title: 'Week wrapped up',
        description: [summary(counts), skipped > 0 && `${countLabel(skipped, 'task')} had changed on another device and stayed as ${skipped === 1 ? 'it was' : 'they were'}.`]
          .filter(Boolean)
          .join(' '),
        variant: 'success',
      });
      onClose();
    } catch (error) {
      reportFailure(error, 'Failed to apply the Friday shutdown', { vibrate: true, showReason: true });
    }
  };

  const empty = shown.length === 0;
  return (
    <ResponsiveModal
      open={open}
      onClose={onClose}
      title="Friday shutdown"
      description={
        empty
          ? undefined
          : `This week's unfinished tasks. Choose where each one goes: Monday is ${formatShortMonthDay(week.monday)}, next week starts ${formatShortMonthDay(week.nextWeek)}.`
      }
      maxWidth="md"
      actions={
        empty ? (
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => void onApply()} disabled={applying.isLoading}>
              {applying.isLoading ? 'Applying...' : 'Apply'}
            </Button>
          </>
        )
      }
    >
      {empty ? (
        <Typography sx={{ py: 3, textAlign: 'center' }}>Nothing left from this week. Enjoy your weekend.</Typography>
      ) : (
        <Stack spacing={1.25}>
          {shown.map((task) => (
            <Box
              key={task.id}
              data-testid="shutdown-task"
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.25, border: 1, borderColor: 'divider', borderRadius: 2 }}
            >
              <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{task.title}</Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                  <PriorityBadge priority={task.priority} />
                  {task.dueDate && (
                    <Typography variant="caption" color="textSecondary">
                      Due {shortDayLabel(task.dueDate)}
                    </Typography>
                  )}
                  {task.estimatedTime && (
                    <Typography variant="caption" color="textSecondary">
                      Est. {estimateLabel(task.estimatedTime)}
                    </Typography>
                  )}
                </Box>
              </Box>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={choiceOf(task)}
                onChange={(_event, choice: ShutdownChoice | null) => choice && setChoices((current) => ({ ...current, [task.id]: choice }))}
                aria-label={`Where “${task.title}” goes`}
                sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, '& .MuiToggleButton-root': { flex: 1, px: 1.25, textTransform: 'none', whiteSpace: 'nowrap' } }}
              >
                {(Object.keys(CHOICE_LABELS) as ShutdownChoice[]).map((choice) => (
                  <ToggleButton key={choice} value={choice}>
                    {CHOICE_LABELS[choice]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          ))}
          {hasMore && (
            <Typography variant="body2" color="textSecondary">
              More tasks from this week are open: apply these first, then open the shutdown again.
            </Typography>
          )}
          <Box>
            <LoadLine label={`Monday, ${formatShortMonthDay(week.monday)}`} load={targets.data?.days[0]} adding={plannedMinutesOf(chosen('monday'))} />
            <LoadLine label={`Next week, ${formatShortMonthDay(week.nextWeek)}`} load={targets.data?.days[7]} adding={plannedMinutesOf(chosen('nextWeek'))} />
          </Box>
        </Stack>
      )}
    </ResponsiveModal>
  );
}

export default ShutdownDialog;
