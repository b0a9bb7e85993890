import { CAPACITY_HORIZON_DAYS, planCapacityMoves } from './capacity';
import { dayCapacity, plannedMinutesOf, type CapacityTask, type DayLoad } from './day-capacity';
import { addDays } from '../time/calendar-date';

const task = (id: string, priority: string, estimatedTime: string | null, isCompleted = false): CapacityTask => ({ id, priority, estimatedTime, isCompleted });

/** Days after Wednesday 2026-03-11: Thursday, Friday, then the weekend (0 h), then Monday … */
const DAY = '2026-03-11';
const week = (planned: Record<string, number> = {}, hours = [0, 480, 480, 480, 480, 480, 0]): DayLoad[] =>
  Array.from({ length: CAPACITY_HORIZON_DAYS }, (_, i) => {
    const date = addDays(DAY, i + 1);
    return { date, plannedMinutes: planned[date] ?? 0, availableMinutes: hours[new Date(`${date}T00:00:00Z`).getUTCDay()]! };
  });

const moved = (plan: ReturnType<typeof planCapacityMoves<CapacityTask>>) => plan.moves.map(({ task: t, toDate }) => `${t.id}→${toDate}`);

describe('the day’s plan', () => {
  it('adds the estimates of the open tasks (1d = 8 h, labels read, unreadable and missing count 0)', () => {
    const tasks = [task('a', 'high', '1.5h'), task('b', 'low', '1d'), task('c', 'low', '30 minutes'), task('d', 'low', 'soon'), task('e', 'low', null), task('f', 'low', '4h', true)];
    expect(plannedMinutesOf(tasks)).toBe(90 + 480 + 30);
    expect(dayCapacity(tasks, 480)).toEqual({ plannedMinutes: 600, availableMinutes: 480, overByMinutes: 120 });
    expect(dayCapacity(tasks, 720).overByMinutes).toBe(0);
  });
});

describe('making an over-full day fit', () => {
  it('proposes nothing when the day fits', () => {
    const plan = planCapacityMoves({ tasks: [task('a', 'low', '4h'), task('b', 'low', '4h')], availableMinutes: 480, following: week() });
    expect(plan).toEqual({ moves: [], unplaced: [], overByMinutes: 0 });
  });

  it('moves the lowest priority first, until the day fits, to the next day with room', () => {
    const tasks = [task('urgent', 'urgent', '3h'), task('low', 'low', '2h'), task('high', 'high', '3h'), task('medium', 'medium', '2h')];
    // 10 h planned, 8 h available: the low task (2 h) is enough.
    const plan = planCapacityMoves({ tasks, availableMinutes: 480, following: week() });
    expect(moved(plan)).toEqual(['low→2026-03-12']);
    expect(plan.overByMinutes).toBe(0);
    // 12 h: low, then medium.
    const more = planCapacityMoves({ tasks: [...tasks, task('urgent2', 'urgent', '2h')], availableMinutes: 480, following: week() });
    expect(moved(more)).toEqual(['low→2026-03-12', 'medium→2026-03-12']);
  });

  it('on equal priority, moves the task latest in the day’s order first', () => {
    const tasks = [task('first', 'medium', '3h'), task('second', 'medium', '3h'), task('third', 'medium', '3h')];
    expect(moved(planCapacityMoves({ tasks, availableMinutes: 480, following: week() }))).toEqual(['third→2026-03-12']);
  });

  it('counts a missing or unknown priority as low (spec §4)', () => {
    const tasks = [task('none', '', '3h'), task('low', 'low', '3h'), task('medium', 'medium', '3h')];
    // Equal rank 1: 'low' is later in the order than 'none'.
    expect(moved(planCapacityMoves({ tasks, availableMinutes: 480, following: week() }))).toEqual(['low→2026-03-12']);
  });

  it('never proposes a task without an estimate (moving it frees no time), a completed task, or a kept one', () => {
    const tasks = [task('big', 'medium', '6h'), task('vague', 'low', null), task('done', 'low', '5h', true), task('kept', 'low', '3h')];
    const plan = planCapacityMoves({ tasks, availableMinutes: 480, following: week(), keepIds: new Set(['kept']) });
    expect(moved(plan)).toEqual(['big→2026-03-12']);
  });

  it('skips days that are full or have no working hours', () => {
    // Thursday and Friday are full, then Saturday and Sunday have 0 h: Monday the 16th has room.
    const following = week({ '2026-03-12': 420, '2026-03-13': 480 });
    const plan = planCapacityMoves({ tasks: [task('a', 'high', '6h'), task('b', 'low', '3h')], availableMinutes: 480, following });
    expect(moved(plan)).toEqual(['b→2026-03-16']);
  });

  it('adds each move to the target day, so the next task looks further when that day fills up', () => {
    const tasks = [task('keep', 'urgent', '8h'), task('a', 'low', '5h'), task('b', 'low', '5h')];
    const plan = planCapacityMoves({ tasks, availableMinutes: 480, following: week() });
    expect(moved(plan)).toEqual(['b→2026-03-12', 'a→2026-03-13']);
    expect(plan.overByMinutes).toBe(0);
  });

  it('leaves a task no day of the horizon has room for, and tries the next one', () => {
    // The next days have 2 h of room each: the 3 h task fits none of them.
    const following = week().map((day) => ({ ...day, availableMinutes: 120 }));
    const tasks = [task('a', 'high', '5h'), task('b', 'medium', '2h'), task('big', 'low', '3h')];
    const plan = planCapacityMoves({ tasks, availableMinutes: 480, following });
    expect(plan.unplaced.map((t) => t.id)).toEqual(['big']);
    expect(moved(plan)).toEqual(['b→2026-03-12']);
    expect(plan.overByMinutes).toBe(0);
  });

  it('sends no higher-priority task away once what stays passes the day’s hours', () => {
    // The kept top task fills the day and the 12 h task fits no 8 h day: moving the others cannot make it fit.
    const tasks = [task('small', 'medium', '2h'), task('huge', 'low', '1.5d'), task('top', 'urgent', '8h')];
    const plan = planCapacityMoves({ tasks, availableMinutes: 480, following: week(), keepIds: new Set(['top']) });
    expect(plan.unplaced.map((t) => t.id)).toEqual(['huge']);
    expect(plan.moves).toEqual([]);
    expect(plan.overByMinutes).toBe(2 * 60 + 12 * 60);
  });

  it('looks no further than the horizon', () => {
    const full = Object.fromEntries(week().map((day) => [day.date, day.availableMinutes]));
    const beyond: DayLoad = { date: addDays(DAY, CAPACITY_HORIZON_DAYS + 1), plannedMinutes: 0, availableMinutes: 480 };
    const plan = planCapacityMoves({ tasks: [task('a', 'high', '8h'), task('b', 'low', '1h')], availableMinutes: 480, following: [...week(full), beyond] });
    expect(plan.moves).toEqual([]);
    expect(plan.unplaced.map((t) => t.id)).toEqual(['b', 'a']);
    expect(plan.overByMinutes).toBe(60);
  });

  it('moves everything it can from a day with no working hours', () => {
    const plan = planCapacityMoves({ tasks: [task('a', 'high', '1h'), task('b', 'low', '30min')], availableMinutes: 0, following: week() });
    expect(moved(plan)).toEqual(['b→2026-03-12', 'a→2026-03-12']);
  });

  it('stops at maxMoves', () => {
    const tasks = Array.from({ length: 5 }, (_, i) => task(`t${i}`, 'low', '4h'));
    const plan = planCapacityMoves({ tasks, availableMinutes: 0, following: week(), maxMoves: 2 });
    expect(plan.moves).toHaveLength(2);
    expect(plan.overByMinutes).toBe(720);
  });
});
