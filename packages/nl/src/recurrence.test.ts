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
