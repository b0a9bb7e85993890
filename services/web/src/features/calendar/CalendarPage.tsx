import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { addDays, calendarWindow, CALENDAR_WEEK_DAYS, sortTasksDefault, statusText, todayIn, weekdayNameOf, weekRangeLabel, weekStartOf, type Task } from '@daybook/shared';
import { useGetCalendarTasksQuery } from '../../api/calendarApi';
import { LoadError } from '../../components/LoadError';
import { PriorityBadge } from '../../components/PriorityBadge';
import { NewButton } from '../../components/NewButton';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskScreen } from '../../components/tasks/TaskScreen';
import { useTaskView } from '../../components/tasks/TaskViewContext';
import { countLabel, monthNameOf } from '../../lib/format';

/** Groups tasks by due date. */
export function tasksByDay(tasks: readonly Task[]): Map<string, Task[]> {
  const byDay = new Map<string, Task[]>();
  for (const task of sortTasksDefault(tasks)) {
    if (!task.dueDate) continue;
    byDay.set(task.dueDate, [...(byDay.get(task.dueDate) ?? []), task]);
  }
  return byDay;
}

function DayCard({ date, isToday, tasks }: { date: string; isToday: boolean; tasks: readonly Task[] }) {
  const { openTask } = useTaskView();
  const [year, , day] = date.split('-');
  return (
    <Card
      component="section"
      aria-label={`${weekdayNameOf(date)} ${date}`}
      data-testid="calendar-day"
      data-date={date}
      data-today={isToday || undefined}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minHeight: { md: 220 }, border: isToday ? 2 : 1, borderColor: isToday ? 'primary.main' : 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: isToday ? 'primary.main' : 'text.primary' }}>
          {Number(day)}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {weekdayNameOf(date)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {monthNameOf(date)} {year}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {isToday && (
          <Typography variant="caption" sx={{ color: 'primary.main', fontWeight: 700, textTransform: 'uppercase' }}>
            Today
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" data-testid="day-count">
          {countLabel(tasks.length, 'task')}
        </Typography>
      </Box>
      {tasks.length === 0 ? (
        <Typography variant="body2" color="text.disabled" sx={{ fontStyle: 'italic' }}>
          No tasks scheduled
        </Typography>
      ) : (
        <Stack spacing={1}>
          {tasks.map((task) => (
            <Box
              key={task.id}
              role="button"
              tabIndex={0}
              data-testid="calendar-task"
              onClick={() => openTask(task)}
              onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), openTask(task))}
              sx={{ p: 1, borderRadius: 1.5, border: 1, borderColor: 'divider', bgcolor: 'background.default', cursor: 'pointer', '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' } }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word', textDecoration: task.isCompleted ? 'line-through' : 'none' }}>
                {task.title}
              </Typography>
              {task.description && (
                <Typography variant="caption" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {task.description}
                </Typography>
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5, alignItems: 'center' }}>
                <PriorityBadge priority={task.priority} />
                {task.estimatedTime && (
                  <Typography variant="caption" color="text.secondary">
                    {task.estimatedTime}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" data-testid="calendar-task-status" sx={{ textTransform: 'capitalize' }}>
                  {statusText(task.status)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The week (spec §2, DECISIONS 1): 7 days from the week start in the user's zone; Previous / Next / Today. */
function CalendarWeek({ onNew }: { onNew: () => void }) {
  const { now, timeZone } = useTaskView();
  const today = todayIn(now, timeZone);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const week = calendarWindow(weekStart, timeZone);
  const tasks = useGetCalendarTasksQuery({ start: week.start, end: week.end }, { refetchOnMountOrArgChange: true });
  const byDay = tasksByDay(tasks.data ?? []);

  return (
    <ScreenShell
      title="Calendar"
      maxWidth="xl"
      actions={<NewButton onClick={onNew} />}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 200 }} data-testid="calendar-range">
          {weekRangeLabel(weekStart)}
        </Typography>
        <ButtonGroup variant="outlined" size="small">
          <Button startIcon={<ChevronLeftIcon />} onClick={() => setWeekStart(addDays(weekStart, -CALENDAR_WEEK_DAYS))}>
            Previous
          </Button>
          <Button onClick={() => setWeekStart(weekStartOf(today))}>Today</Button>
          <Button endIcon={<ChevronRightIcon />} onClick={() => setWeekStart(addDays(weekStart, CALENDAR_WEEK_DAYS))}>
            Next
          </Button>
        </ButtonGroup>
      </Box>
      {tasks.isLoading ? (
        <SkeletonRows count={4} />
      ) : tasks.isError ? (
        <>
          <Typography color="error" sx={{ mb: 1 }}>
            Failed to fetch calendar tasks
          </Typography>
          <LoadError onRetry={() => void tasks.refetch()} />
        </>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' } }}>
          {week.dates.map((date) => (
            <DayCard key={date} date={date} isToday={date === today} tasks={byDay.get(date) ?? []} />
          ))}
        </Box>
      )}
    </ScreenShell>
  );
}

export function CalendarPage() {
  return <TaskScreen>{(openTask) => <CalendarWeek onNew={() => openTask(null)} />}</TaskScreen>;
}

export default CalendarPage;
