import { calendarWindow, datesOfWindow, weekRangeLabel, weekStartOf, windowTouchesDateRange } from './calendar-week';

const NY = 'America/New_York';
const hours = (w: { start: string; end: string }) => (Date.parse(w.end) - Date.parse(w.start)) / 3_600_000;

describe('calendar week', () => {
  it('starts on the Sunday on or before a date', () => {
    expect(weekStartOf('2026-03-11')).toBe('2026-03-08');
    expect(weekStartOf('2026-03-08')).toBe('2026-03-08');
    expect(weekStartOf('2026-03-14')).toBe('2026-03-08');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-27');
  });

  it('gives 7 dates and the instants of the window in the zone', () => {
    const w = calendarWindow('2026-03-01', NY);
    expect(w.dates).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    expect(w.start).toBe('2026-03-01T05:00:00.000Z');
    expect(w.end).toBe('2026-03-08T05:00:00.000Z');
    expect(hours(w)).toBe(168);
  });

  it('is 167 hours long over the US spring-forward and 169 over the fall-back', () => {
    const spring = calendarWindow('2026-03-08', NY);
    expect(spring.start).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.end).toBe('2026-03-15T04:00:00.000Z');
    expect(hours(spring)).toBe(167);
    const fall = calendarWindow('2026-11-01', NY);
    expect(fall.start).toBe('2026-11-01T04:00:00.000Z');
    expect(fall.end).toBe('2026-11-08T05:00:00.000Z');
    expect(hours(fall)).toBe(169);
  });

  it('follows Berlin and Sydney changes', () => {
    const berlin = calendarWindow('2026-03-29', 'Europe/Berlin');
    expect(berlin.start).toBe('2026-03-28T23:00:00.000Z');
    expect(berlin.end).toBe('2026-04-04T22:00:00.000Z');
    const sydney = calendarWindow('2026-04-05', 'Australia/Sydney');
    expect(sydney.start).toBe('2026-04-04T13:00:00.000Z');
    expect(sydney.end).toBe('2026-04-11T14:00:00.000Z');
  });

  it('maps a window back to its first and last dates', () => {
    const w = calendarWindow('2026-03-08', NY);
    expect(datesOfWindow(new Date(w.start), new Date(w.end), NY)).toEqual({ firstDate: '2026-03-08', lastDate: '2026-03-14' });
  });

  it('labels the range', () => {
    expect(weekRangeLabel('2026-03-08')).toBe('Mar 8 - Mar 14, 2026');
    expect(weekRangeLabel('2026-12-27')).toBe('Dec 27, 2026 - Jan 2, 2027');
  });

  it('accepts a window touching the allowed dates and refuses one outside (DECISIONS 23)', () => {
    const window = (start: string, end: string) => windowTouchesDateRange(new Date(start), new Date(end));
    const lastWeek = calendarWindow(weekStartOf('2999-12-31'), 'Asia/Tokyo');
    expect(window(lastWeek.start, lastWeek.end)).toBe(true);
    const firstWeek = calendarWindow(weekStartOf('1900-01-01'), 'Pacific/Kiritimati');
    expect(window(firstWeek.start, firstWeek.end)).toBe(true);
    expect(window('3000-01-01T00:00:00Z', '3000-01-08T00:00:00Z')).toBe(false);
    expect(window('9999-12-31T00:00:00Z', '9999-12-31T23:00:00Z')).toBe(false);
    expect(window('1899-12-01T00:00:00Z', '1900-01-01T00:00:00Z')).toBe(false);
    expect(window('0000-01-01T00:00:00Z', '0000-01-02T00:00:00Z')).toBe(false);
  });
});
