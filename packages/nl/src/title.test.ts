import { rules } from './test-fixture';

const parts = (input: string) => {
  const r = rules(input);
  return [r.title, r.description];
};

describe('title clean-up', () => {
  it.each([
    ['remind me to send the proposal next thursday', 'Send the proposal'],
    ['I need to call the bank tomorrow', 'Call the bank'],
    ["Don't forget to water the plants tonight", 'Water the plants'],
    ['uh can you add a task to renew the contract on the 25th', 'Renew the contract'],
    ['hey so please call Bob', 'Call Bob'],
    ['Call Acme tomorrow at 3pm about the invoice, urgent, 30 minutes', 'Call Acme about the invoice'],
    ['Invoice due the 11th', 'Invoice'],
    ['🚀 Launch landing page tomorrow 🎉', '🚀 Launch landing page 🎉'],
    ['Lorem Ipsum 27/07/2021,', 'Lorem Ipsum'],
  ])('%s', (input, title) => {
    expect(parts(input)).toEqual([title, '']);
  });

  it('keeps numbers that are not fields, unknown markup, non-Latin text', () => {
    expect(parts('Buy 2 tickets @label +Hooli')).toEqual(['Buy 2 tickets @label +Hooli', '']);
    expect(parts('株式会社ナカムラに電話する')).toEqual(['株式会社ナカムラに電話する', '']);
  });
});

describe('description', () => {
  it('splits after a separator or the first sentence', () => {
    expect(parts('Fix login bug: users on Safari get logged out after 5 minutes')).toEqual(['Fix login bug', 'users on Safari get logged out after 5 minutes']);
    expect(parts('Call Acme. They want to move the meeting')).toEqual(['Call Acme', 'They want to move the meeting']);
    expect(parts('Sync with Globex — agenda: budget, hiring')).toEqual(['Sync with Globex', 'agenda: budget, hiring']);
  });

  it('does not split after a leading marker', () => {
    expect(parts('URGENT: fix the outage')).toEqual(['Fix the outage', '']);
    expect(parts('Important - renew the cert')).toEqual(['Renew the cert', '']);
  });

  it('never takes fields from the description', () => {
    const r = rules('Globex renewal call tomorrow at 11: confirm seat count by Friday, 30 minutes');
    expect(r).toMatchObject({ title: 'Globex renewal call', dueDate: '2025-03-12', dueTime: '11:00', estimatedTime: null });
    expect(r.description).toBe('confirm seat count by Friday, 30 minutes');
  });
});

describe('quotes', () => {
  it('takes a wholly quoted input literally', () => {
    expect(rules("'buy milk tomorrow !2 +Acme'")).toMatchObject({ title: 'buy milk tomorrow !2 +Acme', dueDate: null, priority: 'medium', clientName: null });
    expect(rules('“Pay Acme tomorrow”')).toMatchObject({ title: 'Pay Acme tomorrow', dueDate: null, clientName: null });
  });

  it('keeps a quoted part and parses the rest', () => {
    expect(rules('delete "mails from Friday" today')).toMatchObject({ title: 'delete "mails from Friday"', dueDate: '2025-03-11' });
    expect(rules("Buy 2 tickets for Sunday's match")).toMatchObject({ title: "Buy 2 tickets for Sunday's match", dueDate: null });
  });
});
