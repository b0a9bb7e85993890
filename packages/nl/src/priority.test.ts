import { rules } from './test-fixture';


const pri = (input: string) => {
  const r = rules(input);
  return [r.title, r.priority];
};

describe('priority', () => {
  it.each([
    ['Fix the outage urgent', 'Fix the outage', 'urgent'],
    ['Call Acme about the invoice tomorrow 3pm urgent 30 min', 'Call Acme about the invoice', 'urgent'],
    ['URGENT: fix the outage', 'Fix the outage', 'urgent'],
    ['Fix the outage asap', 'Fix the outage', 'urgent'],
    ['Fix the outage, critical', 'Fix the outage', 'urgent'],
    ['Fix the outage - pretty urgent', 'Fix the outage', 'urgent'],
    ['p1 fix the outage', 'Fix the outage', 'urgent'],
    ['Fix the outage !4', 'Fix the outage', 'urgent'],
    ['Fix the outage !5', 'Fix the outage', 'urgent'],
    ['Fix the outage high priority', 'Fix the outage', 'high'],
    ['Important - fix the outage', 'Fix the outage', 'high'],
    ['Fix the outage high', 'Fix the outage', 'high'],
    ['Fix the outage p2', 'Fix the outage', 'high'],
    ['Fix the outage !3', 'Fix the outage', 'high'],
    ['Fix the outage', 'Fix the outage', 'medium'],
    ['Fix the outage, medium priority', 'Fix the outage', 'medium'],
    ['Fix the outage p3', 'Fix the outage', 'medium'],
    ['Fix the outage !2', 'Fix the outage', 'medium'],
    ['Fix the outage !0', 'Fix the outage', 'medium'],
    ['low priority fix the outage', 'Fix the outage', 'low'],
    ['Fix the outage whenever', 'Fix the outage', 'low'],
    ['Fix the outage, no rush', 'Fix the outage', 'low'],
    ['not urgent: fix the outage', 'Fix the outage', 'low'],
    ['Fix the outage p4', 'Fix the outage', 'low'],
    ['Fix the outage !1', 'Fix the outage', 'low'],
  ])('%s', (input, title, priority) => {
    expect(pri(input)).toEqual([title, priority]);
  });

  it.each([
    ['Restore the client backups top priority', 'Restore the client backups', 'urgent'],
    ['highest priority: patch the payroll server', 'Patch the payroll server', 'urgent'],
    ['Renew the SSL cert, high prio', 'Renew the SSL cert', 'high'],
    ['Fix the printer prio 2', 'Fix the printer', 'high'],
    ['Priority: high - call the insurer', 'Call the insurer', 'high'],
    ['Priority: low. Sort the receipts', 'Sort the receipts', 'low'],
    ['Call the insurer, priority: urgent', 'Call the insurer', 'urgent'],
    ['Call the insurer Priority: high', 'Call the insurer', 'high'],
    ['File the extension !!', 'File the extension', 'high'],
    ['!! file the extension', 'File the extension', 'high'],
    ['File the extension!!!', 'File the extension', 'urgent'],
    ['!!! restore the database', 'Restore the database', 'urgent'],
    ['P3 tidy the shared drive', 'Tidy the shared drive', 'medium'],
    ['Sort the receipts someday', 'Sort the receipts', 'low'],
    ['Reply to the survey when you have time', 'Reply to the survey', 'low'],
    ['Chase the deposit asap', 'Chase the deposit', 'urgent'],
    ['this is pretty urgent, call the insurer', 'Call the insurer', 'urgent'],
    ['Emergency: pipe burst at the office', 'Pipe burst at the office', 'urgent'],
  ])('%s', (input, title, priority) => {
    expect(pri(input)).toEqual([title, priority]);
  });

  it('does not read "priority 1" before a unit: the number is an estimate', () => {
    expect(rules('Lunch with Globex next Friday at noon high priority 1 hour')).toMatchObject({ title: 'Lunch with Globex', priority: 'high', estimatedTime: '1h', dueTime: '12:00' });
  });

  it('leaves emphasis inside the sentence as text', () => {
    expect(pri('Wow!! call Bob')).toEqual(['Wow!! call Bob', 'medium']);
  });

  it('reads a priority phrase describing a noun mid-sentence as words ("high priority tickets")', () => {
    expect(pri('Review high priority tickets for Initech')).toEqual(['Review high priority tickets for Initech', 'medium']);
    expect(pri('High priority: review the tickets')).toEqual(['Review the tickets', 'high']);
  });

  it('keeps an invalid marker as text and takes the first valid one', () => {
    expect(pri('Lorem Ipsum !9999')).toEqual(['Lorem Ipsum !9999', 'medium']);
    expect(pri('Lorem Ipsum !9999 !1')).toEqual(['Lorem Ipsum !9999', 'low']);
  });

  it.each(['Book Riverside Urgent Care visit', 'Pick up kids from high school', "'Urgent' stamp order", 'Call Ana about the urgent care bill', 'Prep the Critical Path Review deck'])('words inside names are not priorities: %s', (input) => {
    expect(pri(input)).toEqual([input, 'medium']);
  });
});

describe('a priority word opening the text', () => {
  it.each([
    ['someday reorganise the supply cupboard', 'Reorganise the supply cupboard', 'low'],
    ['eventually replace the hallway carpet', 'Replace the hallway carpet', 'low'],
    ['urgent email the insurer the claim photos', 'Email the insurer the claim photos', 'urgent'],
    ['important update the board on the merger', 'Update the board on the merger', 'high'],
  ])('before a verb is a marker: %s', (input, title, priority) => {
    expect(pri(input)).toEqual([title, priority]);
  });

  it('before a noun it may describe the noun and stay', () => {
    expect(pri('Urgent review of the safety incident')).toEqual(['Urgent review of the safety incident', 'urgent']);
    expect(pri('Emergency generator service')).toEqual(['Emergency generator service', 'urgent']);
  });
});
