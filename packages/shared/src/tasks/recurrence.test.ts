import { nextRecurrenceDate, recurrenceRule } from './recurrence';

const today = '2026-03-08';

describe('nextRecurrenceDate', () => {
  it('advances daily and weekly by the interval from the previous due date', () => {
    expect(nextRecurrenceDate({ dueDate: '2026-03-05', recurringType: 'daily', recurringInterval: 1 }, today)).toBe('2026-03-06');
    expect(nextRecurrenceDate({ dueDate: '2026-02-27', recurringType: 'daily', recurringInterval: 3 }, today)).toBe('2026-03-02');
    expect(nextRecurrenceDate({ dueDate: '2026-12-29', recurringType: 'weekly', recurringInterval: 1 }, today)).toBe('2027-01-05');
    expect(nextRecurrenceDate({ dueDate: '2026-03-05', recurringType: 'weekly', recurringInterval: 2 }, today)).toBe('2026-03-19');
  });

  it('goes from one Monday-to-Friday day to the next on a weekdays series (Friday → Monday, DECISIONS 35)', () => {
    const weekdays = (dueDate: string) => nextRecurrenceDate({ dueDate, recurringType: 'weekdays', recurringInterval: 1 }, '2026-11-24');
    expect(weekdays('2026-11-24')).toBe('2026-11-25'); // Tuesday → Wednesday
    expect(weekdays('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(weekdays('2026-11-28')).toBe('2026-11-30'); // a Saturday date (moved by hand) → Monday
    expect(weekdays('2026-11-29')).toBe('2026-11-30'); // Sunday → Monday
  });

  it('starts from today when the task had no due date', () => {
    expect(nextRecurrenceDate({ dueDate: null, recurringType: 'daily', recurringInterval: 1 }, today)).toBe('2026-03-09');
    expect(nextRecurrenceDate({ dueDate: null, recurringType: 'monthly', recurringInterval: 1 }, today)).toBe('2026-04-08');
  });

  it('clamps monthly dates to the month end', () => {
    expect(nextRecurrenceDate({ dueDate: '2026-01-31', recurringType: 'monthly', recurringInterval: 1 }, today)).toBe('2026-02-28');
    expect(nextRecurrenceDate({ dueDate: '2028-01-31', recurringType: 'monthly', recurringInterval: 1 }, today)).toBe('2028-02-29');
    expect(nextRecurrenceDate({ dueDate: '2026-02-28', recurringType: 'monthly', recurringInterval: 1 }, today)).toBe('2026-03-28');
    expect(nextRecurrenceDate({ dueDate: '2026-11-15', recurringType: 'monthly', recurringInterval: 3 }, today)).toBe('2027-02-15');
  });

  it("keeps the series' day of month when the series start is known", () => {
    const series = '2026-01-31';
    const feb = nextRecurrenceDate({ dueDate: '2026-01-31', recurringType: 'monthly', recurringInterval: 1 }, today, series);
    expect(feb).toBe('2026-02-28');
    const mar = nextRecurrenceDate({ dueDate: feb, recurringType: 'monthly', recurringInterval: 1 }, today, series);
    expect(mar).toBe('2026-03-31');
    expect(nextRecurrenceDate({ dueDate: mar, recurringType: 'monthly', recurringInterval: 1 }, today, series)).toBe('2026-04-30');
  });

  it('treats an interval below 1 as 1', () => {
    expect(nextRecurrenceDate({ dueDate: '2026-03-05', recurringType: 'daily', recurringInterval: 0 }, today)).toBe('2026-03-06');
  });

  it('ends the series when the next date would pass 2999-12-31 (DECISIONS 23)', () => {
    expect(nextRecurrenceDate({ dueDate: '2999-12-30', recurringType: 'daily', recurringInterval: 1 }, today)).toBe('2999-12-31');
    expect(nextRecurrenceDate({ dueDate: '2999-12-31', recurringType: 'daily', recurringInterval: 1 }, today)).toBeNull();
    expect(nextRecurrenceDate({ dueDate: '2999-12-25', recurringType: 'weekly', recurringInterval: 1 }, today)).toBeNull();
    expect(nextRecurrenceDate({ dueDate: '2999-12-15', recurringType: 'monthly', recurringInterval: 1 }, today)).toBeNull();
    expect(nextRecurrenceDate({ dueDate: '2999-01-31', recurringType: 'monthly', recurringInterval: 12 }, today)).toBeNull();
  });

  it('ends a series whose date was stored outside the range, instead of writing year 10000 or throwing', () => {
    expect(nextRecurrenceDate({ dueDate: '9999-12-31', recurringType: 'daily', recurringInterval: 1 }, today)).toBeNull();
    expect(nextRecurrenceDate({ dueDate: '10000-01-01', recurringType: 'daily', recurringInterval: 1 }, today)).toBeNull();
    expect(nextRecurrenceDate({ dueDate: '0001-01-01', recurringType: 'weekly', recurringInterval: 1 }, today)).toBeNull();
    expect(nextRecurrenceDate({ dueDate: '2026-01-31', recurringType: 'monthly', recurringInterval: 1 }, today, '10000-01-31')).toBe('2026-02-28');
  });
});

describe('recurrenceRule', () => {
  it('writes each kind of series as an RFC 5545 rule, the interval only when it is more than 1', () => {
    expect(recurrenceRule('daily', 1, 5)).toBe('FREQ=DAILY');
    expect(recurrenceRule('daily', 3, 5)).toBe('FREQ=DAILY;INTERVAL=3');
    expect(recurrenceRule('weekdays', 1, 5)).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(recurrenceRule('weekly', 2, 5)).toBe('FREQ=WEEKLY;INTERVAL=2');
    expect(recurrenceRule('monthly', 1, 15)).toBe('FREQ=MONTHLY;BYMONTHDAY=15');
    expect(recurrenceRule('monthly', 3, 28)).toBe('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28');
  });

  it('moves a monthly series on the 29th to 31st to the last day of shorter months, as the next occurrence does', () => {
    expect(recurrenceRule('monthly', 1, 29)).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1');
    expect(recurrenceRule('monthly', 1, 30)).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1');
    expect(recurrenceRule('monthly', 2, 31)).toBe('FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1');
  });
});
