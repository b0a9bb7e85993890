import { isWeekendMode } from '../time/weekend';
import { defaultShutdownChoice, mondayOnOrBefore, shutdownMove, shutdownWeek } from './shutdown';
import { availableMinutesOn, tracksCapacity } from './day-capacity';
import { DEFAULT_WORKING_MINUTES, workingMinutesSchema } from './working-hours';
import { capacityQuerySchema, taskMovesBodySchema, unfinishedQuerySchema, TASK_MOVES_MAX } from './planning.schemas';

const NY = 'America/New_York';
const ID = '00000000-0000-4000-8000-000000000001';

describe('the Friday shutdown’s week', () => {
  it('on Friday evening: this week’s Monday to today, then the coming Monday and the one after', () => {
    const fridayEvening = new Date('2026-03-13T23:30:00Z'); // Friday 19:30 in New York
    expect(isWeekendMode(fridayEvening, NY)).toBe(true);
    expect(shutdownWeek(fridayEvening, NY)).toEqual({ from: '2026-03-09', to: '2026-03-13', monday: '2026-03-16', nextWeek: '2026-03-23' });
  });

  it('on Sunday the week is still Monday to today (Monday-based, not the calendar’s Sunday)', () => {
    const sunday = new Date('2026-03-15T20:00:00Z');
    expect(shutdownWeek(sunday, NY)).toEqual({ from: '2026-03-09', to: '2026-03-15', monday: '2026-03-16', nextWeek: '2026-03-23' });
  });

  it('reads the day in the user’s zone', () => {
    // Saturday 01:00 in Tokyo is still Friday in New York.
    const instant = new Date('2026-03-13T16:00:00Z');
    expect(shutdownWeek(instant, 'Asia/Tokyo').to).toBe('2026-03-14');
    expect(shutdownWeek(instant, NY).to).toBe('2026-03-13');
  });

  it('finds the Monday on or before a date', () => {
    expect(mondayOnOrBefore('2026-03-09')).toBe('2026-03-09');
    expect(mondayOnOrBefore('2026-03-15')).toBe('2026-03-09');
    expect(mondayOnOrBefore('2026-03-01')).toBe('2026-02-23');
  });

  it('turns each choice into a move guarded by the due date seen', () => {
    const week = shutdownWeek(new Date('2026-03-13T23:30:00Z'), NY);
    const task = { id: ID, dueDate: '2026-03-11' };
    expect(defaultShutdownChoice()).toBe('monday');
    expect(shutdownMove(task, 'monday', week)).toEqual({ id: ID, expectedDueDate: '2026-03-11', action: 'reschedule', dueDate: '2026-03-16' });
    expect(shutdownMove(task, 'nextWeek', week)).toEqual({ id: ID, expectedDueDate: '2026-03-11', action: 'reschedule', dueDate: '2026-03-23' });
    expect(shutdownMove(task, 'backlog', week)).toEqual({ id: ID, expectedDueDate: '2026-03-11', action: 'backlog' });
    expect(shutdownMove(task, 'done', week)).toEqual({ id: ID, expectedDueDate: '2026-03-11', action: 'complete' });
    for (const choice of ['monday', 'nextWeek', 'backlog', 'done'] as const) expect(taskMovesBodySchema.safeParse({ moves: [shutdownMove(task, choice, week)] }).success).toBe(true);
  });
});

describe('working hours', () => {
  it('default to Monday–Friday 8 h and read a date’s weekday', () => {
    expect(availableMinutesOn('2026-03-13', DEFAULT_WORKING_MINUTES)).toBe(480); // Friday
    expect(availableMinutesOn('2026-03-14', DEFAULT_WORKING_MINUTES)).toBe(0); // Saturday
    expect(tracksCapacity(DEFAULT_WORKING_MINUTES)).toBe(true);
    expect(tracksCapacity([0, 0, 0, 0, 0, 0, 0])).toBe(false);
  });

  it('are 7 whole-minute values between 0 and 24 h', () => {
    expect(workingMinutesSchema.safeParse([0, 480, 450, 480, 480, 240, 1440]).success).toBe(true);
    const message = (value: unknown) => workingMinutesSchema.safeParse(value).error?.issues[0]?.message;
    expect(message([0, 480, 480, 480, 480, 480, 1441])).toBe('Working hours must be between 0 and 24 hours a day');
    expect(message([0, -30, 480, 480, 480, 480, 0])).toBe('Working hours must be between 0 and 24 hours a day');
    expect(message([0, 480, 480, 480, 480, 480])).toBe('Working hours must list the seven days of the week');
    expect(message([0, 480.5, 480, 480, 480, 480, 0])).toBe('Working hours must be whole minutes');
    expect(message('8h')).toBe('Working hours must list the seven days of the week');
  });
});

describe('the planning queries and moves', () => {
  it('bound the capacity window', () => {
    expect(capacityQuerySchema.parse({ from: '2026-03-12' })).toEqual({ from: '2026-03-12', days: 14 });
    expect(capacityQuerySchema.parse({ from: '2026-03-12', days: '31' }).days).toBe(31);
    expect(capacityQuerySchema.safeParse({ from: '2026-03-12', days: '32' }).success).toBe(false);
    expect(capacityQuerySchema.safeParse({ from: '2026-03-12', days: '0' }).success).toBe(false);
    expect(capacityQuerySchema.safeParse({ from: '2999-12-25', days: '14' }).success).toBe(false);
    expect(capacityQuerySchema.safeParse({ from: 'tomorrow' }).success).toBe(false);
  });

  it('bound the unfinished range to a week, in order', () => {
    expect(unfinishedQuerySchema.safeParse({ from: '2026-03-09', to: '2026-03-15' }).success).toBe(true);
    expect(unfinishedQuerySchema.safeParse({ from: '2026-03-09', to: '2026-03-16' }).success).toBe(false);
    expect(unfinishedQuerySchema.safeParse({ from: '2026-03-13', to: '2026-03-09' }).success).toBe(false);
  });

  it('take 1 to 100 moves, one per task, each well formed', () => {
    const move = (i: number) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, expectedDueDate: null, action: 'backlog' });
    expect(taskMovesBodySchema.safeParse({ moves: Array.from({ length: TASK_MOVES_MAX }, (_, i) => move(i)) }).success).toBe(true);
    expect(taskMovesBodySchema.safeParse({ moves: Array.from({ length: TASK_MOVES_MAX + 1 }, (_, i) => move(i)) }).success).toBe(false);
    expect(taskMovesBodySchema.safeParse({ moves: [] }).success).toBe(false);
    expect(taskMovesBodySchema.safeParse({ moves: [move(1), move(1)] }).error?.issues[0]?.message).toBe('A task can be moved only once');
    expect(taskMovesBodySchema.safeParse({ moves: [{ ...move(1), action: 'reschedule' }] }).success).toBe(false);
    expect(taskMovesBodySchema.safeParse({ moves: [{ ...move(1), action: 'delete' }] }).success).toBe(false);
    expect(taskMovesBodySchema.safeParse({ moves: [{ ...move(1), action: 'reschedule', dueDate: '3000-01-01' }] }).success).toBe(false);
  });
});
