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
