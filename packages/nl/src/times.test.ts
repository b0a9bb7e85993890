import { rules } from './test-fixture';

// Tuesday 2025-03-11 10:15 in Chicago.
const when = (input: string) => {
  const r = rules(input);
  return [r.title, r.dueDate, r.dueTime];
};

describe('times of day', () => {
  it.each([
    ['Call Bob today at 3:12 pm', '2025-03-11', '15:12'],
    ['Call Bob today at 3:12 PM', '2025-03-11', '15:12'],
    ['Call Bob today at 12:00 pm', '2025-03-11', '12:00'],
    ['Call Bob tomorrow at 12:00 am', '2025-03-12', '00:00'],
    ['Call Bob tomorrow at 15:30', '2025-03-12', '15:30'],
    ['Call Bob tomorrow @ 9am', '2025-03-12', '09:00'],
    ['Call Bob tomorrow at 9 a.m.', '2025-03-12', '09:00'],
    ['Call Bob tomorrow at noon', '2025-03-12', '12:00'],
    ['Call Bob Friday 4pm', '2025-03-14', '16:00'],
    ['Call Bob 2-3pm tomorrow', '2025-03-12', '14:00'],
  ])('%s', (input, date, time) => {
    expect(when(input)).toEqual(['Call Bob', date, time]);
  });

  it.each([
    ['Call Bob at 9', '09:00'],
    ['Call Bob at 4', '16:00'],
    ['Call Bob at 12', '12:00'],
    ['Call Bob at 13', '13:00'],
    ['Call Bob at four thirty', '16:30'],
    ['Call Bob at half past six', '18:30'],
    ['Call Bob um 10', '10:00'],
    ['Call Bob at 10.30', '10:30'],
    ['Call Bob at 7 in the evening', '19:00'],
    ['Call Bob Monday 9 sharp', '09:00'],
  ])('a bare hour: %s', (input, time) => {
    expect(rules(input).dueTime).toBe(time);
  });

  it('puts a time without a date today when still ahead, else tomorrow', () => {
    expect(when('Team retro at 4')).toEqual(['Team retro', '2025-03-11', '16:00']);
    expect(when('Stand-up at 9:30')).toEqual(['Stand-up', '2025-03-12', '09:30']);
  });

  it('reads parts of the day', () => {
    expect(when('Send the deck this evening')).toEqual(['Send the deck', '2025-03-11', '18:00']);
    expect(when('Send the deck friday afternoon')).toEqual(['Send the deck', '2025-03-14', '15:00']);
    expect(when('Send the deck by COB tomorrow')).toEqual(['Send the deck', '2025-03-12', '17:00']);
    expect(when('Send the deck EOD')).toEqual(['Send the deck', '2025-03-11', '17:00']);
    expect(when('Dinner at 7 tonight')).toEqual(['Dinner', '2025-03-11', '19:00']);
  });

  it('never invents a time', () => {
    expect(when('Send the deck tomorrow')).toEqual(['Send the deck', '2025-03-12', null]);
    expect(when('Meet at 2 locations')).toEqual(['Meet at 2 locations', null, null]);
  });
});

const at = (input: string, now?: string, timezone?: string) => {
  const r = rules(input, { now, timezone });
  return [r.title, r.dueDate, r.dueTime];
};

describe('spoken times', () => {
  // Tuesday 2025-03-11 10:15 in Chicago: a time still ahead is today, a past one tomorrow
  it.each([
    ['Ring the plasterer at three thirty', '2025-03-11', '15:30'],
    ['Ring the plasterer three thirty', '2025-03-11', '15:30'],
    ['Ring the plasterer at half past two', '2025-03-11', '14:30'],
    ['Ring the plasterer at quarter past nine', '2025-03-12', '09:15'],
    ['Ring the plasterer quarter to five', '2025-03-11', '16:45'],
    ['Ring the plasterer at a quarter to eleven', '2025-03-11', '10:45'],
    ['Ring the plasterer twenty past four', '2025-03-11', '16:20'],
    ['Ring the plasterer half ten', '2025-03-11', '10:30'],
    ['Ring the plasterer at half 2', '2025-03-11', '14:30'],
    ['Ring the plasterer five p m', '2025-03-11', '17:00'],
    ['Ring the plasterer ten a.m.', '2025-03-12', '10:00'],
    ['Ring the plasterer 4 p.m.', '2025-03-11', '16:00'],
    ['Ring the plasterer at like 3', '2025-03-11', '15:00'],
    ['Ring the plasterer at around 4ish', '2025-03-11', '16:00'],
    ['Ring the plasterer at 11 30', '2025-03-11', '11:30'],
  ])('%s', (input, date, time) => {
    expect(at(input)).toEqual(['Ring the plasterer', date, time]);
  });

  it.each(['Print five to ten copies of the plan', 'Cut the quote in half', 'Invite ten to fifteen guests', 'Ship 5 after 6 weeks of testing'])('is not a time: %s', (input) => {
    expect(at(input)).toEqual([input, null, null]);
  });

  it('leaves a count after a date', () => {
    expect(at('Order tomorrow 9 boxes')).toEqual(['Order 9 boxes', '2025-03-12', null]);
  });
});

describe('a part of the day sets am/pm for a bare hour', () => {
  it.each([
    ['Dinner with the Parks tonight at 8', '2025-03-11', '20:00'],
    ['Dinner with the Parks this evening at seven thirty', '2025-03-11', '19:30'],
    ['Dinner with the Parks tomorrow morning at 8', '2025-03-12', '08:00'],
    ['Dinner with the Parks this afternoon at 2', '2025-03-11', '14:00'],
    ['Dinner with the Parks 8 tonight', '2025-03-11', '20:00'],
    ['Dinner with the Parks tonight 8', '2025-03-11', '20:00'],
    ['Dinner with the Parks Friday night at 9', '2025-03-14', '21:00'],
    ['Dinner with the Parks at 6 in the morning', '2025-03-12', '06:00'],
  ])('%s', (input, date, time) => {
    expect(at(input)).toEqual(['Dinner with the Parks', date, time]);
  });

  it('reads "first thing" as 09:00 on that day', () => {
    expect(at('first thing monday send the floor plan')).toEqual(['Send the floor plan', '2025-03-17', '09:00']);
    expect(at('Send the floor plan first thing tomorrow')).toEqual(['Send the floor plan', '2025-03-12', '09:00']);
  });
});

describe('bare hours', () => {
  it.each([
    ['Call the registrar at 7', '2025-03-12', '07:00'],
    ['Call the registrar at 11', '2025-03-11', '11:00'],
    ['Call the registrar at 12', '2025-03-11', '12:00'],
    ['Call the registrar at 6', '2025-03-11', '18:00'],
    ['Call the registrar at 0', '2025-03-12', '00:00'],
    ['Call the registrar at 17', '2025-03-11', '17:00'],
    ['Call the registrar um 10', '2025-03-12', '10:00'],
  ])('%s', (input, date, time) => {
    expect(at(input)).toEqual(['Call the registrar', date, time]);
  });

  it('takes an hour right after a date or opening the text, even before the next words', () => {
    expect(at('on the 3rd at 2 sign the lease')).toEqual(['Sign the lease', '2025-04-03', '14:00']);
    expect(at('friday by 5 send the invoice')).toEqual(['Send the invoice', '2025-03-14', '17:00']);
    expect(at('At 9 call the bank')).toEqual(['Call the bank', '2025-03-12', '09:00']);
  });
});

describe('midnight', () => {
  it('is the next midnight', () => {
    expect(at('Lodge the appeal by midnight')).toEqual(['Lodge the appeal', '2025-03-12', '00:00']);
    expect(at('Lodge the appeal tonight at midnight')).toEqual(['Lodge the appeal', '2025-03-12', '00:00']);
    expect(at('Lodge the appeal at midnight', '2025-03-11T00:00:00')).toEqual(['Lodge the appeal', '2025-03-11', '00:00']);
  });
});

describe('a zone after the time', () => {
  // Chicago on 2025-03-11 is on summer time (UTC-5); Europe is still on winter time.
  it.each([
    ['Call the Boston office at 3pm EST', '2025-03-11', '14:00'],
    ['Call the Boston office at 3pm ET', '2025-03-11', '14:00'],
    ['Call the Boston office tomorrow 10am PT', '2025-03-12', '12:00'],
    ['Call the Boston office 14:00 CET', '2025-03-12', '08:00'],
    ['Call the Boston office 9am UTC', '2025-03-12', '04:00'],
    ['Call the Boston office at 6pm GMT+2', '2025-03-11', '11:00'],
    ['Call the Boston office at noon Eastern', '2025-03-11', '11:00'],
  ])('%s', (input, date, time) => {
    expect(at(input)).toEqual(['Call the Boston office', date, time]);
  });

  it('follows each zone’s daylight saving', () => {
    // London 2025-03-20: New York is already on EDT (UTC-4), London still on GMT
    expect(at('Call the NY office at 3pm ET', '2025-03-20T09:00:00', 'Europe/London')).toEqual(['Call the NY office', '2025-03-20', '19:00']);
    // London 2025-10-27: London back on GMT, Los Angeles still on PDT (UTC-7)
    expect(at('Call the LA office Monday 10am PT', '2025-10-24T16:40:00', 'Europe/London')).toEqual(['Call the LA office', '2025-10-27', '17:00']);
    // Paris 2025-03-31: CEST (UTC+2)
    expect(at('Call the Paris office at 14:00 CET', '2025-03-31T09:00:00', 'Europe/London')).toEqual(['Call the Paris office', '2025-03-31', '13:00']);
  });

  it('changes the date when the zone is far away', () => {
    expect(at('Call the Tokyo office at 9am JST', '2025-03-20T09:00:00', 'Europe/London')).toEqual(['Call the Tokyo office', '2025-03-21', '00:00']);
  });

  it('reads short codes that are also words only as codes', () => {
    expect(at('Book PT session at 4pm')).toEqual(['Book PT session', '2025-03-11', '16:00']);
    expect(at('Stretch at 4pm pt')).toEqual(['Stretch pt', '2025-03-11', '16:00']);
  });
});

describe('by / before / until a bare hour', () => {
  it.each([
    ['by 5 send the signed lease to the agent', 'Send the signed lease to the agent', '2025-03-11', '17:00'],
    ['before 11 confirm the caterer', 'Confirm the caterer', '2025-03-11', '11:00'],
    ['Lock the booking before 3', 'Lock the booking', '2025-03-11', '15:00'],
    ['Answer the support queue until 4', 'Answer the support queue', '2025-03-11', '16:00'],
  ])('%s', (input, title, date, time) => {
    expect(when(input)).toEqual([title, date, time]);
  });

  it('leaves counts after them alone', () => {
    expect(when('Order the badges before 40 guests register')).toEqual(['Order the badges before 40 guests register', null, null]);
    expect(when('Win the vote by 3 seats')).toEqual(['Win the vote by 3 seats', null, null]);
  });
});
