import { DEFAULT_TIME_INCREMENTS } from '@daybook/shared';
import { capture, captureMany, type CaptureContext } from './capture';
import { createRuleContext, localToInstant } from './context';
import { durationOf, resolveReminder } from './reminders';
import type { Schedule } from './schedule';
import { rules } from './test-fixture';

// Tuesday 2025-03-11 10:15 in Chicago (UTC-5 after the change to daylight time on the 9th).
const reminders = (input: string) => rules(input).reminders;
const ctx = createRuleContext(localToInstant('2025-03-11T10:15:00', 'America/Chicago'), 'America/Chicago');
const due = (dueDate: string | null, dueTime: string | null): Schedule => ({ dueDate, dueTime, isRecurring: false, recurringType: null, recurringInterval: 1 });
const before = (minutes: number) => ({ kind: 'before', minutes });
const onDay = (daysBefore: number, time: string) => ({ kind: 'on-day', daysBefore, time });

describe('durations said before "before"', () => {
  it.each([
    ['30 min', 30],
    ['30mins', 30],
    ['an hour', 60],
    ['1h', 60],
    ['2hrs', 120],
    ['half an hour', 30],
    ['half hour', 30],
    ['a quarter of an hour', 15],
    ['an hour and a half', 90],
    ['1h30m', 90],
    ['1.5 hours', 90],
    ['a couple of hours', 120],
    ['fifteen minutes', 15],
    ['24 hours', 1440],
  ])('%s = %i minutes', (text, minutes) => {
    expect(durationOf(text)).toEqual({ minutes });
  });

  it('keeps the whole days said in days or weeks', () => {
    expect(durationOf('2 days')).toEqual({ minutes: 2880, days: 2 });
    expect(durationOf('a week')).toEqual({ minutes: 10080, days: 7 });
    expect(durationOf('1.5 days')).toEqual({ minutes: 2160 });
    expect(durationOf('soon')).toBeNull();
  });
});

describe('minutes before the due time', () => {
  it.each([
    ['Call Acme tomorrow at 3pm, remind me 30 min before', [before(30)]],
    ['Call Acme tomorrow at 3pm, remind me an hour before', [before(60)]],
    ['Dentist Friday 3pm, reminder 2 days before', [before(2880)]],
    ['Standup tomorrow 9am, ping me 15 minutes beforehand', [before(15)]],
    ['Team sync Thursday 2pm with a reminder 10 min before', [before(10)]],
    ['Interview at 4pm, notify me 15 min prior', [before(15)]],
    ['Doctor Thursday 11:15am with a 30 min reminder', [before(30)]],
    ['Sprint demo Friday 2pm, remind me an hour before and again 10 minutes before', [before(60), before(10)]],
  ])('%s', (input, expected) => {
    expect(reminders(input)).toEqual(expected);
  });

  it('is never an estimate nor a due time', () => {
    expect(rules('Standup tomorrow 9am, ping me 15 minutes beforehand')).toMatchObject({ title: 'Standup', dueDate: '2025-03-12', dueTime: '09:00', estimatedTime: null });
    expect(rules('Prep the Acme workshop Thursday 1pm, 2 hours, remind me 30 min before')).toMatchObject({ estimatedTime: '2h', reminders: [before(30)] });
  });

  it('in whole days on a task with a date and no time: that many days before at 09:00', () => {
    expect(reminders('Dentist Friday, remind me 2 days before')).toEqual([onDay(2, '09:00')]);
    expect(reminders('Renew passport by April 30, remind me a week before')).toEqual([onDay(7, '09:00')]);
    // Minutes and hours stay minutes: they wait for a due time.
    expect(reminders('Submit the report Friday, remind me an hour before')).toEqual([before(60)]);
  });
});

describe('a day before, the night before, the morning of', () => {
  it.each([
    ['Dentist Friday 3pm, remind me the day before', [onDay(1, '09:00')]],
    ['Board meeting Monday at 9am, remind me the evening before', [onDay(1, '18:00')]],
    ['Board meeting Monday at 9am, remind me the night before', [onDay(1, '21:00')]],
    ['Conference Thursday 6pm, remind me the morning of', [onDay(0, '09:00')]],
    ['Tax filing due April 15, remind me the week before', [onDay(7, '09:00')]],
    ['Dentist Friday 3pm, remind me at 8pm the day before', [onDay(1, '20:00')]],
    ['Dentist Friday 3pm, remind me the day before at 6pm', [onDay(1, '18:00')]],
    ['Court hearing Wednesday 9am, remind me the day before at 5', [onDay(1, '17:00')]],
    ['Flight Saturday 6am, remind me the night before at 10', [onDay(1, '22:00')]],
    ['Globex review Friday 3pm, remind me 2 days before at 10am', [onDay(2, '10:00')]],
    ['Pay rent on the 1st, remind me on the day at 8', [onDay(0, '08:00')]],
  ])('%s', (input, expected) => {
    expect(reminders(input)).toEqual(expected);
  });
});

describe('a time on the due day', () => {
  it.each([
    ['call Acme tomorrow 9am, remind me at 8', [onDay(0, '08:00')]],
    ['Dentist Friday 3pm, remind me at 8', [onDay(0, '08:00')]],
    // After the due time on its day: the evening before.
    ['Dentist Friday 3pm, remind me at 8pm', [onDay(1, '20:00')]],
    ['Flight Friday 6am, remind me at 9', [onDay(1, '21:00')]],
    // A bare hour is the latest reading before the due time.
    ['Dinner with Ann Friday 9pm, remind me at 8', [onDay(0, '20:00')]],
    ['School pickup Friday at 3, remind me at 2:30', [onDay(0, '14:30')]],
    ['Submit the report Friday, remind me at 8', [onDay(0, '08:00')]],
    ['Take the bins out Thursday, reminder at 7:30', [onDay(0, '07:30')]],
  ])('%s', (input, expected) => {
    expect(reminders(input)).toEqual(expected);
  });
});

describe('another day and time', () => {
  it('is days before the due date, or an instant when it is not', () => {
    expect(reminders('Quarterly filing due Friday, remind me Thursday at 5pm')).toEqual([onDay(1, '17:00')]);
    expect(reminders('Finish the Globex proposal by Friday, remind me tomorrow')).toEqual([onDay(2, '09:00')]);
    expect(reminders('Draft the Initech SOW by Friday, remind me in 2 hours')).toEqual([{ kind: 'at', at: '2025-03-11T17:15:00.000Z' }]);
    expect(reminders('Renew the lease by the end of next month, remind me on March 25')).toEqual([{ kind: 'at', at: '2025-03-25T14:00:00.000Z' }]);
  });

  it('later today without a time is the next full hour', () => {
    expect(reminders('Call Acme Friday 2pm, remind me later today')).toEqual([onDay(3, '11:00')]);
  });
});

describe('at the due time', () => {
  it('is 0 minutes before, or 09:00 on a day without a time', () => {
    expect(reminders('Call Globex Friday at 3pm, remind me when it’s due')).toEqual([before(0)]);
    expect(reminders("Call Globex Friday at 3pm, remind me when it's due")).toEqual([before(0)]);
    expect(reminders('Webinar Thursday 1pm, ping me at the start time')).toEqual([before(0)]);
    expect(reminders('Submit the report Friday, remind me when it’s due')).toEqual([onDay(0, '09:00')]);
  });
});

describe('"remind me" with the task’s own date and time', () => {
  it('opening the task: the due date and time, with a reminder at that time', () => {
    expect(rules('remind me at noon to call the title company')).toMatchObject({ title: 'Call the title company', dueDate: '2025-03-11', dueTime: '12:00', reminders: [before(0)] });
    expect(rules('Alright, can you remind me at noon to call Mrs. Alvarez')).toMatchObject({ title: 'Call Mrs. Alvarez', dueTime: '12:00', reminders: [before(0)] });
    expect(rules('remind me in 20 minutes to check the oven')).toMatchObject({ title: 'Check the oven', dueTime: '10:35', reminders: [before(0)] });
    expect(rules('ping me at 3pm to join the Initech call')).toMatchObject({ title: 'Join the Initech call', dueTime: '15:00', reminders: [before(0)] });
  });

  it('opening the task with a day only: the due date, and the user’s own defaults (no reminder read)', () => {
    expect(rules('Remind me tomorrow that I have to sign the change order')).toMatchObject({ title: 'Sign the change order', dueDate: '2025-03-12', reminders: [] });
    expect(rules('remind me to call Globex on Friday')).toMatchObject({ title: 'Call Globex', dueDate: '2025-03-14', reminders: [] });
  });

  it('a reminder when the task says its own date or time too', () => {
    expect(rules('remind me at 8 to call Acme tomorrow')).toMatchObject({ dueDate: '2025-03-12', dueTime: '08:00', reminders: [before(0)] });
    expect(rules('remind me at 8 to call Acme tomorrow at 9')).toMatchObject({ dueDate: '2025-03-12', dueTime: '09:00', reminders: [onDay(0, '08:00')] });
    expect(rules('Remind me on Thursday to submit the report by Friday')).toMatchObject({ title: 'Submit the report', dueDate: '2025-03-14', reminders: [onDay(1, '09:00')] });
  });

  it('after a task with no date: the task’s date and time', () => {
    expect(rules('buy milk, remind me at 6pm')).toMatchObject({ title: 'Buy milk', dueDate: '2025-03-11', dueTime: '18:00', reminders: [before(0)] });
    expect(rules('Buy milk. Remind me at 6pm.')).toMatchObject({ title: 'Buy milk', description: '', dueTime: '18:00', reminders: [before(0)] });
    expect(rules('Call the plumber - remind me tomorrow')).toMatchObject({ title: 'Call the plumber', dueDate: '2025-03-12', reminders: [] });
  });
});

describe('not reminders', () => {
  it.each([
    ['Remind Dana about the retro tomorrow', 'Remind Dana about the retro'],
    ['Send Acme a reminder about the overdue invoice', 'Send Acme a reminder about the overdue invoice'],
    ['Send the payment reminder to Globex on Friday', 'Send the payment reminder to Globex'],
    ['Arrive 30 min before the meeting on Thursday', 'Arrive 30 min before the meeting'],
    ['remind me to call Bob 2 days before the launch', 'Call Bob 2 days before the launch'],
    ['Buy a gift the day before Mom’s birthday', 'Buy a gift the day before Mom’s birthday'],
    ['Reminder letters to all clients 2 days before the deadline', 'Reminder letters to all clients 2 days before the deadline'],
    ['Write the 2-day reminder email for Initech', 'Write the 2-day reminder email for Initech'],
    ['Ping the team about the deploy at 3pm', 'Ping the team about the deploy'],
  ])('%s', (input, title) => {
    expect(rules(input)).toMatchObject({ title, reminders: [] });
  });

  it('gives back the words of a reminder that cannot be kept (more than four weeks before)', () => {
    expect(rules('Call Acme Friday at 2pm, remind me 5 weeks before')).toMatchObject({ title: 'Call Acme, remind me 5 weeks before', reminders: [] });
  });
});

describe('several reminders', () => {
  it('keeps each once, at most five; the words of a sixth go back to the title', () => {
    expect(reminders('Call Acme Friday at 2pm, remind me 30 min before and half an hour before')).toEqual([before(30)]);
    const six = rules('Call Acme Friday at 2pm, remind me 2 days before, 1 day before, 2 hours before, 1 hour before, 30 min before and 5 min before');
    expect(six.reminders).toEqual([before(2880), before(1440), before(120), before(60), before(30)]);
    expect(six.title).toBe('Call Acme, and 5 min before');
  });
});

describe('in the capture box', () => {
  const context: CaptureContext = {
    now: localToInstant('2025-03-11T10:15:00', 'America/Chicago'),
    timezone: 'America/Chicago',
    clients: [{ id: 'c-acme', name: 'Acme Corp' }],
    timeIncrements: DEFAULT_TIME_INCREMENTS,
  };
  const piecesOf = (text: string, keepAsText: Array<{ start: number; end: number }> = []) =>
    capture(text, context, { keepAsText }).pieces.map((piece) => [piece.field, text.slice(piece.start, piece.end), piece.reminder ?? null]);

  it('is one piece per reminder, with the reminder it asked for', () => {
    expect(piecesOf('Call Acme tomorrow 9am, remind me at 8 and 30 min before')).toEqual([
      ['client', 'Acme', null],
      ['date', 'tomorrow', null],
      ['time', '9am', null],
      ['reminder', 'remind me at 8', onDay(0, '08:00')],
      ['reminder', 'and 30 min before', before(30)],
    ]);
  });

  it('gives a removed reminder’s words back to the title', () => {
    const text = 'Call Acme tomorrow 9am, remind me at 8';
    const start = text.indexOf('remind');
    const kept = capture(text, context, { keepAsText: [{ start, end: text.length }] });
    expect(kept.task).toMatchObject({ title: 'Call Acme, remind me at 8', dueTime: '09:00', reminders: [] });
  });

  it('marks the "remind me" of a task it opens; removed, the reminder goes and the title stays', () => {
    const text = 'remind me at noon to call the bank';
    expect(piecesOf(text)).toEqual([
      ['reminder', 'remind me', before(0)],
      ['time', 'noon', null],
    ]);
    const kept = capture(text, context, { keepAsText: [{ start: 0, end: 'remind me'.length }] });
    expect(kept.task).toMatchObject({ title: 'Call the bank', dueTime: '12:00', reminders: [] });
  });

  it('reads the reminders of each task of a ramble', () => {
    const proposals = captureMany('Remind me at noon to call the bank and remind me at 4 to pick up the kids', context);
    expect(proposals.map((p) => [p.task.title, p.task.dueTime, p.task.reminders])).toEqual([
      ['Call the bank', '12:00', [before(0)]],
      ['Pick up the kids', '16:00', [before(0)]],
    ]);
  });
});

describe('resolveReminder', () => {
  it('reads a bare hour the way that comes before the due time', () => {
    const eight = { kind: 'clock', time: { field: 'time', time: '08:00', bare: true, hour: 8, minute: 0 } } as const;
    expect(resolveReminder(eight, due('2025-03-14', '09:00'), ctx)).toEqual(onDay(0, '08:00'));
    expect(resolveReminder(eight, due('2025-03-14', '21:00'), ctx)).toEqual(onDay(0, '20:00'));
    expect(resolveReminder(eight, due('2025-03-14', '07:00'), ctx)).toEqual(onDay(1, '20:00'));
    expect(resolveReminder(eight, due('2025-03-14', null), ctx)).toEqual(onDay(0, '08:00'));
  });

  it('gives nothing beyond the contract’s limits', () => {
    expect(resolveReminder({ kind: 'before', minutes: 5 * 7 * 24 * 60 }, due('2025-03-14', '09:00'), ctx)).toBeNull();
    expect(resolveReminder({ kind: 'day-before', days: 31 }, due('2025-05-14', null), ctx)).toBeNull();
  });

  it('is at the due time for a task without a date (it waits for one)', () => {
    expect(resolveReminder({ kind: 'at-due' }, due(null, null), ctx)).toEqual(before(0));
  });
});
