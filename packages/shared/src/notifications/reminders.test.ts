import {
  defaultReminders,
  nextDigestAt,
  reminderFireAt,
  reminderForNextOccurrence,
  reminderKey,
  reminderNeeds,
  reminderSpecsSchema,
  taskRemindersBodySchema,
  type ReminderSpec,
} from './reminders';
import { channelCreateBodySchema, channelStatusOf } from './channels';

const NY = 'America/New_York';
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('when a reminder fires', () => {
  const due = { dueDate: '2027-02-10', dueTime: '10:00' };

  it('reads before, on-day and at against the due date and time on the user’s clock', () => {
    expect(iso(reminderFireAt({ kind: 'before', minutes: 0 }, due, NY))).toBe('2027-02-10T15:00:00.000Z');
    expect(iso(reminderFireAt({ kind: 'before', minutes: 90 }, due, NY))).toBe('2027-02-10T13:30:00.000Z');
    expect(iso(reminderFireAt({ kind: 'before', minutes: 1440 }, due, 'Asia/Tokyo'))).toBe('2027-02-09T01:00:00.000Z');
    expect(iso(reminderFireAt({ kind: 'on-day', daysBefore: 0, time: '09:00' }, due, NY))).toBe('2027-02-10T14:00:00.000Z');
    expect(iso(reminderFireAt({ kind: 'on-day', daysBefore: 3, time: '18:30' }, due, NY))).toBe('2027-02-07T23:30:00.000Z');
    expect(iso(reminderFireAt({ kind: 'at', at: '2027-01-01T08:00:00+01:00' }, { dueDate: null, dueTime: null }, NY))).toBe('2027-01-01T07:00:00.000Z');
  });

  it('keeps the wall-clock time across a change to summer time', () => {
    // New York springs forward on 2027-03-14: 09:00 the day before is EST, 09:00 that day EDT.
    expect(iso(reminderFireAt({ kind: 'on-day', daysBefore: 1, time: '09:00' }, { dueDate: '2027-03-14', dueTime: null }, NY))).toBe('2027-03-13T14:00:00.000Z');
    expect(iso(reminderFireAt({ kind: 'on-day', daysBefore: 0, time: '09:00' }, { dueDate: '2027-03-14', dueTime: null }, NY))).toBe('2027-03-14T13:00:00.000Z');
  });

  it('has no time when the task lacks what the reminder is measured from', () => {
    const dateOnly = { dueDate: '2027-02-10', dueTime: null };
    const undated = { dueDate: null, dueTime: null };
    expect(reminderNeeds({ kind: 'before', minutes: 30 }, dateOnly)).toBe('due time');
    expect(reminderFireAt({ kind: 'before', minutes: 30 }, dateOnly, NY)).toBeNull();
    expect(reminderNeeds({ kind: 'on-day', daysBefore: 0, time: '09:00' }, undated)).toBe('due date');
    expect(reminderFireAt({ kind: 'on-day', daysBefore: 0, time: '09:00' }, undated, NY)).toBeNull();
    expect(reminderNeeds({ kind: 'at', at: '2027-01-01T08:00:00Z' }, undated)).toBeNull();
  });
});

describe('a recurring task’s next occurrence', () => {
  it('moves an instant by the days the due date moved, at the same wall-clock time; relative reminders stay as they are', () => {
    const before: ReminderSpec = { kind: 'before', minutes: 60 };
    expect(reminderForNextOccurrence(before, '2027-03-01', '2027-03-08', NY)).toBe(before);
    // 08:00 in New York on Mar 8 (EST) → 08:00 on Mar 15 (EDT): one hour earlier in UTC.
    expect(reminderForNextOccurrence({ kind: 'at', at: '2027-03-08T13:00:00.000Z' }, '2027-03-08', '2027-03-15', NY)).toEqual({ kind: 'at', at: '2027-03-15T12:00:00.000Z' });
  });
});

describe('the morning digest', () => {
  it('comes at the hour on the user’s clock, today when it is still ahead, else tomorrow', () => {
    expect(iso(nextDigestAt(new Date('2027-02-10T11:00:00Z'), 7, NY))).toBe('2027-02-10T12:00:00.000Z'); // 06:00 → 07:00 today
    expect(iso(nextDigestAt(new Date('2027-02-10T12:00:00Z'), 7, NY))).toBe('2027-02-11T12:00:00.000Z'); // 07:00 exactly → tomorrow
    expect(iso(nextDigestAt(new Date('2027-02-11T01:00:00Z'), 7, NY))).toBe('2027-02-11T12:00:00.000Z'); // 20:00 → tomorrow's, the next UTC day
  });
});

describe('defaults', () => {
  const settings = { timedDefault: { kind: 'before', minutes: 15 } as const, dateOnlyDefault: { kind: 'on-day', daysBefore: 0, time: '09:00' } as const };

  it('gives a task the default for its kind of due date, and none to an undated one', () => {
    expect(defaultReminders({ dueDate: '2027-01-05', dueTime: '14:00' }, settings)).toEqual([settings.timedDefault]);
    expect(defaultReminders({ dueDate: '2027-01-05', dueTime: null }, settings)).toEqual([settings.dateOnlyDefault]);
    expect(defaultReminders({ dueDate: null, dueTime: null }, settings)).toEqual([]);
    expect(defaultReminders({ dueDate: '2027-01-05', dueTime: '14:00' }, { ...settings, timedDefault: null })).toEqual([]);
  });
});

describe('reminder requests', () => {
  it('refuses the same reminder twice (an instant written two ways is the same), and more than five', () => {
    expect(reminderKey({ kind: 'at', at: '2027-01-01T08:00:00+01:00' })).toBe(reminderKey({ kind: 'at', at: '2027-01-01T07:00:00Z' }));
    expect(reminderSpecsSchema.safeParse([{ kind: 'before', minutes: 5 }, { kind: 'before', minutes: 5 }]).error?.issues[0]?.message).toBe('The same reminder is set twice');
    expect(reminderSpecsSchema.safeParse(Array.from({ length: 6 }, (_, minutes) => ({ kind: 'before', minutes }))).success).toBe(false);
  });

  it('says what is wrong with a reminder', () => {
    const message = (reminder: unknown) => taskRemindersBodySchema.safeParse({ reminders: [reminder] }).error?.issues[0]?.message;
    expect(message({ kind: 'before', minutes: 40_321 })).toBe('A reminder can be at most 28 days before');
    expect(message({ kind: 'on-day', daysBefore: 0, time: '25:00' })).toBeDefined();
    expect(message({ kind: 'at', at: 'tomorrow' })).toBe('A reminder time must be a date-time with an offset');
    expect(message({ kind: 'at', at: '3001-01-01T00:00:00Z' })).toBe('Reminder date must be between 1900 and 2999');
    expect(message({ kind: 'before', minutes: 5, extra: true })).toBeDefined();
  });
});

describe('channels', () => {
  it('reads an ntfy channel with ntfy.sh by default, and refuses what ntfy or a webhook cannot take', () => {
    expect(channelCreateBodySchema.parse({ kind: 'ntfy', topic: 'anna_daybook-1', token: '' })).toEqual({ kind: 'ntfy', server: 'https://ntfy.sh', topic: 'anna_daybook-1' });
    expect(channelCreateBodySchema.safeParse({ kind: 'ntfy', topic: 'anna/daybook' }).success).toBe(false);
    expect(channelCreateBodySchema.safeParse({ kind: 'webhook', url: 'javascript:alert(1)' }).success).toBe(false);
    expect(channelCreateBodySchema.safeParse({ kind: 'webhook', url: 'https://apprise.lan:8000/notify/key?tag=x' }).success).toBe(true);
  });

  it('shows a channel as failing after a failure and paused when paused', () => {
    expect([channelStatusOf(0, false), channelStatusOf(1, false), channelStatusOf(5, true)]).toEqual(['ok', 'failing', 'paused']);
  });
});
