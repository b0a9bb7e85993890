import { rules } from './test-fixture';

// Tuesday 2025-03-11 10:15 in Chicago unless stated.
const due = (input: string, now?: string, timezone?: string) => {
  const r = rules(input, { now, timezone });
  return { title: r.title, dueDate: r.dueDate, dueTime: r.dueTime };
};

describe('relative days', () => {
  it.each([
    ['Pay rent today', '2025-03-11', null],
    ['Pay rent tonight', '2025-03-11', '21:00'],
    ['Pay rent tomorrow', '2025-03-12', null],
    ['Pay rent Tomorrow morning', '2025-03-12', '09:00'],
    ['Pay rent the day after tomorrow', '2025-03-13', null],
    ['Pay rent this evening', '2025-03-11', '18:00'],
    ['Pay rent morgen um 10', '2025-03-12', '10:00'],
  ])('%s', (input, date, time) => {
    expect(due(input)).toEqual({ title: 'Pay rent', dueDate: date, dueTime: time });
  });

  it('leaves possessives alone', () => {
    expect(due("Send tomorrow's agenda")).toEqual({ title: "Send tomorrow's agenda", dueDate: null, dueTime: null });
  });
});

describe('weekdays', () => {
  it.each([
    ['Call Bob monday', '2025-03-17'],
    ['Call Bob next Mon', '2025-03-17'],
    ['Call Bob on Friday', '2025-03-14'],
    ['Call Bob by fri', '2025-03-14'],
    // said on a Tuesday: "tuesday" and "next tuesday" are a week away, "this tuesday" is today
    ['Call Bob tuesday', '2025-03-18'],
    ['Call Bob next Tuesday', '2025-03-18'],
    ['Call Bob this Tuesday', '2025-03-11'],
    ['Call Bob Friday next week', '2025-03-21'],
  ])('%s', (input, date) => {
    expect(due(input)).toEqual({ title: 'Call Bob', dueDate: date, dueTime: null });
  });

  it.each(["Buy tickets for Sunday's match", 'Order the Monday.com upgrade', 'Meet Mr. Friday', 'Plan Black Friday sale', 'Lorem mondayipsum', 'Fix monitor stand', 'Photo of saturn'])(
    'is not fooled by %s',
    (input) => {
      expect(due(input)).toEqual({ title: input, dueDate: null, dueTime: null });
    },
  );
});

describe('periods', () => {
  it.each([
    ['Clean garage this weekend', '2025-03-15'],
    ['Clean garage next week', '2025-03-17'],
    ['Clean garage end of week', '2025-03-14'],
    ['Clean garage next month', '2025-04-01'],
    ['Clean garage before end of month', '2025-03-31'],
    ['Clean garage in 3 days', '2025-03-14'],
    ['Clean garage in 2 weeks', '2025-03-25'],
    ['Clean garage in a month', '2025-04-11'],
  ])('%s', (input, date) => {
    expect(due(input)).toEqual({ title: 'Clean garage', dueDate: date, dueTime: null });
  });

  it('does not take a period used as an adjective', () => {
    expect(due('Prepare year-end party next week')).toEqual({ title: 'Prepare year-end party', dueDate: '2025-03-17', dueTime: null });
  });

  it('weekend and end of week on a weekend', () => {
    expect(due('Clean garage this weekend', '2025-03-16T10:00:00').dueDate).toBe('2025-03-16');
    expect(due('Clean garage end of week', '2025-03-15T10:00:00').dueDate).toBe('2025-03-21');
  });

  it('clamps months to their last day', () => {
    expect(due('Renew in 1 month', '2025-01-31T09:00:00').dueDate).toBe('2025-02-28');
  });
});

describe('hours and minutes from now', () => {
  it('counts real elapsed time across DST changes', () => {
    expect(due('Restart job in 1 hour', '2025-03-09T01:30:00', 'America/New_York')).toMatchObject({ dueDate: '2025-03-09', dueTime: '03:30' });
    expect(due('Rotate logs in 2 hours', '2025-11-02T00:45:00', 'America/New_York')).toMatchObject({ dueDate: '2025-11-02', dueTime: '01:45' });
    expect(due('Check oven in 45 minutes')).toMatchObject({ title: 'Check oven', dueDate: '2025-03-11', dueTime: '11:00' });
    expect(due('Call back in half an hour')).toMatchObject({ dueTime: '10:45' });
  });
});

describe('month-name dates', () => {
  it.each([
    ['Pay jan 27', '2026-01-27'],
    ['Pay 27 jan', '2026-01-27'],
    ['Pay 21st June', '2025-06-21'],
    ['Pay Mar 8th', '2026-03-08'],
    ['Pay March 11', '2025-03-11'],
    ['Pay the 2nd of April', '2025-04-02'],
    ['Pay on June 1, 2024', '2024-06-01'],
  ])('%s (past without a year → next year)', (input, date) => {
    expect(due(input)).toEqual({ title: 'Pay', dueDate: date, dueTime: null });
  });

  it('needs a day: "the May report" is a noun', () => {
    expect(due('Write the May report').dueDate).toBeNull();
  });
});

describe('numeric dates', () => {
  it('reads M/D in the Americas and D/M elsewhere', () => {
    expect(due('Pay invoice on 3/7').dueDate).toBe('2026-03-07');
    expect(due('Pay invoice on 3/7', '2025-06-02T08:00:00', 'Europe/London').dueDate).toBe('2025-07-03');
    expect(due('Pay invoice on 3/7', '2025-06-02T08:00:00', 'Pacific/Honolulu').dueDate).toBe('2026-03-07');
  });

  it('lets a part above 12 force the other reading', () => {
    expect(due('Pay invoice 16/12').dueDate).toBe('2025-12-16');
    expect(due('Pay invoice 12/16', '2025-06-02T08:00:00', 'Europe/Berlin').dueDate).toBe('2025-12-16');
  });

  it('reads dotted dates as D.M and two-digit years as 20YY', () => {
    expect(due('Pay invoice 01.02.25', '2021-06-24T12:00:00', 'America/Chicago').dueDate).toBe('2025-02-01');
    expect(due('Pay invoice 01.10').dueDate).toBe('2025-10-01');
  });

  it('reads numeric dates after German prepositions', () => {
    expect(due('Steuererklärung bis 15.01. abgeben', '2025-12-30T16:00:00', 'Europe/Berlin')).toEqual({ title: 'Steuererklärung abgeben', dueDate: '2026-01-15', dueTime: null });
  });

  it('keeps explicit years and ISO dates as written', () => {
    expect(due('Pay invoice 06/08/2021').dueDate).toBe('2021-06-08');
    expect(due('Pay invoice 2021-07-06').dueDate).toBe('2021-07-06');
    expect(due('2021/07/06 Pay invoice').dueDate).toBe('2021-07-06');
  });

  it('counts only at the ends, after on/by/due/the, or before a time', () => {
    expect(due('The 9/11 Report')).toEqual({ title: 'The 9/11 Report', dueDate: null, dueTime: null });
    expect(due('The 9/11 Report due 10/12').title).toBe('The 9/11 Report');
    expect(due('meeting 9/11 at 10:00')).toEqual({ title: 'meeting', dueDate: '2025-09-11', dueTime: '10:00' });
    expect(due('9/11 meeting').dueDate).toBe('2025-09-11');
  });

  it.each(['Prepare the 24/7 support rota', 'The 1.2 formula', 'Release v1.1.1', 'a]7/8 debate', 'Archive 2019 emails', 'Plan Q2', 'See https://example.org/2019/1/2-post'])(
    'is not a date: %s',
    (input) => {
      expect(due(input).dueDate).toBeNull();
    },
  );
});

describe('days of the month', () => {
  it.each([
    ['Invoice due the 11th', '2025-03-11'],
    ['Invoice on the 20th', '2025-03-20'],
    ['Invoice 10th', '2025-04-10'],
    ['Invoice on the twenty fifth', '2025-03-25'],
  ])('%s', (input, date) => {
    expect(due(input)).toEqual({ title: 'Invoice', dueDate: date, dueTime: null });
  });

  it('skips months without that day', () => {
    expect(due('Lorem Ipsum 29th', '2022-01-30T00:00:00').dueDate).toBe('2022-03-29');
  });

  it('is not a date inside a noun phrase', () => {
    expect(due('Renovation - 2nd Floor Bath').dueDate).toBeNull();
    expect(due('13th floor - remark').dueDate).toBeNull();
    expect(due('Review the first draft').dueDate).toBeNull();
  });
});
