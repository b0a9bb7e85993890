import { formatInstantDate, formatTimeOfDay, monthNameOf, reminderLabel } from './format';

describe('formatting', () => {
  it("an instant's day in the user's zone: the same instant is another day elsewhere", () => {
    expect(formatInstantDate('2026-03-05T03:00:00.000Z', 'America/New_York')).toBe('Mar 4, 2026');
    expect(formatInstantDate('2026-03-05T03:00:00.000Z', 'Asia/Tokyo')).toBe('Mar 5, 2026');
  });

  it('the month of a calendar date by name, whatever the machine’s zone', () => {
    expect(monthNameOf('2026-03-01')).toBe('March');
    expect(monthNameOf('2026-12-31')).toBe('December');
  });

  it('a time of day on the 12-hour clock', () => {
    expect(formatTimeOfDay('15:00')).toBe('3:00 PM');
    expect(formatTimeOfDay('00:05')).toBe('12:05 AM');
  });
});

describe('reminderLabel (DECISIONS 29)', () => {
  it('labels a lead before the due time in minutes, hours or days', () => {
    expect(reminderLabel({ kind: 'before', minutes: 0 }, 'UTC')).toBe('At due time');
    expect(reminderLabel({ kind: 'before', minutes: 5 }, 'UTC')).toBe('5 min before');
    expect(reminderLabel({ kind: 'before', minutes: 30 }, 'UTC')).toBe('30 min before');
    expect(reminderLabel({ kind: 'before', minutes: 60 }, 'UTC')).toBe('1 h before');
    expect(reminderLabel({ kind: 'before', minutes: 90 }, 'UTC')).toBe('1 h 30 min before');
    expect(reminderLabel({ kind: 'before', minutes: 120 }, 'UTC')).toBe('2 h before');
    expect(reminderLabel({ kind: 'before', minutes: 1440 }, 'UTC')).toBe('1 day before');
    expect(reminderLabel({ kind: 'before', minutes: 2 * 1440 }, 'UTC')).toBe('2 days before');
    expect(reminderLabel({ kind: 'before', minutes: 1500 }, 'UTC')).toBe('25 h before');
  });

  it('labels a reminder on the due day or days before it, at a time on the 24-hour clock', () => {
    expect(reminderLabel({ kind: 'on-day', daysBefore: 0, time: '09:00' }, 'UTC')).toBe('On the day at 09:00');
    expect(reminderLabel({ kind: 'on-day', daysBefore: 1, time: '18:00' }, 'UTC')).toBe('Day before at 18:00');
    expect(reminderLabel({ kind: 'on-day', daysBefore: 3, time: '07:30' }, 'UTC')).toBe('3 days before at 07:30');
  });

  it("labels an instant on the user's clock: the same instant reads another day and hour elsewhere", () => {
    const at = '2026-12-03T13:00:00.000Z';
    expect(reminderLabel({ kind: 'at', at }, 'America/New_York')).toBe('Dec 3, 08:00');
    expect(reminderLabel({ kind: 'at', at }, 'Asia/Tokyo')).toBe('Dec 3, 22:00');
    expect(reminderLabel({ kind: 'at', at: '2026-12-03T23:30:00.000Z' }, 'Asia/Tokyo')).toBe('Dec 4, 08:30');
  });
});
