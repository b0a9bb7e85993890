import {
  addDays,
  addMonths,
  DATE_RANGE_MESSAGE,
  daysBetween,
  daysInMonth,
  formatShortDate,
  formatShortMonthDay,
  isDateInRange,
  isValidCalendarDate,
  parseCalendarDate,
  weekdayNameOf,
  weekdayOf,
} from './calendar-date';
import { dateInRangeSchema } from './time.schemas';

describe('isValidCalendarDate', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2000-02-29', true],
    ['2100-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-1-01', false],
    ['2026-01-01T00:00:00Z', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidCalendarDate(value)).toBe(expected);
  });

  it('parseCalendarDate throws on a date that does not exist', () => {
    expect(() => parseCalendarDate('2026-02-30')).toThrow(RangeError);
    expect(parseCalendarDate('2026-03-05')).toEqual({ year: 2026, month: 3, day: 5 });
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-05', 0)).toBe('2026-03-05');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });

  it('counts whole days between dates', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2026-03-08', '2026-03-01')).toBe(-7);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
  });

  it('adds months clamping to the month end, or keeping an anchor day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-02-28', 1)).toBe('2026-03-28');
    expect(addMonths('2026-02-28', 1, 31)).toBe('2026-03-31');
    expect(addMonths('2026-03-31', 1, 31)).toBe('2026-04-30');
    expect(addMonths('2026-11-30', 2)).toBe('2027-01-30');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', 24)).toBe('2028-01-15');
  });

  it('knows month lengths', () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('gives weekdays with Sunday as 0', () => {
    expect(weekdayOf('2026-03-08')).toBe(0);
    expect(weekdayOf('2026-03-06')).toBe(5);
    expect(weekdayNameOf('2027-01-01')).toBe('Friday');
  });

  it('formats short dates', () => {
    expect(formatShortDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatShortDate('2027-12-31')).toBe('Dec 31, 2027');
    expect(formatShortMonthDay('2026-03-05')).toBe('Mar 5');
  });
});

describe('the allowed date range (DECISIONS 23)', () => {
  it.each([
    ['1900-01-01', true],
    ['2999-12-31', true],
    ['2026-03-05', true],
    ['1899-12-31', false],
    ['3000-01-01', false],
    ['0000-01-01', false],
    ['0001-01-01', false],
    ['9999-12-31', false],
    // Longer years sort before shorter ones as text: still outside.
    ['10000-01-01', false],
    ['2026-02-30', false],
  ])('%s → %s', (value, expected) => {
    expect(isDateInRange(value)).toBe(expected);
  });

  it('the schema refuses a date outside with the range message', () => {
    expect(dateInRangeSchema.parse('2999-12-31')).toBe('2999-12-31');
    const result = dateInRangeSchema.safeParse('9999-12-31');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([DATE_RANGE_MESSAGE]);
    expect(dateInRangeSchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe('Date does not exist');
  });
});
