import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { MAX_DAILY_PRIORITIES, todayIn, type Task } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { useSaveTodayOrderMutation } from '../../api/dailyPlanApi';
import { useGetTodayTasksQuery } from '../../api/tasksApi';
import { DayCapacity } from '../../components/planning/DayCapacity';
import { PriorityBadge } from '../../components/PriorityBadge';
import { ResponsiveModal } from '../../components/ResponsiveModal';
import { SkeletonRows } from '../../components/SkeletonRows';
import { SortableList } from '../../components/SortableList';
import { moveItem } from '../../lib/reorder';
import { toast, toastError } from '../../lib/toast';
import { mergeManualOrder } from './priorities';

/**
 * 'Set Your Daily Priorities' (spec §2): today's open tasks in a drag list whose first 3 become the
 * day's priorities. Mount it anew for each opening: the manual order resets (spec §4).
 */
export function PrioritiesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const today = useGetTodayTasksQuery();
  const [save, saving] = useSaveTodayOrderMutation();
  const [manual, setManual] = useState<string[] | null>(null);
  const tasks: Task[] = useMemo(() => mergeManualOrder(manual, today.data ?? []), [manual, today.data]);
  // Today against the working hours (DECISIONS 34), with the offer to move what does not fit.
  const user = useSignedInUser();
  const date = user ? todayIn(new Date(), user.timezone) : null;

  const onMove = (from: number, to: number) => setManual(moveItem(tasks, from, to).map((task) => task.id));

  const onSave = async () => {
    try {
      await save(tasks.map((task) => task.id)).unwrap();
      toast({ title: 'Tasks prioritized', description: 'Task order has been saved successfully', variant: 'success' });
      onClose();
    } catch {
      toastError('Failed to save task order');
    }
  };

  const empty = !today.isLoading && tasks.length === 0;
  return (
    <ResponsiveModal
      open={open}
      onClose={onClose}
      title="Set Your Daily Priorities"
      description={empty ? undefined : `Drag to reorder. The top ${MAX_DAILY_PRIORITIES} become today's main priorities.`}
      actions={
        empty ? (
          <Button variant="contained" onClick={onClose}>
            Continue to Dashboard
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => void onSave()} disabled={saving.isLoading || today.isLoading}>
              {saving.isLoading ? 'Saving...' : 'Save Priority Order'}
            </Button>
          </>
        )
      }
    >
      {date && !today.isLoading && !empty && <DayCapacity date={date} tasks={tasks} className="db-capacity-spaced" />}
      {today.isLoading ? (
        <SkeletonRows count={3} />
      ) : empty ? (
        <Typography sx={{ py: 3, textAlign: 'center', fontWeight: 600 }}>No tasks for today!</Typography>
      ) : (
        <SortableList listId="daily-priorities" items={tasks} onMove={onMove} itemLabel={(task) => task.title} testId="priority-order" itemTestId="priority-order-row" itemGap={8}>
          {(task, index, dragging) => {
            const top = index < MAX_DAILY_PRIORITIES;
            return (
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.25,
                  p: 1.25,
                  borderRadius: 2,
                  border: top ? 2 : 1,
                  borderColor: top ? 'primary.main' : 'divider',
                  bgcolor: dragging ? 'background.paper' : top ? 'rgba(37, 99, 235, 0.06)' : 'background.paper',
                  boxShadow: dragging ? 4 : 0,
                }}
              >
                <DragIndicatorIcon fontSize="small" color="action" />
                {top && (
                  <Box sx={{ width: 24, height: 24, flexShrink: 0, borderRadius: '50%', bgcolor: 'primary.main', color: '#fff', display: 'grid', placeItems: 'center', fontSize: 13, fontWeight: 700 }}>
                    {index + 1}
                  </Box>
                )}
                <Typography sx={{ flex: 1, minWidth: 0, fontWeight: top ? 600 : 400, wordBreak: 'break-word' }}>{task.title}</Typography>
                <PriorityBadge priority={task.priority} />
              </Box>
            );
          }}
        </SortableList>
      )}
    </ResponsiveModal>
  );
}

export default PrioritiesDialog;
