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
