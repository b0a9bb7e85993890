import { dueLabel } from './due-label';

const NY = 'America/New_York';

describe('dueLabel', () => {
  const now = new Date('2026-03-08T12:00:00Z');

  it('says today, tomorrow or the short date', () => {
    expect(dueLabel('2026-03-08', now, NY)).toBe('Due: Today');
    expect(dueLabel('2026-03-09', now, NY)).toBe('Due: Tomorrow');
    expect(dueLabel('2026-03-05', now, NY)).toBe('Mar 5, 2026');
    expect(dueLabel('2026-03-10', now, NY)).toBe('Mar 10, 2026');
  });

  it('computes today in the user zone', () => {
    const late = new Date('2026-03-09T02:00:00Z'); // still the 8th in New York, the 9th in Tokyo
    expect(dueLabel('2026-03-09', late, NY)).toBe('Due: Tomorrow');
    expect(dueLabel('2026-03-09', late, 'Asia/Tokyo')).toBe('Due: Today');
  });

  it('crosses the year end', () => {
    expect(dueLabel('2027-01-01', new Date('2026-12-31T12:00:00Z'), NY)).toBe('Due: Tomorrow');
  });
});
