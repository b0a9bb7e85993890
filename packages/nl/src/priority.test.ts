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

  it('keeps an invalid marker as text and takes the first valid one', () => {
    expect(pri('Lorem Ipsum !9999')).toEqual(['Lorem Ipsum !9999', 'medium']);
    expect(pri('Lorem Ipsum !9999 !1')).toEqual(['Lorem Ipsum !9999', 'low']);
  });

  it.each(['Book Riverside Urgent Care visit', 'Pick up kids from high school', "'Urgent' stamp order"])('words inside names are not priorities: %s', (input) => {
    expect(pri(input)).toEqual([input, 'medium']);
  });
});
