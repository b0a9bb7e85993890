import {
  isValidTimeZone,
  localDate,
  localTime,
  localWeekday,
  startOfDayInstant,
  todayIn,
  tomorrowIn,
  utcOffsetMinutes,
  zonedDateTimeFromString,
  zonedDateTimeToInstant,
  zonedParts,
} from './zone';

const at = (iso: string) => new Date(iso);
const NY = 'America/New_York';

describe('zonedParts', () => {
  it('reads the wall clock of a zone', () => {
    expect(zonedParts(at('2026-03-06T23:00:00Z'), NY)).toMatchObject({ date: '2026-03-06', time: '18:00', weekday: 5 });
    expect(zonedParts(at('2026-03-06T09:00:00Z'), 'Asia/Tokyo')).toMatchObject({ date: '2026-03-06', time: '18:00', weekday: 5 });
    expect(localDate(at('2026-03-06T09:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-06');
    expect(localTime(at('2026-03-06T09:00:00Z'), 'Asia/Kolkata')).toBe('14:30');
    expect(localWeekday(at('2026-03-08T03:00:00Z'), NY)).toBe(6);
  });

  it('answers each instant and zone of its own, however many were asked before (its recent answers are kept)', () => {
    const start = at('2026-03-06T00:00:00Z').getTime();
    for (let round = 0; round < 2; round += 1) {
      for (let hour = 0; hour < 100; hour += 1) {
        const instant = new Date(start + hour * 3_600_000);
        expect(zonedParts(instant, 'UTC').time).toBe(instant.toISOString().slice(11, 16));
        expect(zonedParts(instant, 'Asia/Kolkata').time).toBe(new Date(instant.getTime() + 330 * 60_000).toISOString().slice(11, 16));
      }
    }
    expect(Object.isFrozen(zonedParts(at('2026-03-06T00:00:00Z'), 'UTC'))).toBe(true);
    expect(() => zonedParts(new Date(NaN), 'UTC')).toThrow(RangeError);
  });

  it('shows midnight as 00:00', () => {
    expect(localTime(at('2026-03-06T05:00:00Z'), NY)).toBe('00:00');
  });

  it('handles year boundaries', () => {
    expect(zonedParts(at('2027-01-01T04:59:00Z'), NY)).toMatchObject({ date: '2026-12-31', time: '23:59' });
    expect(zonedParts(at('2027-01-01T05:00:00Z'), NY)).toMatchObject({ date: '2027-01-01', time: '00:00' });
    expect(zonedParts(at('2026-12-31T15:00:00Z'), 'Asia/Tokyo')).toMatchObject({ date: '2027-01-01', time: '00:00' });
  });

  it('follows DST changes', () => {
    expect(localTime(at('2026-03-08T06:59:00Z'), NY)).toBe('01:59');
    expect(localTime(at('2026-03-08T07:00:00Z'), NY)).toBe('03:00');
    expect(localTime(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('03:00');
    expect(zonedParts(at('2026-04-04T13:00:00Z'), 'Australia/Sydney')).toMatchObject({ date: '2026-04-05', time: '00:00' });
  });

  it('rejects invalid dates and zones', () => {
    expect(() => zonedParts(new Date('nope'), NY)).toThrow(RangeError);
    expect(() => zonedParts(new Date(), 'Mars/Base')).toThrow(RangeError);
    expect(isValidTimeZone('Mars/Base')).toBe(false);
    expect(isValidTimeZone('Australia/Sydney')).toBe(true);
  });
});

describe('today and tomorrow', () => {
  it('are dates in the zone, across month and year ends', () => {
    const now = at('2026-03-01T04:00:00Z'); // 23:00 on Feb 28 in New York
    expect(todayIn(now, NY)).toBe('2026-02-28');
    expect(tomorrowIn(now, NY)).toBe('2026-03-01');
    expect(todayIn(now, 'Europe/Berlin')).toBe('2026-03-01');
    expect(tomorrowIn(at('2026-12-31T20:00:00Z'), NY)).toBe('2027-01-01');
    expect(todayIn(at('2026-12-31T20:00:00Z'), 'Australia/Sydney')).toBe('2027-01-01');
  });
});

describe('zonedDateTimeToInstant', () => {
  const instant = (date: string, time: string, zone: string) => zonedDateTimeToInstant(date, time, zone).toISOString();

  it('converts plain wall-clock times', () => {
    expect(instant('2026-03-05', '09:00', NY)).toBe('2026-03-05T14:00:00.000Z');
    expect(instant('2026-07-05', '09:00', NY)).toBe('2026-07-05T13:00:00.000Z');
    expect(instant('2026-03-08', '00:00', 'Asia/Tokyo')).toBe('2026-03-07T15:00:00.000Z');
    expect(instant('2026-01-01', '00:00', 'Asia/Kolkata')).toBe('2025-12-31T18:30:00.000Z');
  });

  it('handles the US spring-forward day (2026-03-08)', () => {
    expect(instant('2026-03-08', '00:00', NY)).toBe('2026-03-08T05:00:00.000Z');
    expect(instant('2026-03-08', '01:59', NY)).toBe('2026-03-08T06:59:00.000Z');
    expect(instant('2026-03-08', '02:30', NY)).toBe('2026-03-08T07:30:00.000Z'); // skipped: lands at 03:30 EDT
    expect(instant('2026-03-08', '03:00', NY)).toBe('2026-03-08T07:00:00.000Z');
  });

  it('handles the US fall-back day (2026-11-01)', () => {
    expect(instant('2026-11-01', '00:00', NY)).toBe('2026-11-01T04:00:00.000Z');
    expect(instant('2026-11-01', '01:30', NY)).toBe('2026-11-01T05:30:00.000Z'); // first of the two 01:30s
    expect(instant('2026-11-01', '02:00', NY)).toBe('2026-11-01T07:00:00.000Z');
  });

  it('handles the European change (2026-03-29 Berlin)', () => {
    expect(instant('2026-03-29', '00:00', 'Europe/Berlin')).toBe('2026-03-28T23:00:00.000Z');
    expect(instant('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(instant('2026-03-29', '03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('handles Australia/Sydney (southern hemisphere)', () => {
    expect(instant('2026-04-05', '02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
    expect(instant('2026-04-05', '03:00', 'Australia/Sydney')).toBe('2026-04-04T17:00:00.000Z');
    expect(instant('2026-10-04', '02:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z');
  });

  it('round-trips every half hour of 2026 in New York and Sydney', () => {
    for (const zone of [NY, 'Australia/Sydney']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60_000) {
        const { date, time } = zonedParts(new Date(t), zone);
        const back = zonedDateTimeToInstant(date, time, zone).getTime();
        // An hour repeated on a fall-back night maps back to its first occurrence.
        expect([t, t - 3_600_000]).toContain(back);
      }
    }
  });

  it('gives the start of a day', () => {
    expect(startOfDayInstant('2026-11-01', NY).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
});

describe('utcOffsetMinutes', () => {
  it('gives the offset in force at the instant', () => {
    expect(utcOffsetMinutes(new Date('2026-01-15T12:00:00Z'), NY)).toBe(-300);
    expect(utcOffsetMinutes(new Date('2026-07-15T12:00:00Z'), NY)).toBe(-240);
    expect(utcOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(utcOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });
});

describe('zonedDateTimeFromString', () => {
  it('converts a date-time with an offset into the zone', () => {
    expect(zonedDateTimeFromString('2026-03-05T03:30:00Z', NY)).toEqual({ date: '2026-03-04', time: '22:30' });
    expect(zonedDateTimeFromString('2026-03-05T14:30:00+05:30', 'Europe/Berlin')).toEqual({ date: '2026-03-05', time: '10:00' });
    expect(zonedDateTimeFromString('2026-12-31T23:30:00.000Z', 'Asia/Tokyo')).toEqual({ date: '2027-01-01', time: '08:30' });
  });

  it('reads a date-time without an offset as wall-clock time', () => {
    expect(zonedDateTimeFromString('2026-03-05T14:30', NY)).toEqual({ date: '2026-03-05', time: '14:30' });
    expect(zonedDateTimeFromString('2026-03-05T14:30:59', 'Asia/Tokyo')).toEqual({ date: '2026-03-05', time: '14:30' });
  });

  it('rejects anything else', () => {
    expect(() => zonedDateTimeFromString('tomorrow', NY)).toThrow(RangeError);
    expect(() => zonedDateTimeFromString('2026-02-30T10:00', NY)).toThrow(RangeError);
    // With an offset too: `Date` alone reads these as 2026-03-02 and 2026-11-25 midnight UTC.
    expect(() => zonedDateTimeFromString('2026-02-30T10:00Z', NY)).toThrow(RangeError);
    expect(() => zonedDateTimeFromString('2026-11-25', NY)).toThrow(RangeError);
  });
});
