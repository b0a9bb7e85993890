import { dashboardDate, dashboardDayLabel, isWeekendMode, nextMonday, weekendModeInEveryZone } from './weekend';

const at = (iso: string) => new Date(iso);
const NY = 'America/New_York';
const TOKYO = 'Asia/Tokyo';
const SYDNEY = 'Australia/Sydney';

describe('weekend mode', () => {
  it('starts on Friday at 18:00 in New York', () => {
    const friday1759 = at('2026-03-06T22:59:00Z');
    const friday1800 = at('2026-03-06T23:00:00Z');
    expect(isWeekendMode(friday1759, NY)).toBe(false);
    expect(dashboardDate(friday1759, NY)).toBe('2026-03-06');
    expect(dashboardDayLabel(friday1759, NY)).toBe('Today');
    expect(isWeekendMode(friday1800, NY)).toBe(true);
    expect(dashboardDate(friday1800, NY)).toBe('2026-03-09');
    expect(dashboardDayLabel(friday1800, NY)).toBe('Friday - Monday');
  });

  it('starts on Friday at 18:00 in Tokyo, whatever the time elsewhere', () => {
    expect(isWeekendMode(at('2026-03-06T08:59:00Z'), TOKYO)).toBe(false);
    expect(isWeekendMode(at('2026-03-06T09:00:00Z'), TOKYO)).toBe(true);
    expect(dashboardDate(at('2026-03-06T09:00:00Z'), TOKYO)).toBe('2026-03-09');
    // The same instant is Friday 04:00 in New York.
    expect(isWeekendMode(at('2026-03-06T09:00:00Z'), NY)).toBe(false);
  });

  it('lasts through Saturday and Sunday 23:59 and ends on Monday 00:00 (US DST day in between)', () => {
    expect(isWeekendMode(at('2026-03-07T15:00:00Z'), NY)).toBe(true);
    expect(dashboardDate(at('2026-03-07T15:00:00Z'), NY)).toBe('2026-03-09');
    const sunday2359 = at('2026-03-09T03:59:00Z'); // EDT since Sunday 03:00
    const monday0000 = at('2026-03-09T04:00:00Z');
    expect(isWeekendMode(sunday2359, NY)).toBe(true);
    expect(dashboardDate(sunday2359, NY)).toBe('2026-03-09');
    expect(isWeekendMode(monday0000, NY)).toBe(false);
    expect(dashboardDate(monday0000, NY)).toBe('2026-03-09');
  });

  it('works across the Sydney DST end (2026-04-05)', () => {
    expect(isWeekendMode(at('2026-04-03T06:59:00Z'), SYDNEY)).toBe(false); // Fri 17:59 AEDT
    expect(isWeekendMode(at('2026-04-03T07:00:00Z'), SYDNEY)).toBe(true); // Fri 18:00 AEDT
    expect(dashboardDate(at('2026-04-03T07:00:00Z'), SYDNEY)).toBe('2026-04-06');
    expect(isWeekendMode(at('2026-04-05T13:59:00Z'), SYDNEY)).toBe(true); // Sun 23:59 AEST
    expect(isWeekendMode(at('2026-04-05T14:00:00Z'), SYDNEY)).toBe(false); // Mon 00:00 AEST
  });

  it('crosses month and year ends', () => {
    expect(dashboardDate(at('2026-07-31T23:00:00Z'), NY)).toBe('2026-08-03'); // Fri 19:00
    expect(dashboardDate(at('2027-01-01T23:00:00Z'), NY)).toBe('2027-01-04'); // Fri 18:00
    expect(isWeekendMode(at('2026-12-31T23:30:00Z'), NY)).toBe(false); // Thu 18:30
  });

  it('nextMonday gives the Monday after a date', () => {
    expect(nextMonday('2026-03-06')).toBe('2026-03-09');
    expect(nextMonday('2026-03-08')).toBe('2026-03-09');
    expect(nextMonday('2026-03-09')).toBe('2026-03-16');
    expect(nextMonday('2026-12-31')).toBe('2027-01-04');
  });

  it('in every zone at once: known when all zones agree (checked against every zone, each half hour of a week), else null', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    const weekStart = Date.parse('2026-11-23T00:00:00Z'); // a Monday
    let known = 0;
    for (let step = 0; step < 7 * 48; step += 1) {
      const now = new Date(weekStart + step * 30 * 60_000);
      const everywhere = weekendModeInEveryZone(now);
      if (everywhere === null) continue;
      known += 1;
      for (const zone of zones) expect([now.toISOString(), zone, isWeekendMode(now, zone)]).toEqual([now.toISOString(), zone, everywhere]);
    }
    expect(known).toBe(7 * 48 - 2 * 26 * 2); // all but the two 26-hour windows
    expect(weekendModeInEveryZone(new Date('2026-11-25T12:00:00Z'))).toBe(false); // Wednesday noon
    expect(weekendModeInEveryZone(new Date('2026-11-28T12:00:00Z'))).toBe(true); // Saturday noon
    expect(weekendModeInEveryZone(new Date('2026-11-27T12:00:00Z'))).toBeNull(); // Friday noon: Friday evening in Kiribati
    expect(weekendModeInEveryZone(new Date('2026-11-30T10:00:00Z'))).toBeNull(); // Monday morning: still Sunday evening at UTC-11 (American Samoa)
  });
});
