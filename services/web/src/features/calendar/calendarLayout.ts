/**
 * The calendar's layout rules, pure: which days a view shows, which tasks go in a day's all-day row and
 * which in its time grid (and where), the overdue tasks of earlier days carried onto today, and where a
 * drop in the time grid lands.
 */
import {
  addDays,
  CALENDAR_WEEK_DAYS,
  compareTasksDefault,
  daysOverdue,
  formatShortDate,
  isOverdue,
  parseEstimateMinutes,
  parseTimeOfDay,
  weekdayNameOf,
  weekRangeLabel,
  weekStartOf,
  type Task,
} from '@daybook/shared';

// ---------------------------------------------------------------------------------------------
// Views

/** A week of 7 days (spec §2) at desktop widths; a day or 3 days on phones. */
export type CalendarView = 'day' | 'three-day' | 'week';
export const VIEW_DAYS: Record<CalendarView, number> = { day: 1, 'three-day': 3, week: CALENDAR_WEEK_DAYS };
export const VIEW_LABELS: Record<CalendarView, string> = { day: 'Day', 'three-day': '3 days', week: 'Week' };

/** The first day a view shows around `anchor`: the week's Sunday (spec §9), else the anchor itself. */
export const viewStart = (view: CalendarView, anchor: string) => (view === 'week' ? weekStartOf(anchor) : anchor);

/** The range label: 'Mar 1 - Mar 7, 2026' for a week or 3 days (spec §2), 'Wednesday, Mar 4, 2026' for a day. */
export function rangeLabel(view: CalendarView, start: string): string {
  return view === 'day' ? `${weekdayNameOf(start)}, ${formatShortDate(start)}` : weekRangeLabel(start, VIEW_DAYS[view]);
}

/**
 * The anchor after switching views: a week keeps its Sunday; a day or 3 days start on today when today
 * was on screen, else on the first day shown.
 */
export function anchorForView(next: CalendarView, shown: readonly string[], today: string): string {
  if (next === 'week') return weekStartOf(shown[0] ?? today);
  return shown.includes(today) ? today : (shown[0] ?? today);
}

// ---------------------------------------------------------------------------------------------
// Time grid geometry

export const MINUTES_PER_DAY = 24 * 60;
/** Height of an hour in the time grid, px. */
export const HOUR_HEIGHT = 56;
/** A timed task without an estimate is shown 30 minutes long; shorter ones too, so their title fits. */
export const DEFAULT_BLOCK_MINUTES = 30;
/** Drops in the time grid land on quarter hours. */
export const SNAP_MINUTES = 15;
/** The grid opens at 07:00 unless a task starts earlier (or every task is below the fold). */
export const DEFAULT_SCROLL_HOUR = 7;

export const minutesOfTime = (time: string) => {
  const { hour, minute } = parseTimeOfDay(time);
  return hour * 60 + minute;
};

export const timeOfMinutes = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A time as a block shows it, short: '09:00' → '9am', '14:30' → '2:30pm'. */
export function shortTime(time: string): string {
  const { hour, minute } = parseTimeOfDay(time);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}${hour < 12 ? 'am' : 'pm'}`;
}

/** Where a task with a due time sits: from its time for its estimate (30 min by default), cut at midnight. */
export function timedSpan(task: Pick<Task, 'dueTime' | 'estimatedTime'>): { start: number; end: number } {
  const start = minutesOfTime(task.dueTime ?? '00:00');
  const length = Math.max(parseEstimateMinutes(task.estimatedTime) ?? DEFAULT_BLOCK_MINUTES, DEFAULT_BLOCK_MINUTES);
  return { start, end: Math.min(start + length, MINUTES_PER_DAY) };
}

/** A timed task placed in its day's column: px from the top and high, and its share of the width. */
export interface PlacedTask {
  task: Task;
  top: number;
  height: number;
  /** 0 ≤ left < 1 and 0 < width ≤ 1: fractions of the column's width. */
  left: number;
  width: number;
}

/**
 * Lays a day's timed tasks out: each at its time, as high as it is long; tasks that overlap share the
 * column side by side (a group of tasks overlapping one another in a chain takes as many lanes as it
 * needs at most, each task the first lane free at its start).
 */
export function layoutTimedTasks(tasks: readonly Task[], hourHeight = HOUR_HEIGHT): PlacedTask[] {
  const spans = tasks
    .map((task) => ({ task, ...timedSpan(task) }))
    .sort((a, b) => a.start - b.start || b.end - a.end || compareTasksDefault(a.task, b.task));
  const placed: PlacedTask[] = [];
  // A group: tasks that overlap one another in a chain; they share its lanes (`laneEnds`: where each lane is free).
  let group: Array<{ span: (typeof spans)[number]; lane: number }> = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const { span, lane } of group) {
      placed.push({
        task: span.task,
        top: (span.start / 60) * hourHeight,
        height: ((span.end - span.start) / 60) * hourHeight,
        left: lane / laneEnds.length,
        width: 1 / laneEnds.length,
      });
    }
    group = [];
    laneEnds = [];
  };
  for (const span of spans) {
    if (span.start >= groupEnd) closeGroup();
    groupEnd = Math.max(groupEnd, span.end);
    let lane = laneEnds.findIndex((end) => end <= span.start);
    if (lane === -1) lane = laneEnds.push(span.end) - 1;
    else laneEnds[lane] = span.end;
    group.push({ span, lane });
  }
  closeGroup();
  return placed;
}

/**
 * The time a drop with the pointer `offsetY` px below the top of a day's column names: the start of the
 * quarter-hour slot under the pointer (not the nearest quarter, nor where the card's top is: a card
 * held by its middle and let go in the 11:00 slot lands at 11:00), kept inside the day.
 */
export function dropMinutes(offsetY: number, hourHeight = HOUR_HEIGHT): number {
  const minutes = Math.floor(((offsetY / hourHeight) * 60) / SNAP_MINUTES) * SNAP_MINUTES;
  return Math.min(Math.max(minutes, 0), MINUTES_PER_DAY - SNAP_MINUTES);
}

/**
 * The hour the grid opens at: 07:00, or the first task's hour when it starts earlier, or an hour before
 * it when every task would be below the fold (`visibleHours` tall).
 */
export function scrollStartHour(firstStart: number | null, visibleHours: number): number {
  if (firstStart === null) return DEFAULT_SCROLL_HOUR;
  const hour = Math.floor(firstStart / 60);
  if (hour < DEFAULT_SCROLL_HOUR) return hour;
  return hour >= DEFAULT_SCROLL_HOUR + visibleHours - 1 ? hour - 1 : DEFAULT_SCROLL_HOUR;
}

const BLOCK_PADDING = 6;
const META_LINE = 15;
const TITLE_LINE = 16;

/** What a timed block `height` px high shows below its time line. */
export interface BlockContent {
  /** Under 44 px: one line, the time then the title. */
  compact: boolean;
  titleLines: number;
  /** Lines of description (tall blocks of tasks that have one). */
  descriptionLines: number;
  /** The status line at the bottom. */
  status: boolean;
}

/**
 * How a timed block fills its height: the time line, then the title on as many lines as fit (at least
 * one), the status once two title lines fit above it, and up to 2 lines of description once 2 title
 * lines still fit beside them.
 */
export function blockContent(height: number, hasDescription: boolean): BlockContent {
  if (height < 44) return { compact: true, titleLines: 1, descriptionLines: 0, status: false };
  let room = height - BLOCK_PADDING - META_LINE;
  const status = room >= 2 * TITLE_LINE + META_LINE;
  if (status) room -= META_LINE;
  const descriptionLines = hasDescription ? Math.min(2, Math.max(0, Math.floor((room - 2 * TITLE_LINE) / META_LINE))) : 0;
  room -= descriptionLines * META_LINE;
  return { compact: false, titleLines: Math.max(1, Math.floor(room / TITLE_LINE)), descriptionLines, status };
}

// ---------------------------------------------------------------------------------------------
// Days

/** A day of the view: its tasks without a time (all-day row) and with one (time grid). */
export interface CalendarDay {
  date: string;
  isToday: boolean;
  /** Overdue tasks of earlier days first (carried onto today), then the day's own, in the default order. */
  allDay: CalendarItem[];
  timed: Task[];
  /** Every task the day shows. */
  count: number;
}

export interface CalendarItem {
  task: Task;
  /** Shown on today although due on an earlier day, out of view (its days overdue). */
  carriedDaysOverdue: number | null;
}

/**
 * The open overdue tasks due before the first day shown: they are carried onto today when today is on
 * screen, so nothing overdue hides in an earlier week. `overdueSource` is the day list (GET
 * /api/tasks/today: every overdue open task, bounded).
 */
export function carriedOverdue(overdueSource: readonly Task[], firstDate: string, today: string, now: Date, timeZone: string): Task[] {
  return overdueSource.filter((task) => task.dueDate !== null && task.dueDate < firstDate && firstDate <= today && isOverdue(task, now, timeZone));
}

/** Open tasks before completed ones, each in the default order (priority, due time, newest). */
const compareShown = (a: Task, b: Task) => Number(a.isCompleted) - Number(b.isCompleted) || compareTasksDefault(a, b);

/**
 * The view's days: each task on its due date (in the all-day row without a due time, in the time grid
 * with one), and the carried overdue tasks at the top of today's all-day row.
 */
export function buildDays(dates: readonly string[], tasks: readonly Task[], carried: readonly Task[], today: string, now: Date, timeZone: string): CalendarDay[] {
  const shown = new Set<string>();
  const days = dates.map<CalendarDay>((date) => ({ date, isToday: date === today, allDay: [], timed: [], count: 0 }));
  const dayOf = new Map(days.map((day) => [day.date, day]));
  const todayDay = dayOf.get(today);
  if (todayDay) {
    for (const task of [...carried].sort(compareShown)) {
      if (shown.has(task.id)) continue;
      shown.add(task.id);
      todayDay.allDay.push({ task, carriedDaysOverdue: daysOverdue(task.dueDate ?? today, now, timeZone) });
    }
  }
  for (const task of [...tasks].sort(compareShown)) {
    const day = task.dueDate ? dayOf.get(task.dueDate) : undefined;
    if (!day || shown.has(task.id)) continue;
    shown.add(task.id);
    if (task.dueTime) day.timed.push(task);
    else day.allDay.push({ task, carriedDaysOverdue: null });
  }
  for (const day of days) day.count = day.allDay.length + day.timed.length;
  return days;
}

/** The window a view shows: its dates, first to last. */
export const viewDates = (view: CalendarView, start: string) => Array.from({ length: VIEW_DAYS[view] }, (_, i) => addDays(start, i));

/** The all-day row shows this many tasks a day until it is expanded. */
export const ALL_DAY_COLLAPSED = 3;
