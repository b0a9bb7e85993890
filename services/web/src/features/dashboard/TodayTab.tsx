import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import {
  dashboardDate,
  dashboardDayLabel,
  dueLabel,
  estimateTotalLabel,
  formatShortDate,
  isOverdue,
  weekdayNameOf,
  type Client,
  type Task,
} from '@daybook/shared';
import { useGetDayTasksQuery } from '../../api/tasksApi';
import { ClientChip } from '../../components/ClientChip';
import { NativeSelectField } from '../../components/NativeSelectField';
import { PriorityBadge } from '../../components/PriorityBadge';
import { useTaskActions } from '../../components/tasks/useTaskActions';
import { useTaskView } from '../../components/tasks/TaskViewContext';
import { filterTasks, NO_FILTERS } from '../../components/tasks/taskFilters';
import { countLabel } from '../../lib/format';
import { TaskListSection } from './TaskListSection';
import { usePriorityTasks } from '../../components/tasks/usePriorityTasks';

function Figure({ label, value, tone }: { label: string; value: string | number; tone?: 'error' }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="h4" component="p" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, color: tone === 'error' && value !== 0 ? 'error.main' : 'text.primary' }} data-testid={`figure-${label}`}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** The overview card (spec §2): 'Today' or 'Friday - Monday', the date, and Due, Overdue, Est. Time. */
function OverviewCard({ tasks, isLoading }: { tasks: readonly Task[] | undefined; isLoading: boolean }) {
  const { now, timeZone } = useTaskView();
  const date = dashboardDate(now, timeZone);
  const open = (tasks ?? []).filter((task) => !task.isCompleted);
  const due = open.filter((task) => task.dueDate === date).length;
  const overdue = open.filter((task) => isOverdue(task, now, timeZone)).length;
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Overview">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" data-testid="day-label">
          {dashboardDayLabel(now, timeZone)}
        </Typography>
        <Typography color="text.secondary">
          {weekdayNameOf(date)}, {formatShortDate(date)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
        {isLoading ? (
          <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
        ) : (
          <>
            <Figure label="Due" value={due} />
            <Figure label="Overdue" value={overdue} tone="error" />
            <Figure label="Est. Time" value={estimateTotalLabel(open.map((task) => task.estimatedTime))} />
          </>
        )}
      </Box>
    </Card>
  );
}

/** 'Today's Top 3 Priorities' from the server's daily plan (DECISIONS 14), when there are any. */
function PrioritiesBlock() {
  const view = useTaskView();
  const actions = useTaskActions();
  const { tasks: priorities } = usePriorityTasks();
  const [completing, setCompleting] = useState<string | null>(null);
  if (priorities.length === 0) return null;

  return (
    <Card component="section" aria-label="Today's Top 3 Priorities" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Today&apos;s Top 3 Priorities
        </Typography>
        <Link component={RouterLink} to="/daily-review" underline="hover" variant="body2" sx={{ fontWeight: 600 }}>
          Change priorities
        </Link>
      </Box>
      <Stack spacing={1}>
        {priorities.map((task, index) => {
          const client: Client | undefined = task.clientId ? view.clientsById.get(task.clientId) : undefined;
          return (
            <Box
              key={task.id}
              data-testid="priority-row"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.25, border: 1, borderColor: 'divider', borderRadius: 2, opacity: task.isCompleted ? 0.6 : 1 }}
            >
              <Box
                aria-label={task.isCompleted ? 'Completed' : `Priority ${index + 1}`}
                sx={{
                  width: 28,
                  height: 28,
                  flexShrink: 0,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  fontSize: 14,
                  color: '#fff',
                  bgcolor: task.isCompleted ? 'success.main' : 'primary.main',
                }}
              >
                {task.isCompleted ? <CheckIcon sx={{ fontSize: 18 }} /> : index + 1}
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography
                  role="button"
                  tabIndex={0}
                  onClick={() => view.openTask(task)}
                  onKeyDown={(event) => event.key === 'Enter' && view.openTask(task)}
                  sx={{ fontWeight: 600, cursor: 'pointer', textDecoration: task.isCompleted ? 'line-through' : 'none', wordBreak: 'break-word' }}
                >
                  {task.title}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
                  <PriorityBadge priority={task.priority} />
                  {task.dueDate && (
                    <Typography variant="caption" color={isOverdue(task, view.now, view.timeZone) ? 'error' : 'text.secondary'}>
                      {dueLabel(task.dueDate, view.now, view.timeZone)}
                    </Typography>
                  )}
                  {client && <ClientChip name={client.name} color={client.color} />}
                  {task.estimatedTime && (
                    <Typography variant="caption" color="text.secondary">
                      Est. {task.estimatedTime}
                    </Typography>
                  )}
                </Box>
              </Box>
              {!task.isCompleted && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={completing === task.id}
                  onClick={async () => {
                    setCompleting(task.id);
                    await actions.completePriority(task);
                    setCompleting(null);
                  }}
                >
                  Complete
                </Button>
              )}
            </Box>
          );
        })}
      </Stack>
    </Card>
  );
}

/**
 * The Today tab (spec §2): overview, the top 3, the day's tasks (Monday's in weekend mode) with their own
 * client filter and drag reordering, and for delegation users the delegated tasks due that day.
 */
export function TodayTab({ weekendMode, clients }: { weekendMode: boolean; clients: readonly Client[] }) {
  const view = useTaskView();
  const day = useGetDayTasksQuery(weekendMode);
  const [clientId, setClientId] = useState<string>('all');
  const shown = useMemo(() => filterTasks(day.data ?? [], { ...NO_FILTERS, clientId }), [day.data, clientId]);
  const date = dashboardDate(view.now, view.timeZone);
  const delegatedDue = (day.data ?? []).filter((task) => task.isDelegated && task.dueDate === date);

  return (
    <Stack spacing={2.5}>
      <OverviewCard tasks={day.data} isLoading={day.isLoading} />
      <PrioritiesBlock />
      <TaskListSection
        heading="Tasks Due"
        headingAction={
          <NativeSelectField label="Client" value={clientId} onChange={setClientId} sx={{ minWidth: 160 }}>
            <option value="all">All Clients</option>
            {clients.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </NativeSelectField>
        }
        tasks={day.data}
        shown={shown}
        isLoading={day.isLoading}
        isError={day.isError}
        onRetry={() => void day.refetch()}
        skeletonRows={3}
        empty={{ title: 'No tasks for the day', description: "You're all caught up! Create a new task to get started.", icon: <EventAvailableIcon /> }}
        list={weekendMode ? 'getMondayTasks' : 'getTodayTasks'}
        reorderType="today"
      />
      {view.delegationEnabled && (
        <Card component="section" aria-label="Delegated Tasks Due Today" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              Delegated Tasks Due Today
            </Typography>
            <Typography color="text.secondary" data-testid="delegated-due-count">
              {countLabel(delegatedDue.length, 'task')}
            </Typography>
          </Box>
          {delegatedDue.length > 0 && (
            <Stack spacing={0.5} sx={{ mt: 1 }}>
              {delegatedDue.map((task) => (
                <Typography key={task.id} variant="body2">
                  {task.title}
                  {task.delegatedToId && view.contactsById.get(task.delegatedToId) && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      - {view.contactsById.get(task.delegatedToId)?.name}
                    </Typography>
                  )}
                </Typography>
              ))}
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}
