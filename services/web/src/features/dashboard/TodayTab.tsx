import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import { dashboardDate, dashboardDayLabel, estimateTotalLabel, formatShortDate, isOverdue, weekdayNameOf, type Client, type Task } from '@daybook/shared';
import { useGetDayTasksQuery } from '../../api/tasksApi';
import { DayCapacity } from '../../components/planning/DayCapacity';
import { useTaskView } from '../../components/tasks/TaskViewContext';
import { filterTasks, NO_FILTERS } from '../../components/tasks/taskFilters';
import { countLabel } from '../../lib/format';
import { ClientFilterField } from './ClientFilterField';
import { TaskListSection } from './TaskListSection';

// Weekend mode only (Friday 18:00 through Sunday): not part of the dashboard's first paint on a weekday.
const ShutdownBanner = lazy(() => import('./ShutdownBanner'));

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
      {!isLoading && <DayCapacity date={date} tasks={tasks} sx={{ mt: 1.5 }} />}
    </Card>
  );
}

/**
 * The Today tab (spec §2): overview, the top 3 (`priorities`, from the daily plan), the day's tasks
 * (Monday's in weekend mode) with their own client filter and drag reordering, and for delegation users
 * the delegated tasks due that day.
 */
export function TodayTab({ weekendMode, clients, priorities }: { weekendMode: boolean; clients: readonly Client[]; priorities: ReactNode }) {
  const view = useTaskView();
  const day = useGetDayTasksQuery(weekendMode);
  const [clientId, setClientId] = useState<string>('all');
  const shown = useMemo(() => filterTasks(day.data ?? [], { ...NO_FILTERS, clientId }), [day.data, clientId]);
  const date = dashboardDate(view.now, view.timeZone);
  const delegatedDue = (day.data ?? []).filter((task) => task.isDelegated && task.dueDate === date);

  return (
    <Stack spacing={2.5}>
      <OverviewCard tasks={day.data} isLoading={day.isLoading} />
      {weekendMode && (
        <Suspense fallback={null}>
          <ShutdownBanner />
        </Suspense>
      )}
      {priorities}
      <TaskListSection
        heading="Tasks Due"
        headingAction={<ClientFilterField clients={clients} value={clientId} onChange={setClientId} sx={{ minWidth: 160 }} />}
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
