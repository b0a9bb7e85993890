import { daysOverdue, daysOverdueLabel, isOverdue, isOverdueToday, overdueLabel } from './overdue';

const NY = 'America/New_York';
const now = new Date('2026-03-08T12:00:00Z'); // Sunday 08:00 EDT in New York
const task = (dueDate: string | null, dueTime: string | null = null, isCompleted = false) => ({ dueDate, dueTime, isCompleted });

describe('isOverdue', () => {
  it('is overdue when the due date is before today in the zone', () => {
    expect(isOverdue(task('2026-03-07'), now, NY)).toBe(true);
    expect(isOverdue(task('2026-03-08'), now, NY)).toBe(false);
    expect(isOverdue(task('2026-03-09'), now, NY)).toBe(false);
    expect(isOverdue(task(null), now, NY)).toBe(false);
  });

  it('is overdue today once the due time has passed (minute resolution)', () => {
    expect(isOverdue(task('2026-03-08', '07:59'), now, NY)).toBe(true);
    expect(isOverdue(task('2026-03-08', '08:00'), now, NY)).toBe(false);
    expect(isOverdue(task('2026-03-08', '08:01'), now, NY)).toBe(false);
  });

  it('is never overdue once completed', () => {
    expect(isOverdue(task('2026-01-01', null, true), now, NY)).toBe(false);
  });

  it('depends on the user zone', () => {
    const late = new Date('2026-03-09T02:00:00Z'); // Sunday 22:00 in New York, Monday 11:00 in Tokyo
    expect(isOverdue(task('2026-03-08'), late, NY)).toBe(false);
    expect(isOverdue(task('2026-03-08'), late, 'Asia/Tokyo')).toBe(true);
  });
});

describe('days overdue', () => {
  it('counts whole days to today in the zone', () => {
    expect(daysOverdue('2026-03-01', now, NY)).toBe(7);
    expect(daysOverdue('2026-03-07', now, NY)).toBe(1);
    expect(daysOverdue('2026-03-08', now, NY)).toBe(0);
    expect(daysOverdue('2026-03-20', now, NY)).toBe(0);
    expect(daysOverdue('2026-12-30', new Date('2027-01-02T15:00:00Z'), NY)).toBe(3);
  });

  it('labels with day or days', () => {
    expect(daysOverdueLabel(1)).toBe('1 day overdue');
    expect(daysOverdueLabel(2)).toBe('2 days overdue');
    expect(daysOverdueLabel(0)).toBe('0 days overdue');
  });
});

describe('overdue label (the banner and the review)', () => {
  it('counts whole days once the date has passed, day or days', () => {
    expect(overdueLabel(task('2026-03-07'), now, NY)).toBe('1 day overdue');
    expect(overdueLabel(task('2026-03-01', '23:00'), now, NY)).toBe('7 days overdue');
  });

  it('says since when for a task due today whose time has passed, never "0 days overdue"', () => {
    expect(overdueLabel(task('2026-03-08', '07:30'), now, NY)).toBe('Overdue since 7:30 AM');
    const afternoon = new Date('2026-03-08T21:00:00Z'); // 17:00 in New York
    expect(overdueLabel(task('2026-03-08', '15:00'), afternoon, NY)).toBe('Overdue since 3:00 PM');
    expect(overdueLabel(task('2026-03-08', '12:00'), afternoon, NY)).toBe('Overdue since 12:00 PM');
  });

  it('is null when the task is not overdue', () => {
    expect(overdueLabel(task('2026-03-08'), now, NY)).toBeNull();
    expect(overdueLabel(task('2026-03-08', '09:00'), now, NY)).toBeNull();
    expect(overdueLabel(task('2026-03-01', null, true), now, NY)).toBeNull();
    expect(overdueLabel(task(null), now, NY)).toBeNull();
  });

  it('in the user zone: past midnight there, yesterday evening is a day ago', () => {
    const late = new Date('2026-03-09T05:30:00Z'); // Monday 00:30 in New York, still Sunday 21:30 in Los Angeles
    expect(overdueLabel(task('2026-03-08', '22:00'), late, NY)).toBe('1 day overdue');
    expect(overdueLabel(task('2026-03-08', '21:00'), late, 'America/Los_Angeles')).toBe('Overdue since 9:00 PM');
  });
});

describe('overdue only by its time', () => {
  it('is due today with the time past: not moved "to today"', () => {
    expect(isOverdueToday(task('2026-03-08', '07:00'), now, NY)).toBe(true);
    expect(isOverdueToday(task('2026-03-07'), now, NY)).toBe(false);
    expect(isOverdueToday(task('2026-03-08', '09:00'), now, NY)).toBe(false);
    expect(isOverdueToday(task('2026-03-08', '07:00', true), now, NY)).toBe(false);
  });
});
