import { ZodError } from 'zod';
import { DATE_RANGE_MESSAGE } from '../time/calendar-date';
import { resolveDueChange, resolveNewTaskDue } from './task-due';

const NY = 'America/New_York';

describe('resolveNewTaskDue', () => {
  it('keeps a plain date and time', () => {
    expect(resolveNewTaskDue({ dueDate: '2026-03-05', dueTime: '09:30' }, NY)).toEqual({ dueDate: '2026-03-05', dueTime: '09:30' });
    expect(resolveNewTaskDue({ dueDate: '2026-03-05' }, NY)).toEqual({ dueDate: '2026-03-05', dueTime: null });
    expect(resolveNewTaskDue({}, NY)).toEqual({ dueDate: null, dueTime: null });
  });

  it('converts a date-time with an offset to the user zone, taking its time', () => {
    expect(resolveNewTaskDue({ dueDate: '2026-03-05T03:30:00.000Z' }, NY)).toEqual({ dueDate: '2026-03-04', dueTime: '22:30' });
    expect(resolveNewTaskDue({ dueDate: '2026-03-05T18:00:00Z' }, 'Asia/Tokyo')).toEqual({ dueDate: '2026-03-06', dueTime: '03:00' });
  });

  it('reads local midnight as a date without time, and a sent dueTime wins', () => {
    expect(resolveNewTaskDue({ dueDate: '2026-03-05T05:00:00.000Z' }, NY)).toEqual({ dueDate: '2026-03-05', dueTime: null });
    expect(resolveNewTaskDue({ dueDate: '2026-03-05T15:00:00Z', dueTime: '17:00' }, NY)).toEqual({ dueDate: '2026-03-05', dueTime: '17:00' });
    expect(resolveNewTaskDue({ dueDate: '2026-03-05T14:45' }, NY)).toEqual({ dueDate: '2026-03-05', dueTime: '14:45' });
  });

  it('drops a due time without a due date', () => {
    expect(resolveNewTaskDue({ dueDate: null, dueTime: '09:00' }, NY)).toEqual({ dueDate: null, dueTime: null });
  });
});

describe('resolveDueChange', () => {
  it('leaves absent keys absent', () => {
    expect(resolveDueChange({}, NY)).toEqual({});
    expect(resolveDueChange({ dueTime: '10:00' }, NY)).toEqual({ dueTime: '10:00' });
    expect(resolveDueChange({ dueDate: '2026-03-05' }, NY)).toEqual({ dueDate: '2026-03-05' });
  });

  it('clears the time with the date', () => {
    expect(resolveDueChange({ dueDate: null }, NY)).toEqual({ dueDate: null, dueTime: null });
  });

  it('converts a date-time', () => {
    expect(resolveDueChange({ dueDate: '2026-11-01T06:30:00Z' }, NY)).toEqual({ dueDate: '2026-11-01', dueTime: '01:30' });
    expect(resolveDueChange({ dueDate: '2026-11-01T06:30:00Z', dueTime: null }, NY)).toEqual({ dueDate: '2026-11-01', dueTime: null });
  });
});

describe("a date-time the user's zone moves out of the range (DECISIONS 23)", () => {
  const issuesOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof ZodError) return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw error;
    }
    return [];
  };
  const outside = [{ path: 'dueDate', message: DATE_RANGE_MESSAGE }];

  it('is a validation error on dueDate, on create and on update', () => {
    // 2999-12-31T23:00 at UTC-12 is 3000-01-01 08:00 in Tokyo; 1900-01-01T05:00 at UTC+14 is 1899-12-31 in New York.
    expect(issuesOf(() => resolveNewTaskDue({ dueDate: '2999-12-31T23:00:00-12:00' }, 'Asia/Tokyo'))).toEqual(outside);
    expect(issuesOf(() => resolveDueChange({ dueDate: '2999-12-31T23:00:00-12:00', dueTime: '09:00' }, 'Asia/Tokyo'))).toEqual(outside);
    expect(issuesOf(() => resolveNewTaskDue({ dueDate: '1900-01-01T05:00:00+14:00' }, NY))).toEqual(outside);
  });

  it('passes when the converted date stays inside', () => {
    expect(resolveNewTaskDue({ dueDate: '2999-12-31T10:00:00Z' }, 'Asia/Tokyo')).toEqual({ dueDate: '2999-12-31', dueTime: '19:00' });
    expect(resolveNewTaskDue({ dueDate: '1900-01-01T12:00:00Z' }, NY)).toEqual({ dueDate: '1900-01-01', dueTime: '07:00' });
  });
});

