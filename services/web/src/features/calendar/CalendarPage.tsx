import { useCallback, useLayoutEffect, useMemo, useRef, useState, type PointerEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { addDays, calendarWindow, todayIn, type Task, type TaskDue } from '@daybook/shared';
import { useGetCalendarTasksQuery } from '../../api/calendarApi';
import { useGetTodayTasksQuery } from '../../api/tasksApi';
import { LoadError } from '../../components/LoadError';
import { NewButton } from '../../components/NewButton';
import { WIDE_SCREEN_QUERY } from '../../components/ResponsiveModal';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskScreen } from '../../components/tasks/TaskScreen';
import { useTaskView } from '../../components/tasks/TaskViewContext';
import { reportFailure } from '../../lib/feedback';
import { useMoveTaskMutation } from './calendarMovesApi';
import { CalendarGrid } from './CalendarGrid';
import { anchorForView, buildDays, carriedOverdue, rangeLabel, VIEW_DAYS, VIEW_LABELS, viewDates, viewStart, type CalendarView } from './calendarLayout';
import { useCalendarDrag } from './useCalendarDrag';

/** Spec §9: a swipe counts from 50 px, and must be mostly sideways. */
export const SWIPE_DISTANCE = 50;

/** The grid is never shorter than this, px; below it the page scrolls. */
const MIN_GRID_HEIGHT = 420;

/**
 * The height that takes an element from where it starts down to the window's bottom edge (less a
 * margin): the calendar fills the screen whatever the header above it, and its time grid scrolls.
 */
function useHeightToWindowBottom(element: RefObject<HTMLElement | null>, shown: boolean, margin = 12): number {
  const [height, setHeight] = useState(MIN_GRID_HEIGHT);
  useLayoutEffect(() => {
    const measure = () => {
      const top = (element.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setHeight(Math.max(MIN_GRID_HEIGHT, Math.floor(window.innerHeight - top - margin)));
    };
    if (!shown) return;
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [element, shown, margin]);
  return height;
}

const WIDE_VIEWS: CalendarView[] = ['day', 'three-day', 'week'];
const PHONE_VIEWS: CalendarView[] = ['day', 'three-day'];

/**
 * The calendar (spec §2, issue 18): a week at desktop widths, a day or 3 days on phones (a toggle; swipe
 * or Previous / Next to move), in the user's zone (DECISIONS 1). Tasks without a time sit in the all-day
 * row, tasks with one in the time grid; overdue tasks of earlier days show on today. A task is dragged to
 * another day or time, or moved from its Move menu; the move shows at once and goes back if the api
 * refuses it. Calendar data is never served from the cache (spec §9).
 */
function CalendarScreen({ onNew }: { onNew: () => void }) {
  const { now, timeZone, openTask } = useTaskView();
  const today = todayIn(now, timeZone);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const views = wide ? WIDE_VIEWS : PHONE_VIEWS;
  const [chosenView, setChosenView] = useState<CalendarView | null>(null);
  const view: CalendarView = chosenView && views.includes(chosenView) ? chosenView : wide ? 'week' : 'day';
  const [anchor, setAnchor] = useState(today);
  const start = viewStart(view, anchor);
  const dates = useMemo(() => viewDates(view, start), [view, start]);
  const shown = useMemo(() => {
    const window = calendarWindow(start, timeZone, dates.length);
    return { start: window.start, end: window.end };
  }, [start, timeZone, dates.length]);

  const calendar = useGetCalendarTasksQuery(shown, { refetchOnMountOrArgChange: true });
  const todayShown = dates.includes(today);
  // The day list holds every overdue open task (bounded by the api): those of earlier days show on today.
  const dayList = useGetTodayTasksQuery(undefined, { skip: !todayShown, refetchOnMountOrArgChange: true });
  const days = useMemo(() => {
    const carried = todayShown ? carriedOverdue(dayList.data ?? [], start, today, now, timeZone) : [];
    return buildDays(dates, calendar.currentData ?? [], carried, today, now, timeZone);
  }, [calendar.currentData, dates, dayList.data, now, start, timeZone, today, todayShown]);

  const [moveTask] = useMoveTaskMutation();
  const move = useCallback(
    (task: Task, to: TaskDue & { dueDate: string }) => {
      moveTask({ task, to, window: shown })
        .unwrap()
        .catch((error: unknown) => reportFailure(error, 'Failed to update task', { vibrate: true }));
    },
    [moveTask, shown],
  );
  const scroller = useRef<HTMLDivElement | null>(null);
  const gridBox = useRef<HTMLElement | null>(null);
  const gridHeight = useHeightToWindowBottom(gridBox, !calendar.isLoading && !calendar.isError);
  const { drag, startPress, endsDrag } = useCalendarDrag(move, scroller);
  const open = useCallback((task: Task) => !endsDrag() && openTask(task), [endsDrag, openTask]);

  const step = (direction: 1 | -1) => setAnchor(addDays(start, direction * VIEW_DAYS[view]));
  const swipe = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const onSwipeStart = (event: PointerEvent<HTMLElement>) => {
    // Only a finger on the grid itself: not one in a menu or dialog opened from it (portals).
    const onGrid = event.pointerType === 'touch' && event.currentTarget.contains(event.target as Node);
    swipe.current = onGrid ? { x: event.clientX, y: event.clientY, pointerId: event.pointerId } : null;
  };
  const onSwipeEnd = (event: PointerEvent) => {
    const from = swipe.current;
    swipe.current = null;
    if (!from || from.pointerId !== event.pointerId || drag) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > 1.5 * Math.abs(dy)) step(dx < 0 ? 1 : -1);
  };

  return (
    <ScreenShell title="Calendar" maxWidth="xl" actions={<NewButton onClick={onNew} />}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: { xs: 1.5, md: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ flex: { xs: '1 0 100%', md: 1 }, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid="calendar-range">
          {rangeLabel(view, start)}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={view}
          aria-label="Calendar view"
          onChange={(_event, next: CalendarView | null) => {
            if (!next) return;
            setAnchor(anchorForView(next, dates, today));
            setChosenView(next);
          }}
          sx={{
            mr: { xs: 'auto', md: 0 },
            bgcolor: 'background.paper',
            '& .MuiToggleButton-root': { px: 1.5, py: 0.5, textTransform: 'none', fontWeight: 600, color: 'text.secondary' },
            '& .MuiToggleButton-root.Mui-selected': { color: 'primary.main' },
          }}
        >
          {views.map((option) => (
            <ToggleButton key={option} value={option}>
              {VIEW_LABELS[option]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ButtonGroup variant="outlined" size="small" aria-label="Move through the calendar">
          <Button startIcon={wide ? <ChevronLeftIcon /> : undefined} aria-label="Previous" onClick={() => step(-1)}>
            {wide ? 'Previous' : <ChevronLeftIcon />}
          </Button>
          <Button onClick={() => setAnchor(today)}>Today</Button>
          <Button endIcon={wide ? <ChevronRightIcon /> : undefined} aria-label="Next" onClick={() => step(1)}>
            {wide ? 'Next' : <ChevronRightIcon />}
          </Button>
        </ButtonGroup>
      </Box>
      {calendar.isLoading ? (
        <SkeletonRows count={4} />
      ) : calendar.isError ? (
        <>
          <Typography color="error" sx={{ mb: 1 }}>
            Failed to fetch calendar tasks
          </Typography>
          <LoadError onRetry={() => void calendar.refetch()} />
        </>
      ) : (
        <Box
          component="section"
          ref={gridBox}
          aria-label={`Calendar, ${rangeLabel(view, start)}`}
          aria-busy={calendar.currentData === undefined}
          data-testid="calendar-grid"
          data-view={view}
          onPointerDown={onSwipeStart}
          onPointerUp={onSwipeEnd}
          onPointerCancel={() => (swipe.current = null)}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            height: gridHeight,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
            overflow: 'hidden',
            touchAction: 'pan-y',
          }}
        >
          <CalendarGrid
            days={days}
            loading={calendar.currentData === undefined}
            gutter={wide ? 56 : 44}
            now={now}
            timeZone={timeZone}
            today={today}
            drag={drag}
            startPress={startPress}
            onOpen={open}
            onMove={move}
            scroller={scroller}
          />
        </Box>
      )}
    </ScreenShell>
  );
}

export function CalendarPage() {
  return <TaskScreen>{(openTask) => <CalendarScreen onNew={() => openTask(null)} />}</TaskScreen>;
}

export default CalendarPage;
