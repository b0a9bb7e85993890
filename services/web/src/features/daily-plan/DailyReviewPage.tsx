import { useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import { DEFAULT_TIMEZONE, dueLabel, estimateLabel, formatTimeOfDay, isOverdue, MAX_DAILY_PRIORITIES, type Client, type Task } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useGetDailyPlanQuery, useSaveDailyPlanMutation } from '../../api/dailyPlanApi';
import { useGetActiveTasksInfiniteQuery } from '../../api/tasksApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { ClientChip } from '../../components/ClientChip';
import { PriorityBadge } from '../../components/PriorityBadge';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { usePriorityTasks } from '../../components/tasks/usePriorityTasks';
import { loadedItems } from '../../lib/pages';
import { toast, toastError } from '../../lib/toast';
import { prefilledPriorities, priorityCandidates, togglePriority } from './priorities';

/**
 * One open task to pick (a checkbox): title, description, priority, due date (red when overdue), client
 * and estimate. A picked task shows its rank on a filled badge with a tick, a coloured border and tint;
 * an unpicked one an empty ring; none looks disabled, even when 3 are picked.
 */
function ReviewRow({ task, rank, client, now, timeZone, onToggle }: { task: Task; rank: number | null; client: Client | undefined; now: Date; timeZone: string; onToggle: () => void }) {
  const picked = rank !== null;
  const overdue = isOverdue(task, now, timeZone);
  const titleId = useId();
  const detailsId = useId();
  return (
    <Card
      role="listitem"
      variant="outlined"
      data-testid="review-row"
      data-picked={picked}
      sx={(theme) => ({
        borderWidth: 2,
        borderColor: picked ? 'primary.main' : 'divider',
        bgcolor: picked ? alpha(theme.palette.primary.main, 0.07) : 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
      })}
    >
      <CardActionArea role="checkbox" aria-checked={picked} aria-labelledby={titleId} aria-describedby={detailsId} onClick={onToggle} sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 1.5, p: 1.5 }}>
        <Box
          data-testid="priority-number"
          sx={{
            position: 'relative',
            width: 30,
            height: 30,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            border: 2,
            borderColor: picked ? 'primary.main' : 'text.secondary',
            bgcolor: picked ? 'primary.main' : 'transparent',
            color: 'primary.contrastText',
          }}
        >
          {picked && rank}
          {picked && (
            <CheckIcon
              aria-hidden
              sx={{ position: 'absolute', right: -6, bottom: -6, fontSize: 16, p: '1px', borderRadius: '50%', bgcolor: 'background.paper', color: 'primary.main', border: 1, borderColor: 'primary.main' }}
            />
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {task.title}
          </Typography>
          {task.description && (
            <Typography variant="body2" color="textSecondary" noWrap>
              {task.description}
            </Typography>
          )}
          <Box id={detailsId} data-testid="review-meta" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.75 }}>
            <PriorityBadge priority={task.priority} />
            {task.dueDate && (
              <Typography variant="caption" color={overdue ? 'error' : 'text.secondary'} data-testid="review-due" sx={{ fontWeight: overdue ? 600 : 400 }}>
                {dueLabel(task.dueDate, now, timeZone)}
                {task.dueTime ? `, ${formatTimeOfDay(task.dueTime)}` : ''}
                {overdue ? ' (overdue)' : ''}
              </Typography>
            )}
            {/* Not a link here: the whole row is the checkbox. */}
            {client && <ClientChip name={client.name} color={client.color} />}
            {task.estimatedTime && (
              <Typography variant="caption" color="textSecondary" data-testid="review-estimate">
                Est. {estimateLabel(task.estimatedTime)}
              </Typography>
            )}
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}

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
  // A 4th pick is ignored (spec §4); the screen says why instead of looking disabled.
  const [refused, setRefused] = useState(false);
  const toggle = (id: string) => {
    setRefused(!selected.includes(id) && selected.length >= MAX_DAILY_PRIORITIES);
    setChosen(togglePriority(selected, id));
  };
  const timeZone = useSignedInUser()?.timezone ?? DEFAULT_TIMEZONE;
  const [now] = useState(() => new Date());
  const clients = useGetClientsQuery().data;
  const clientsById = useMemo(() => new Map((clients ?? []).map((client) => [client.id, client])), [clients]);

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
            return <ReviewRow key={task.id} task={task} rank={rank >= 0 ? rank + 1 : null} client={task.clientId ? clientsById.get(task.clientId) : undefined} now={now} timeZone={timeZone} onToggle={() => toggle(task.id)} />;
          })}
        </Stack>
        <LoadMoreRow paging={tasks} label="Loading more tasks" />
      </>
    );
  }

  return (
    <ScreenShell title="Set Your Daily Priorities" maxWidth="md">
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        Choose up to {MAX_DAILY_PRIORITIES} tasks to focus on today, in order of importance.
      </Typography>
      {!loading && candidates.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap', position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 1, bgcolor: 'background.default', py: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} data-testid="selected-count">
              {selected.length}/{MAX_DAILY_PRIORITIES} priorities selected
            </Typography>
            <Typography variant="body2" color="textSecondary" role="status" data-testid="selection-hint">
              {refused ? `Unpick one of your ${MAX_DAILY_PRIORITIES} to choose another.` : ''}
            </Typography>
          </Box>
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
