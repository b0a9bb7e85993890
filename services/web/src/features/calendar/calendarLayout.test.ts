import { makeTask, uuid } from '../../test/fixtures';
import {
  anchorForView,
  blockContent,
  buildDays,
  carriedOverdue,
  dropMinutes,
  HOUR_HEIGHT,
  layoutTimedTasks,
  rangeLabel,
  scrollStartHour,
  shortTime,
  timedSpan,
  viewDates,
  viewStart,
} from './calendarLayout';

const ZONE = 'America/New_York';
// Wednesday 2026-03-04 10:00 in New York.
const NOW = new Date('2026-03-04T15:00:00Z');
const TODAY = '2026-03-04';

let n = 0;
const task = (overrides: Parameters<typeof makeTask>[0] extends infer T ? Partial<T> : never) => makeTask({ id: uuid(++n), title: `Task ${n}`, ...overrides });

describe('views', () => {
  it('a week starts on Sunday; a day or 3 days start on the anchor', () => {
    expect(viewStart('week', TODAY)).toBe('2026-03-01');
    expect(viewDates('week', '2026-03-01')).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    expect(viewStart('three-day', TODAY)).toBe(TODAY);
    expect(viewDates('three-day', TODAY)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06']);
    expect(viewDates('day', TODAY)).toEqual([TODAY]);
  });

  it('labels the range of a week, 3 days and a day', () => {
    expect(rangeLabel('week', '2026-03-01')).toBe('Mar 1 - Mar 7, 2026');
    expect(rangeLabel('week', '2026-12-27')).toBe('Dec 27, 2026 - Jan 2, 2027');
    expect(rangeLabel('three-day', TODAY)).toBe('Mar 4 - Mar 6, 2026');
    expect(rangeLabel('day', TODAY)).toBe('Wednesday, Mar 4, 2026');
  });

  it('switching views keeps today on screen, else the first day shown', () => {
    const thisWeek = viewDates('week', '2026-03-01');
    expect(anchorForView('day', thisWeek, TODAY)).toBe(TODAY);
    expect(anchorForView('three-day', viewDates('week', '2026-03-08'), TODAY)).toBe('2026-03-08');
    expect(anchorForView('week', ['2026-03-05'], TODAY)).toBe('2026-03-01');
  });
});

describe('timed tasks', () => {
  it('sit at their time for their estimate, 30 minutes by default and at least, cut at midnight', () => {
    expect(timedSpan({ dueTime: '09:00', estimatedTime: null })).toEqual({ start: 540, end: 570 });
    expect(timedSpan({ dueTime: '09:00', estimatedTime: '2h' })).toEqual({ start: 540, end: 660 });
    expect(timedSpan({ dueTime: '09:00', estimatedTime: '10min' })).toEqual({ start: 540, end: 570 });
    expect(timedSpan({ dueTime: '09:00', estimatedTime: 'soon' })).toEqual({ start: 540, end: 570 });
    expect(timedSpan({ dueTime: '23:00', estimatedTime: '1d' })).toEqual({ start: 1380, end: 1440 });
  });

  it('are placed at their hour, as high as they are long, full width alone', () => {
    const standup = task({ dueDate: TODAY, dueTime: '09:30', estimatedTime: '1h' });
    expect(layoutTimedTasks([standup])).toEqual([{ task: standup, top: 9.5 * HOUR_HEIGHT, height: HOUR_HEIGHT, left: 0, width: 1 }]);
  });

  it('that overlap share the column side by side; the next free lane is reused; a separate group is full width', () => {
    const a = task({ title: 'a', dueTime: '09:00', estimatedTime: '2h' }); // 9-11
    const b = task({ title: 'b', dueTime: '09:30', estimatedTime: '30min' }); // 9:30-10
    const c = task({ title: 'c', dueTime: '10:00', estimatedTime: '30min' }); // 10-10:30, b's lane is free again
    const d = task({ title: 'd', dueTime: '10:15', estimatedTime: '30min' }); // 10:15-10:45, needs a third lane
    const e = task({ title: 'e', dueTime: '13:00' }); // alone
    const placed = new Map(layoutTimedTasks([e, d, c, b, a]).map((p) => [p.task.title, p]));
    expect([...placed.keys()]).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(placed.get('a')).toMatchObject({ left: 0, width: 1 / 3 });
    expect(placed.get('b')).toMatchObject({ left: 1 / 3, width: 1 / 3 });
    expect(placed.get('c')).toMatchObject({ left: 1 / 3, width: 1 / 3 });
    expect(placed.get('d')).toMatchObject({ left: 2 / 3, width: 1 / 3 });
    expect(placed.get('e')).toMatchObject({ left: 0, width: 1, top: 13 * HOUR_HEIGHT, height: HOUR_HEIGHT / 2 });
  });

  it('touching end to start do not overlap', () => {
    const first = task({ dueTime: '09:00', estimatedTime: '1h' });
    const second = task({ dueTime: '10:00', estimatedTime: '1h' });
    expect(layoutTimedTasks([first, second]).map((p) => p.width)).toEqual([1, 1]);
  });

  it('a drop lands at the start of the quarter-hour slot under the pointer, inside the day', () => {
    expect(dropMinutes(10 * HOUR_HEIGHT)).toBe(600);
    expect(dropMinutes(10.3 * HOUR_HEIGHT)).toBe(615);
    // Anywhere in the 11:00 slot (issue 37: aimed at 11:00, landed at 10:45 or 11:15).
    const slot = HOUR_HEIGHT / 4;
    for (let y = 11 * HOUR_HEIGHT; y < 11 * HOUR_HEIGHT + slot; y += 1) expect(dropMinutes(y)).toBe(660);
    expect(dropMinutes(11 * HOUR_HEIGHT - 1)).toBe(645);
    expect(dropMinutes(-30)).toBe(0);
    expect(dropMinutes(25 * HOUR_HEIGHT)).toBe(1425);
  });

  it('the grid opens at 07:00, earlier for an earlier task, lower when every task is below the fold', () => {
    expect(scrollStartHour(null, 9)).toBe(7);
    expect(scrollStartHour(5 * 60 + 30, 9)).toBe(5);
    expect(scrollStartHour(14 * 60, 9)).toBe(7);
    expect(scrollStartHour(19 * 60, 9)).toBe(18);
  });

  it('a block shows its time short', () => {
    expect(['00:00', '09:00', '09:05', '12:00', '14:30', '23:59'].map(shortTime)).toEqual(['12am', '9am', '9:05am', '12pm', '2:30pm', '11:59pm']);
  });

  it('a block shows one line when short, else as many title lines as fit, the status and a description when tall', () => {
    expect(blockContent(28, true)).toEqual({ compact: true, titleLines: 1, descriptionLines: 0, status: false });
    // An hour: the time and 2 title lines.
    expect(blockContent(HOUR_HEIGHT, true)).toEqual({ compact: false, titleLines: 2, descriptionLines: 0, status: false });
    // 1.5 h: the status too.
    expect(blockContent(1.5 * HOUR_HEIGHT, true)).toEqual({ compact: false, titleLines: 2, descriptionLines: 1, status: true });
    // 2 h: 2 lines of description; without one, the title takes the room.
    expect(blockContent(2 * HOUR_HEIGHT, true)).toEqual({ compact: false, titleLines: 2, descriptionLines: 2, status: true });
    expect(blockContent(2 * HOUR_HEIGHT, false)).toEqual({ compact: false, titleLines: 4, descriptionLines: 0, status: true });
  });
});

describe('days', () => {
  it('puts tasks without a time in the all-day row and with one in the time grid, open ones first', () => {
    const allDay = task({ dueDate: TODAY, priority: 'low' });
    const done = task({ dueDate: TODAY, priority: 'urgent', isCompleted: true, status: 'completed' });
    const urgent = task({ dueDate: TODAY, priority: 'urgent' });
    const timed = task({ dueDate: '2026-03-05', dueTime: '14:00' });
    const outside = task({ dueDate: '2026-03-09' });
    const days = buildDays(viewDates('week', '2026-03-01'), [allDay, done, urgent, timed, outside], [], TODAY, NOW, ZONE);
    expect(days).toHaveLength(7);
    const wednesday = days[3]!;
    expect(wednesday).toMatchObject({ date: TODAY, isToday: true, count: 3, timed: [] });
    expect(wednesday.allDay.map((item) => item.task.id)).toEqual([urgent.id, allDay.id, done.id]);
    expect(days[4]!.timed).toEqual([timed]);
    expect(days[4]!.count).toBe(1);
    expect(days.flatMap((day) => [...day.allDay.map((i) => i.task), ...day.timed])).not.toContain(outside);
  });

  it('carries the overdue open tasks of days before the view onto today, once, marked with their days overdue', () => {
    const lastWeek = task({ dueDate: '2026-02-25', dueTime: '09:00' });
    const yesterday = task({ dueDate: '2026-03-03' });
    const doneLastWeek = task({ dueDate: '2026-02-25', isCompleted: true });
    const dueToday = task({ dueDate: TODAY });
    const dayList = [lastWeek, yesterday, doneLastWeek, dueToday];

    // The week from Sunday: only last week's open task is carried; yesterday's shows on its own day.
    const carried = carriedOverdue(dayList, '2026-03-01', TODAY, NOW, ZONE);
    expect(carried).toEqual([lastWeek]);
    const days = buildDays(viewDates('week', '2026-03-01'), [yesterday, dueToday], carried, TODAY, NOW, ZONE);
    expect(days[3]!.allDay).toEqual([
      { task: lastWeek, carriedDaysOverdue: 7 },
      { task: dueToday, carriedDaysOverdue: null },
    ]);
    expect(days[3]!.timed).toEqual([]);
    expect(days[2]!.allDay.map((item) => item.task)).toEqual([yesterday]);

    // The day view of today carries yesterday's too.
    expect(carriedOverdue(dayList, TODAY, TODAY, NOW, ZONE)).toEqual([lastWeek, yesterday]);
    // A view of days after today, or before it, carries nothing.
    expect(carriedOverdue(dayList, '2026-03-08', TODAY, NOW, ZONE)).toEqual([]);
  });
});
