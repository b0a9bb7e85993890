import { formatTimeOfDay, isValidTimeOfDay, normalizeTimeOfDay, parseTimeOfDay } from './time-of-day';

describe('time of day', () => {
  it('accepts HH:mm on a 24-hour clock only', () => {
    expect(isValidTimeOfDay('00:00')).toBe(true);
    expect(isValidTimeOfDay('23:59')).toBe(true);
    expect(isValidTimeOfDay('24:00')).toBe(false);
    expect(isValidTimeOfDay('9:30')).toBe(false);
    expect(isValidTimeOfDay('12:60')).toBe(false);
  });

  it('normalises typed times', () => {
    expect(normalizeTimeOfDay('9:30')).toBe('09:30');
    expect(normalizeTimeOfDay(' 09:30 ')).toBe('09:30');
    expect(normalizeTimeOfDay('09:30:15')).toBe('09:30');
    expect(normalizeTimeOfDay('23:59')).toBe('23:59');
    expect(normalizeTimeOfDay('24:00')).toBeNull();
    expect(normalizeTimeOfDay('7pm')).toBeNull();
    expect(normalizeTimeOfDay('')).toBeNull();
  });

  it('parses into numbers', () => {
    expect(parseTimeOfDay('07:05')).toEqual({ hour: 7, minute: 5 });
    expect(() => parseTimeOfDay('7:05')).toThrow(RangeError);
  });

  it('reads on a 12-hour clock', () => {
    expect(formatTimeOfDay('00:05')).toBe('12:05 AM');
    expect(formatTimeOfDay('09:30')).toBe('9:30 AM');
    expect(formatTimeOfDay('12:00')).toBe('12:00 PM');
    expect(formatTimeOfDay('15:00')).toBe('3:00 PM');
    expect(formatTimeOfDay('23:59')).toBe('11:59 PM');
    expect(formatTimeOfDay('soon')).toBe('soon');
  });
});
