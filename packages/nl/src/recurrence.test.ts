import { rules } from './test-fixture';

// Tuesday 2025-03-11 10:15 in Chicago.
const rec = (input: string, now?: string) => {
  const r = rules(input, { now });
  return { title: r.title, isRecurring: r.isRecurring, type: r.recurringType, interval: r.recurringInterval, dueDate: r.dueDate, dueTime: r.dueTime };
};

describe('recurrence', () => {
  it.each([
    ['Water plants every day', 'daily', 1],
    ['Water plants daily', 'daily', 1],
    ['Water plants every 2 days', 'daily', 2],
    ['Water plants every other day', 'daily', 2],
    ['Water plants every week', 'weekly', 1],
    ['Water plants weekly', 'weekly', 1],
    ['Water plants every 3 weeks', 'weekly', 3],
    ['Water plants every month', 'monthly', 1],
    ['Water plants every 2 months', 'monthly', 2],
    ['Water plants every quarter', 'monthly', 3],
    ['Water plants semiannually', 'monthly', 6],
    ['Water plants every year', 'monthly', 12],
    ['Water plants annually', 'monthly', 12],
  ])('%s', (input, type, interval) => {
    expect(rec(input)).toMatchObject({ title: 'Water plants', isRecurring: true, type, interval, dueDate: '2025-03-11', dueTime: null });
  });

  it('anchors on a weekday, a day of the month or a date', () => {
    expect(rec('Payroll review every other Friday')).toMatchObject({ type: 'weekly', interval: 2, dueDate: '2025-03-14' });
    expect(rec('Every other Friday: payroll review')).toMatchObject({ title: 'Payroll review', type: 'weekly', interval: 2, dueDate: '2025-03-14' });
    expect(rec('Yoga on Mondays')).toMatchObject({ title: 'Yoga', type: 'weekly', interval: 1, dueDate: '2025-03-17' });
    expect(rec('Pay invoices on the 15th of every month')).toMatchObject({ title: 'Pay invoices', type: 'monthly', interval: 1, dueDate: '2025-03-15' });
    expect(rec('Renew the domain every year on June 1')).toMatchObject({ title: 'Renew the domain', type: 'monthly', interval: 12, dueDate: '2025-06-01' });
  });

  it('reads the nth weekday of the month and several weekdays', () => {
    expect(rec('Send newsletter the first Monday of each month')).toMatchObject({ title: 'Send newsletter', type: 'monthly', interval: 1, dueDate: '2025-04-07' });
    expect(rec('Pay the team on the last Friday of every month')).toMatchObject({ title: 'Pay the team', type: 'monthly', dueDate: '2025-03-28' });
    expect(rec('Take out the trash every Tuesday and Friday night')).toMatchObject({ title: 'Take out the trash', type: 'weekly', dueDate: '2025-03-14', dueTime: '21:00' });
  });

  it('moves a past time to the next occurrence', () => {
    expect(rec('Daily standup at 9')).toMatchObject({ isRecurring: true, type: 'daily', dueDate: '2025-03-12', dueTime: '09:00' });
    expect(rec('Check logs every morning')).toMatchObject({ title: 'Check logs', type: 'daily', dueDate: '2025-03-12', dueTime: '09:00' });
    expect(rec('Check logs every week at 11:42')).toMatchObject({ type: 'weekly', dueDate: '2025-03-11', dueTime: '11:42' });
  });

  it.each(['Send the weekly report', 'Prepare the annual conference', 'Check the monthly invoices', 'Lorem wordweeklynotword', 'Lorem hourly'])('is not a recurrence: %s', (input) => {
    expect(rec(input)).toMatchObject({ title: input, isRecurring: false, type: null, interval: 1 });
  });
});

describe('Monday to Friday (weekdays)', () => {
  it.each([
    'Check the docket every weekday',
    'Check the docket weekdays',
    'Check the docket on weekdays',
    'Check the docket every working day',
    'Check the docket each business day',
    'Check the docket Monday to Friday',
    'Check the docket Monday through Friday',
    'Check the docket Mon-Fri',
    'Check the docket Mon–Fri',
    'Check the docket every day except weekends',
  ])('%s', (input) => {
    // Tuesday: today is a weekday and no time was said
    expect(rec(input)).toMatchObject({ title: 'Check the docket', isRecurring: true, type: 'weekdays', interval: 1, dueDate: '2025-03-11', dueTime: null });
  });

  it('starts on the next weekday: tomorrow when the time has passed, Monday from a weekend', () => {
    expect(rec('Weekdays at 9 review the calendar')).toMatchObject({ title: 'Review the calendar', type: 'weekdays', dueDate: '2025-03-12', dueTime: '09:00' });
    expect(rec('Check the docket every weekday at 4pm')).toMatchObject({ type: 'weekdays', dueDate: '2025-03-11', dueTime: '16:00' });
    expect(rec('Check the docket every weekday', '2025-03-15T10:00:00')).toMatchObject({ type: 'weekdays', dueDate: '2025-03-17' });
    expect(rec('Check the docket every weekday at 9', '2025-03-14T17:00:00')).toMatchObject({ type: 'weekdays', dueDate: '2025-03-17', dueTime: '09:00' });
    expect(rec('Review contracts weekday mornings', '2025-03-16T08:00:00')).toMatchObject({ title: 'Review contracts', type: 'weekdays', dueDate: '2025-03-17', dueTime: '09:00' });
  });

  it('is no repeat in a count, a noun phrase or a move', () => {
    expect(rec('Reply within 5 business days')).toMatchObject({ isRecurring: false, dueDate: '2025-03-18' });
    expect(rec('Print the Mon-Fri rota')).toMatchObject({ title: 'Print the Mon-Fri rota', isRecurring: false, dueDate: null });
    expect(rec('Move the review from Monday to Friday')).toMatchObject({ title: 'Move the review', isRecurring: false, dueDate: '2025-03-14' });
  });
});

describe('several weekdays', () => {
  it('repeats weekly from the earliest next one', () => {
    expect(rec('Pilates Mondays and Thursdays')).toMatchObject({ title: 'Pilates', type: 'weekly', interval: 1, dueDate: '2025-03-13' });
    expect(rec('Pilates on Tuesdays and Fridays at 6pm')).toMatchObject({ title: 'Pilates', type: 'weekly', dueDate: '2025-03-14', dueTime: '18:00' });
    expect(rec('Pilates every Mon, Wed and Fri at 7am')).toMatchObject({ title: 'Pilates', type: 'weekly', dueDate: '2025-03-12', dueTime: '07:00' });
    expect(rec('Pilates Tues & Thurs evenings')).toMatchObject({ title: 'Pilates', type: 'weekly', dueDate: '2025-03-13', dueTime: '18:00' });
    expect(rec('Call Mum Sunday nights')).toMatchObject({ title: 'Call Mum', type: 'weekly', dueDate: '2025-03-16', dueTime: '21:00' });
  });
});

describe('every second week', () => {
  it.each(['Send the timesheet every 2nd week', 'Send the timesheet every second week', 'Send the timesheet biweekly', 'Send the timesheet fortnightly', 'Send the timesheet every fortnight'])(
    '%s',
    (input) => {
      expect(rec(input)).toMatchObject({ title: 'Send the timesheet', type: 'weekly', interval: 2, dueDate: '2025-03-11' });
    },
  );
});

describe('anchored monthly repeats', () => {
  it.each([
    ['Pay the lease every 3 months on the 1st', 3, '2025-04-01'],
    ['Pay the lease each month on the 1st', 1, '2025-04-01'],
    ['Pay the lease monthly on the 20th', 1, '2025-03-20'],
    ['Pay the lease every first Monday of the month', 1, '2025-04-07'],
    ['Pay the lease every last day of the month', 1, '2025-03-31'],
    ['Pay the lease on the last day of each month', 1, '2025-03-31'],
    ['Pay the lease on the last business day of every month', 1, '2025-03-31'],
    ['Pay the lease every month on the 15th', 1, '2025-03-15'],
  ])('%s', (input, interval, date) => {
    expect(rec(input)).toMatchObject({ title: 'Pay the lease', type: 'monthly', interval, dueDate: date });
  });

  it('takes this month’s last day when it is today, next month’s once past', () => {
    expect(rec('Pay the lease every last day of the month', '2025-04-30T08:00:00')).toMatchObject({ dueDate: '2025-04-30' });
    expect(rec('Pay the lease every last business day of the month', '2025-05-31T08:00:00')).toMatchObject({ dueDate: '2025-06-30' });
  });
});

describe('adverbs and nouns', () => {
  it.each([
    ['Reconcile the escrow account monthly', 'monthly', 1],
    ['Send the board update quarterly', 'monthly', 3],
    ['quarterly: send the board update', 'monthly', 3],
    ['Review the fee schedule biannually', 'monthly', 6],
    ['Review the fee schedule semi-annually', 'monthly', 6],
    ['Review the fee schedule yearly', 'monthly', 12],
    ['Review the fee schedule annually', 'monthly', 12],
    ['repeat weekly: back up the laptop', 'weekly', 1],
  ])('%s', (input, type, interval) => {
    expect(rec(input)).toMatchObject({ isRecurring: true, type, interval, dueDate: '2025-03-11' });
  });

  it.each([
    'Quarterly tax estimate for the Lees',
    'Monthly invoices for Globex',
    'Pay the quarterly tax estimate',
    'Prepare the quarterly board pack',
    'Weekly report to Initech',
    'Register for the annual conference',
    'Meet Sam twice weekly',
  ])('is not a recurrence: %s', (input) => {
    expect(rec(input)).toMatchObject({ title: input, isRecurring: false, type: null, interval: 1 });
  });

  it('repeats a recurring event named at the start; the repeat word leaves the title', () => {
    expect(rec('Weekly team meeting with Acme')).toMatchObject({ title: 'Team meeting with Acme', isRecurring: true, type: 'weekly' });
    expect(rec('Monthly check-in with Globex')).toMatchObject({ isRecurring: true, type: 'monthly' });
  });

  it('reads a leading adverb before the head of the event it names, or before the verb', () => {
    expect(rec('biweekly fire drill walk-through at the depot')).toMatchObject({ title: 'Fire drill walk-through at the depot', type: 'weekly', interval: 2 });
    expect(rec('fortnightly vendor payment run for Initech')).toMatchObject({ title: 'Vendor payment run for Initech', type: 'weekly', interval: 2 });
    expect(rec('fortnightly water the office ferns')).toMatchObject({ title: 'Water the office ferns', type: 'weekly', interval: 2 });
    expect(rec('monthly reconcile the petty cash tin')).toMatchObject({ title: 'Reconcile the petty cash tin', type: 'monthly', interval: 1 });
    // The head is a thing, not an event: a noun phrase, no repeat.
    expect(rec('Biweekly payroll summary for Globex')).toMatchObject({ title: 'Biweekly payroll summary for Globex', isRecurring: false });
    expect(rec('Weekly standup notes for Acme')).toMatchObject({ title: 'Weekly standup notes for Acme', isRecurring: false });
  });

  it('gives a time right after a leading repeat phrase to it', () => {
    expect(rec('Daily at 9 review the intake queue')).toMatchObject({ title: 'Review the intake queue', type: 'daily', dueDate: '2025-03-12', dueTime: '09:00' });
    expect(rec('Every Monday at 10 team sync')).toMatchObject({ title: 'Team sync', type: 'weekly', dueDate: '2025-03-17', dueTime: '10:00' });
    expect(rec('Every weekday at 8:30: check the inbox')).toMatchObject({ title: 'Check the inbox', type: 'weekdays', dueDate: '2025-03-12', dueTime: '08:30' });
  });
});
