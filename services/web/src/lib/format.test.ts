import { formatInstantDate, formatTimeOfDay, monthNameOf } from './format';

describe('formatting', () => {
  it("an instant's day in the user's zone: the same instant is another day elsewhere", () => {
    expect(formatInstantDate('2026-03-05T03:00:00.000Z', 'America/New_York')).toBe('Mar 4, 2026');
    expect(formatInstantDate('2026-03-05T03:00:00.000Z', 'Asia/Tokyo')).toBe('Mar 5, 2026');
  });

  it('the month of a calendar date by name, whatever the machine’s zone', () => {
    expect(monthNameOf('2026-03-01')).toBe('March');
    expect(monthNameOf('2026-12-31')).toBe('December');
  });

  it('a time of day on the 12-hour clock', () => {
    expect(formatTimeOfDay('15:00')).toBe('3:00 PM');
    expect(formatTimeOfDay('00:05')).toBe('12:05 AM');
  });
});
