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
    expect(due('meeting 9/11 at 10:00')).toEqual({ title: 'Meeting', dueDate: '2025-09-11', dueTime: '10:00' });
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

describe('short forms of tomorrow', () => {
  it.each(['tmrw', 'tmr', '2moro', 'Tmrw'])('%s = tomorrow', (word) => {
    expect(due(`Courier the signed deed ${word}`)).toEqual({ title: 'Courier the signed deed', dueDate: '2025-03-12', dueTime: null });
  });

  it('keeps a part of the day said with it', () => {
    expect(due('2moro morning chase the surveyor')).toEqual({ title: 'Chase the surveyor', dueDate: '2025-03-12', dueTime: '09:00' });
  });
});

describe('ends and starts of weeks, months and years', () => {
  // Tuesday 2025-03-11
  it.each([
    ['Send the mood board end of next week', '2025-03-21'],
    ['Send the mood board by the end of next week', '2025-03-21'],
    ['Send the mood board EOW', '2025-03-14'],
    ['Send the mood board by eow', '2025-03-14'],
    ['Send the mood board before the weekend', '2025-03-14'],
    ['Send the mood board EOM', '2025-03-31'],
    ['Send the mood board on the last day of the month', '2025-03-31'],
    ['Send the mood board last day of this month', '2025-03-31'],
    ['Send the mood board end of next month', '2025-04-30'],
    ['Send the mood board first of next month', '2025-04-01'],
    ['Send the mood board on the 1st of next month', '2025-04-01'],
    ['Send the mood board year end', '2025-12-31'],
    ['Send the mood board by end of year', '2025-12-31'],
    ['Send the mood board EOY', '2025-12-31'],
  ])('%s', (input, date) => {
    expect(due(input)).toEqual({ title: 'Send the mood board', dueDate: date, dueTime: null });
  });

  it('reads them from a Friday and a weekend', () => {
    // Friday 2025-03-14: end of week and before the weekend are today
    expect(due('Invoice the Lees before the weekend', '2025-03-14T09:00:00').dueDate).toBe('2025-03-14');
    expect(due('Invoice the Lees EOW', '2025-03-14T09:00:00').dueDate).toBe('2025-03-14');
    // Saturday 2025-03-15: end of week is next Friday; next week's Friday is the same day
    expect(due('Invoice the Lees before the weekend', '2025-03-15T09:00:00').dueDate).toBe('2025-03-21');
    expect(due('Invoice the Lees end of next week', '2025-03-15T09:00:00').dueDate).toBe('2025-03-21');
  });

  it('rolls month ends over the year', () => {
    expect(due('Close the books end of next month', '2025-12-03T09:00:00').dueDate).toBe('2026-01-31');
    expect(due('Close the books first of next month', '2025-12-03T09:00:00').dueDate).toBe('2026-01-01');
    expect(due('Close the books EOM', '2024-02-10T09:00:00').dueDate).toBe('2024-02-29');
  });

  it('reads the last business day of the month', () => {
    // May 2025 ends on a Saturday
    expect(due('Send the payroll file the last business day of the month', '2025-05-06T09:00:00').dueDate).toBe('2025-05-30');
  });

  it('leaves period words that describe a noun', () => {
    expect(due('Prepare the month-end close checklist')).toEqual({ title: 'Prepare the month-end close checklist', dueDate: null, dueTime: null });
    expect(due('Book the year end party venue')).toEqual({ title: 'Book the year end party venue', dueDate: null, dueTime: null });
  });
});

describe('counted days and weeks', () => {
  it.each([
    ['Follow up with the insurer a week from today', '2025-03-18'],
    ['Follow up with the insurer a week from tomorrow', '2025-03-19'],
    ['Follow up with the insurer in a fortnight', '2025-03-25'],
    ['Follow up with the insurer within 4 days', '2025-03-15'],
    ['Follow up with the insurer within the next 5 days', '2025-03-16'],
    ['Follow up with the insurer within a week', '2025-03-18'],
    ["Follow up with the insurer in two weeks' time", '2025-03-25'],
    ['Follow up with the insurer in 3 business days', '2025-03-14'],
    ['Follow up with the insurer within 5 working days', '2025-03-18'],
  ])('%s', (input, date) => {
    expect(due(input)).toEqual({ title: 'Follow up with the insurer', dueDate: date, dueTime: null });
  });

  it('reads "<weekday> week" and "a week on <weekday>" as the next such day plus 7', () => {
    // next Tuesday (strictly after this Tuesday) is 2025-03-18
    expect(due('Deliver the tiles Tuesday week')).toEqual({ title: 'Deliver the tiles', dueDate: '2025-03-25', dueTime: null });
    expect(due('Deliver the tiles a week on Friday')).toEqual({ title: 'Deliver the tiles', dueDate: '2025-03-21', dueTime: null });
    expect(due('Deliver the tiles a week Friday')).toEqual({ title: 'Deliver the tiles', dueDate: '2025-03-21', dueTime: null });
    expect(due('Deliver the tiles two weeks from Monday')).toEqual({ title: 'Deliver the tiles', dueDate: '2025-03-31', dueTime: null });
    expect(due('Deliver the tiles Friday after next')).toEqual({ title: 'Deliver the tiles', dueDate: '2025-03-21', dueTime: null });
  });

  it('does not read an exam or a weekday that qualifies a week', () => {
    expect(due('Book the SAT week tutor').dueDate).toBeNull();
  });
});

describe('holidays', () => {
  it.each([
    ['Send the season cards by Christmas', '2025-12-25'],
    ['Send the season cards before Xmas', '2025-12-25'],
    ['Send the season cards on Christmas Eve', '2025-12-24'],
    ["Send the season cards New Year's Eve", '2025-12-31'],
    ["Send the season cards on New Year's Day", '2026-01-01'],
    ['Send the season cards by New Years Day', '2026-01-01'],
  ])('%s', (input, date) => {
    expect(due(input)).toEqual({ title: 'Send the season cards', dueDate: date, dueTime: null });
  });

  it('takes the next one from today on', () => {
    expect(due('Lock the office Christmas Eve', '2025-12-24T17:00:00').dueDate).toBe('2025-12-24');
    expect(due('Lock the office Christmas Eve', '2025-12-27T09:00:00').dueDate).toBe('2026-12-24');
    expect(due("Post the fee schedule New Year's Day", '2025-01-01T08:00:00').dueDate).toBe('2025-01-01');
  });

  it.each(['Plan the Christmas party', "Write New Year's resolutions", 'Send new year greetings to clients', 'Buy the Christmas Eve dinner wine', 'Follow up after Christmas'])(
    'is no date when it names a thing or is not a deadline: %s',
    (input) => {
      expect(due(input)).toEqual({ title: input, dueDate: null, dueTime: null });
    },
  );
});

describe('February 29', () => {
  it('moves to the next year that has one', () => {
    expect(due('Renew the bar licence Feb 29').dueDate).toBe('2028-02-29');
    expect(due('Renew the bar licence on 29 February', '2027-03-01T09:00:00', 'Europe/London').dueDate).toBe('2028-02-29');
    expect(due('Renew the bar licence 29/2', '2024-01-10T09:00:00', 'Europe/Dublin').dueDate).toBe('2024-02-29');
  });
});

describe('by, before, due, until', () => {
  it.each(['by Thursday', 'before Thursday', 'due Thursday', 'until Thursday', 'on Thursday', 'due by Thursday'])('%s = that day', (phrase) => {
    expect(due(`Hold the escrow funds ${phrase}`)).toEqual({ title: 'Hold the escrow funds', dueDate: '2025-03-13', dueTime: null });
  });
});

describe('weekday with a day of the month', () => {
  it('takes the date of that day and weekday', () => {
    expect(due('Mediation Friday the 21st')).toEqual({ title: 'Mediation', dueDate: '2025-03-21', dueTime: null });
    expect(due('on Friday the 21st bring the exhibits')).toEqual({ title: 'Bring the exhibits', dueDate: '2025-03-21', dueTime: null });
  });
});

describe('a date phrase opening the text behind other fields or before a verb (RULES §1)', () => {
  it('reads a weekday behind a leading time or part of the day, whatever follows', () => {
    expect(due('noon thursday pick up the banners')).toEqual({ title: 'Pick up the banners', dueDate: '2025-03-13', dueTime: '12:00' });
    expect(due('EOD wednesday expense report for the conference')).toEqual({ title: 'Expense report for the conference', dueDate: '2025-03-12', dueTime: '17:00' });
    expect(due('quarter to ten friday stand-in chair for the board call')).toEqual({ title: 'Stand-in chair for the board call', dueDate: '2025-03-14', dueTime: '09:45' });
  });

  it('reads a weekday before a verb as a date, but not before a noun or a verb used as a noun', () => {
    expect(due('COB tuesday email the auditors the ledger').dueDate).toBe('2025-03-18');
    expect(due('Chase the quotes and thursday confirm the venue').dueDate).toBe('2025-03-13');
    expect(due('Print handouts for monday workshop')).toEqual({ title: 'Print handouts for monday workshop', dueDate: null, dueTime: null });
    expect(due('Prep notes for friday call with the auditors').dueDate).toBeNull();
    expect(due('Draft the agenda for the thursday close checklist').dueDate).toBeNull();
  });

  it('reads a holiday or an ordinal before a verb as the date', () => {
    expect(due('christmas eve drop the hampers at reception')).toEqual({ title: 'Drop the hampers at reception', dueDate: '2025-12-24', dueTime: null });
    expect(due("new year's eve back up the shared drive")).toEqual({ title: 'Back up the shared drive', dueDate: '2025-12-31', dueTime: null });
    expect(due('the 18th lodge the planning appeal')).toEqual({ title: 'Lodge the planning appeal', dueDate: '2025-03-18', dueTime: null });
    expect(due('Christmas hamper order for the team').dueDate).toBeNull();
    expect(due('the 2nd floor fire door audit').dueDate).toBeNull();
  });

  it('leaves a capitalised day word inside a name', () => {
    expect(due('renew my Psychology Today listing')).toEqual({ title: 'Renew my Psychology Today listing', dueDate: null, dueTime: null });
    expect(due('send the letter to the editor of USA Today')).toEqual({ title: 'Send the letter to the editor of USA Today', dueDate: null, dueTime: null });
    expect(due('Submit the Expense Report Today').dueDate).toBe('2025-03-11');
    expect(due('Email Priya Today about the offer').dueDate).toBe('2025-03-11');
  });
});
