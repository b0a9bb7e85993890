import { useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import { isOverdue, parseCalendarDate, weekdayNameOf, zonedParts, type Task, type TaskDue } from '@daybook/shared';
import { countLabel, formatTimeOfDay, monthNameOf } from '../../lib/format';
import { ALL_DAY_COLLAPSED, HOUR_HEIGHT, layoutTimedTasks, minutesOfTime, scrollStartHour, timedSpan, type CalendarDay } from './calendarLayout';
import { CalendarTaskCard } from './CalendarTaskCard';
import { MoveTaskMenu } from './MoveTaskMenu';
import type { CalendarDrag } from './useCalendarDrag';
import { visuallyHidden } from '../../lib/visuallyHidden';

const PRIMARY = '#2d5bd0';
const NOW_COLOR = '#c62828';
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;


export interface CalendarGridProps {
  days: CalendarDay[];
  /** The window's tasks are still on their way: no 'No tasks scheduled' yet. */
  loading: boolean;
  /** The time-label column's width, px (narrower on phones). */
  gutter: number;
  now: Date;
  timeZone: string;
  today: string;
  drag: CalendarDrag | null;
  startPress: (event: PointerEvent<HTMLElement>, task: Task) => void;
  onOpen: (task: Task) => void;
  onMove: (task: Task, to: TaskDue & { dueDate: string }) => void;
  /** The time grid's scrolling box (the drag auto-scrolls it). */
  scroller: RefObject<HTMLDivElement | null>;
}

/**
 * The days side by side: a header line per day, the all-day row (tasks without a time, and today's
 * carried overdue tasks), and the 24-hour time grid that scrolls under them, opening at 07:00 or at the
 * first task.
 */
export function CalendarGrid({ days, loading, gutter, now, timeZone, today, drag, startPress, onOpen, onMove, scroller }: CalendarGridProps) {
  const columns = `${gutter}px repeat(${days.length}, minmax(0, 1fr))`;
  // Each row keeps the scrollbar's room, so the columns line up with the time grid's.
  const row = { display: 'grid', gridTemplateColumns: columns, overflowY: 'hidden', scrollbarGutter: 'stable', borderBottom: 1, borderColor: 'divider' } as const;
  const [expanded, setExpanded] = useState(false);

  // Open the grid at its first hour once per window shown (not again when a task moves).
  const windowKey = days.map((day) => day.date).join();
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || loading || scrolledFor.current === windowKey) return;
    scrolledFor.current = windowKey;
    const starts = days.flatMap((day) => day.timed.map((task) => timedSpan(task).start));
    const first = starts.length > 0 ? Math.min(...starts) : null;
    // A little above the hour, so its label shows.
    box.scrollTop = Math.max(scrollStartHour(first, box.clientHeight / HOUR_HEIGHT) * HOUR_HEIGHT - 10, 0);
  }, [days, loading, scroller, windowKey]);

  const card = (task: Task, extra: { carriedDaysOverdue?: number | null; block?: { top: number; height: number; left: number; width: number } } = {}) => (
    <CalendarTaskCard
      key={task.id}
      task={task}
      overdue={isOverdue(task, now, timeZone)}
      dragging={drag?.task.id === task.id}
      onOpen={onOpen}
      onPressStart={startPress}
      moveButton={<MoveTaskMenu task={task} today={today} onMove={onMove} />}
      {...extra}
    />
  );

  return (
    <>
      <Box sx={row} data-testid="calendar-day-headers">
        <Box />
        {days.map((day) => (
          <DayHeader key={day.date} day={day} />
        ))}
      </Box>

      {/* At most part of the height when expanded: the time grid stays in view. */}
      <Box sx={{ ...row, flex: 'none', maxHeight: '45%', overflowY: 'auto' }} data-testid="calendar-all-day-row">
        <Box sx={{ fontSize: '0.7rem', color: 'text.secondary', textAlign: 'right', pr: 0.75, pt: 1, lineHeight: 1.2 }}>All day</Box>
        {days.map((day) => {
          const target = drag?.target?.dueDate === day.date && drag.target.dueTime === null;
          const items = expanded ? day.allDay : day.allDay.slice(0, ALL_DAY_COLLAPSED);
          const hidden = day.allDay.length - items.length;
          return (
            <Box
              key={day.date}
              data-testid="calendar-all-day"
              data-date={day.date}
              data-drop-date={day.date}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                gap: 0.5,
                p: 0.5,
                minHeight: 44,
                minWidth: 0,
                borderLeft: 1,
                borderColor: 'divider',
                bgcolor: target ? alpha(PRIMARY, 0.1) : day.isToday ? alpha(PRIMARY, 0.04) : undefined,
                outline: target ? `2px dashed ${PRIMARY}` : undefined,
                outlineOffset: -2,
              }}
            >
              {items.map((item) => card(item.task, { carriedDaysOverdue: item.carriedDaysOverdue }))}
              {hidden > 0 && (
                <ButtonBase onClick={() => setExpanded(true)} sx={moreButton}>
                  +{hidden} more
                </ButtonBase>
              )}
              {expanded && day.allDay.length > ALL_DAY_COLLAPSED && (
                <ButtonBase onClick={() => setExpanded(false)} sx={moreButton}>
                  Show less
                </ButtonBase>
              )}
              {day.count === 0 && !target && !loading && (
                <Box sx={{ fontSize: '0.72rem', color: 'text.secondary', fontStyle: 'italic', px: 0.5, py: 0.5 }}>No tasks scheduled</Box>
              )}
            </Box>
          );
        })}
      </Box>

      {/* Focusable, so the keyboard scrolls the hours too. */}
      <Box
        ref={scroller}
        role="region"
        aria-label="Hours"
        tabIndex={0}
        data-testid="calendar-time-grid"
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          overscrollBehaviorY: 'contain',
          scrollbarGutter: 'stable',
          touchAction: 'pan-y',
          position: 'relative',
          '&:focus-visible': { outline: `2px solid ${PRIMARY}`, outlineOffset: -2 },
        }}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: columns, height: 24 * HOUR_HEIGHT, position: 'relative' }}>
          <Box sx={{ position: 'relative' }} aria-hidden="true">
            {HOURS.slice(1).map((hour) => (
              <Box key={hour} sx={{ position: 'absolute', top: hour * HOUR_HEIGHT - 8, right: 6, fontSize: '0.68rem', lineHeight: '16px', color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {hourLabel(hour)}
              </Box>
            ))}
          </Box>
          {days.map((day) => (
            <TimeColumn key={day.date} day={day} now={now} timeZone={timeZone} drag={drag} card={card} />
          ))}
        </Box>
      </Box>
    </>
  );
}

const moreButton = { alignSelf: 'flex-start', fontSize: '0.72rem', fontWeight: 600, color: 'primary.main', px: 0.75, py: 0.25, borderRadius: 1, '&:hover, &.Mui-focusVisible': { bgcolor: alpha(PRIMARY, 0.1) } } as const;

/** 'WED 4 Mar · 2 tasks' on one line; the full date for screen readers. */
function DayHeader({ day }: { day: CalendarDay }) {
  const weekday = weekdayNameOf(day.date);
  const { year, day: dayOfMonth } = parseCalendarDate(day.date);
  const month = monthNameOf(day.date);
  return (
    <Box
      data-testid="calendar-day-header"
      data-date={day.date}
      data-today={day.isToday || undefined}
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75, rowGap: 0.25, px: 1, py: 0.75, minWidth: 0, borderLeft: 1, borderColor: 'divider', bgcolor: day.isToday ? alpha(PRIMARY, 0.04) : undefined }}
    >
      <Box component="h3" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5, fontSize: '0.8rem', fontWeight: 600, whiteSpace: 'nowrap', minWidth: 0 }}>
        <Box component="span" sx={visuallyHidden}>
          {`${weekday}, ${month} ${dayOfMonth}, ${year}${day.isToday ? ', today' : ''}`}
        </Box>
        <Box component="span" aria-hidden="true" sx={{ textTransform: 'uppercase', fontSize: '0.7rem', letterSpacing: '0.04em', color: day.isToday ? 'primary.main' : 'text.secondary' }}>
          {weekday.slice(0, 3)}
        </Box>
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            minWidth: 26,
            height: 26,
            borderRadius: 13,
            fontSize: '0.95rem',
            fontWeight: 700,
            ...(day.isToday ? { bgcolor: 'primary.main', color: '#fff' } : { color: 'text.primary' }),
          }}
        >
          {dayOfMonth}
        </Box>
        <Box component="span" aria-hidden="true" sx={{ color: 'text.secondary', fontWeight: 500 }}>
          {month.slice(0, 3)}
        </Box>
      </Box>
      <Box component="span" data-testid="day-count" sx={{ ml: 'auto', fontSize: '0.7rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {countLabel(day.count, 'task')}
      </Box>
    </Box>
  );
}

interface TimeColumnProps {
  day: CalendarDay;
  now: Date;
  timeZone: string;
  drag: CalendarDrag | null;
  card: (task: Task, extra: { block: { top: number; height: number; left: number; width: number } }) => ReactNode;
}

/** A day's hours: its timed tasks at their times, the current time on today, and where a drag would land. */
function TimeColumn({ day, now, timeZone, drag, card }: TimeColumnProps) {
  const target = drag?.target?.dueDate === day.date && drag.target.dueTime ? drag.target : null;
  const preview = target && drag ? timedSpan({ dueTime: target.dueTime, estimatedTime: drag.task.estimatedTime }) : null;
  const nowMinutes = day.isToday ? minutesOfTime(zonedParts(now, timeZone).time) : null;
  return (
    <Box
      data-testid="calendar-day-column"
      data-date={day.date}
      data-drop-date={day.date}
      data-drop-kind="time"
      sx={{
        position: 'relative',
        minWidth: 0,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: day.isToday ? alpha(PRIMARY, 0.04) : undefined,
        // A line at every hour.
        backgroundImage: `linear-gradient(to bottom, #e3e7ee 1px, transparent 1px)`,
        backgroundSize: `100% ${HOUR_HEIGHT}px`,
      }}
    >
      {layoutTimedTasks(day.timed).map(({ task, ...block }) => card(task, { block }))}
      {nowMinutes !== null && (
        <Box data-testid="calendar-now" aria-hidden="true" sx={{ position: 'absolute', left: 0, right: 0, top: (nowMinutes / 60) * HOUR_HEIGHT, height: 2, bgcolor: NOW_COLOR, zIndex: 2, pointerEvents: 'none', '&::before': { content: '""', position: 'absolute', left: -4, top: -3, width: 8, height: 8, borderRadius: '50%', bgcolor: NOW_COLOR } }} />
      )}
      {preview && target?.dueTime && drag && (
        <Box
          data-testid="calendar-drop-preview"
          sx={{
            position: 'absolute',
            left: 2,
            right: 2,
            top: (preview.start / 60) * HOUR_HEIGHT,
            height: ((preview.end - preview.start) / 60) * HOUR_HEIGHT,
            zIndex: 3,
            pointerEvents: 'none',
            borderRadius: 1,
            border: `2px dashed ${PRIMARY}`,
            bgcolor: alpha(PRIMARY, 0.12),
            px: 0.75,
            fontSize: '0.72rem',
            lineHeight: '16px',
            fontWeight: 600,
            color: 'primary.dark',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
            textOverflow: 'ellipsis',
          }}
        >
          {formatTimeOfDay(target.dueTime)} {drag.task.title}
        </Box>
      )}
    </Box>
  );
}
