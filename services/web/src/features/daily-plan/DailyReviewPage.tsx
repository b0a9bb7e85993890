import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_DAILY_PRIORITIES } from '@daybook/shared';
import { useGetDailyPlanQuery, useSaveDailyPlanMutation } from '../../api/dailyPlanApi';
import { useGetActiveTasksInfiniteQuery } from '../../api/tasksApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { PriorityBadge } from '../../components/PriorityBadge';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { usePriorityTasks } from '../../components/tasks/usePriorityTasks';
import { loadedItems } from '../../lib/pages';
import { toast, toastError } from '../../lib/toast';
import { prefilledPriorities, priorityCandidates, togglePriority } from './priorities';

/**
 * The daily review screen (spec §2): choose up to 3 of the open tasks as today's priorities (any open
 * task may be one, as the plan's default top 3 shows). The active list loads in pages as the user
 * scrolls; the plan's own tasks are always on it, so the pre-filled choice shows whatever has loaded.
 */
export function DailyReviewPage() {
  const navigate = useNavigate();
  const tasks = useGetActiveTasksInfiniteQuery();
  const plan = useGetDailyPlanQuery();
  const [save, saving] = useSaveDailyPlanMutation();
  const planned = usePriorityTasks();
  const loaded = useMemo(() => loadedItems(tasks.data), [tasks.data]);
  const candidates = useMemo(() => priorityCandidates([...planned.tasks, ...(loaded ?? [])]), [planned.tasks, loaded]);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? (loaded && plan.data ? prefilledPriorities(plan.data.priorityTaskIds, candidates) : []);

  const onSave = async () => {
    try {
      await save(selected).unwrap();
      toast({ title: 'Priorities saved!', variant: 'success' });
      void navigate('/dashboard');
    } catch {
      toastError('Failed to save your daily priorities. Please try again.', 'Error saving priorities');
    }
  };

  const loading = tasks.isLoading || plan.isLoading || planned.isLoading;
  let body;
  if (loading) body = <SkeletonRows count={4} />;
  else if ((tasks.isError && !loaded) || plan.isError) body = <LoadError onRetry={() => void (tasks.refetch(), plan.refetch())} />;
  else if (candidates.length === 0 && !tasks.hasNextPage) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <EmptyState title="No tasks to prioritize" description="Create some tasks on the dashboard, then choose today's priorities here." />
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Go to Dashboard
        </Button>
      </Stack>
    );
  } else {
    body = (
      <>
        <Stack spacing={1.25} role="list" aria-label="Open tasks">
        {candidates.map((task) => {
          const rank = selected.indexOf(task.id);
          const isChosen = rank >= 0;
          const full = !isChosen && selected.length >= MAX_DAILY_PRIORITIES;
          return (
            <Card
              key={task.id}
              role="listitem"
              variant="outlined"
              sx={{ borderColor: isChosen ? 'primary.main' : 'divider', borderWidth: isChosen ? 2 : 1, bgcolor: isChosen ? 'rgba(37, 99, 235, 0.05)' : 'background.paper', opacity: full ? 0.6 : 1 }}
            >
              <CardActionArea
                role="checkbox"
                aria-checked={isChosen}
                aria-label={task.title}
                onClick={() => setChosen(togglePriority(selected, task.id))}
                sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 1.5, p: 1.5 }}
              >
                <Box
                  data-testid="priority-number"
                  sx={{ width: 30, height: 30, flexShrink: 0, borderRadius: '50%', display: 'grid', placeItems: 'center', fontWeight: 700, border: 2, borderColor: isChosen ? 'primary.main' : 'divider', bgcolor: isChosen ? 'primary.main' : 'transparent', color: '#fff' }}
                >
                  {isChosen ? rank + 1 : ''}
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{task.title}</Typography>
                  {task.description && (
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {task.description}
                    </Typography>
                  )}
                </Box>
                <PriorityBadge priority={task.priority} />
              </CardActionArea>
            </Card>
          );
        })}
        </Stack>
        <LoadMoreRow paging={tasks} label="Loading more tasks" />
      </>
    );
  }

  return (
    <ScreenShell title="Set Your Daily Priorities" maxWidth="md">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose up to {MAX_DAILY_PRIORITIES} tasks to focus on today, in order of importance.
      </Typography>
      {!loading && candidates.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap', position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 1, bgcolor: 'background.default', py: 1 }}>
          <Typography sx={{ flex: 1, fontWeight: 600 }} data-testid="selected-count">
            {selected.length}/{MAX_DAILY_PRIORITIES} priorities selected
          </Typography>
          <Button variant="contained" onClick={() => void onSave()} disabled={saving.isLoading}>
            {saving.isLoading ? 'Saving...' : 'Save Priorities'}
          </Button>
        </Box>
      )}
      {body}
    </ScreenShell>
  );
}

export default DailyReviewPage;
