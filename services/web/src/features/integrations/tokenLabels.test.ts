import { expiryLabel, isExpired, lastUsedLabel } from './tokenLabels';

const NOW = new Date('2026-03-10T15:00:00Z');
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const ZONE = 'America/New_York';

describe('API token labels', () => {
  it('says when a token was last used, in words for the last week and by date before', () => {
    expect(lastUsedLabel(null, NOW, ZONE)).toBe('Never');
    expect(lastUsedLabel(before(20_000), NOW, ZONE)).toBe('just now');
    expect(lastUsedLabel(before(-5_000), NOW, ZONE)).toBe('just now'); // a clock a little ahead
    expect(lastUsedLabel(before(60_000), NOW, ZONE)).toBe('1 minute ago');
    expect(lastUsedLabel(before(59 * 60_000), NOW, ZONE)).toBe('59 minutes ago');
    expect(lastUsedLabel(before(3 * 3_600_000), NOW, ZONE)).toBe('3 hours ago');
    expect(lastUsedLabel(before(30 * 3_600_000), NOW, ZONE)).toBe('yesterday');
    expect(lastUsedLabel(before(6 * 86_400_000), NOW, ZONE)).toBe('6 days ago');
    expect(lastUsedLabel(before(7 * 86_400_000), NOW, ZONE)).toBe('Mar 3, 2026');
  });

  it('says when a token expires or expired, on the user’s calendar', () => {
    expect(expiryLabel(null, false, ZONE)).toBe('Never expires');
    expect(expiryLabel('2026-06-04T02:00:00Z', false, ZONE)).toBe('Expires Jun 3, 2026');
    expect(expiryLabel('2026-03-01T15:00:00Z', true, ZONE)).toBe('Expired Mar 1, 2026');
    expect(isExpired(null, NOW)).toBe(false);
    expect(isExpired(NOW.toISOString(), NOW)).toBe(true);
    expect(isExpired('2026-03-10T15:00:01Z', NOW)).toBe(false);
  });
});
