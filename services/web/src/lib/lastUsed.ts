import { formatInstantDate } from './format';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/**
 * When something was last used (an API token, a session): 'Never', 'just now', '5 minutes ago',
 * '3 hours ago', 'yesterday', '4 days ago', or from a week on its date ('Mar 5, 2026').
 */
export function lastUsedLabel(lastUsedAt: string | null, now: Date, timeZone: string): string {
  if (lastUsedAt === null) return 'Never';
  const ago = Math.max(0, now.getTime() - new Date(lastUsedAt).getTime());
  if (ago < MINUTE_MS) return 'just now';
  if (ago < HOUR_MS) return relative.format(-Math.floor(ago / MINUTE_MS), 'minute');
  if (ago < DAY_MS) return relative.format(-Math.floor(ago / HOUR_MS), 'hour');
  if (ago < 7 * DAY_MS) return relative.format(-Math.floor(ago / DAY_MS), 'day');
  return formatInstantDate(lastUsedAt, timeZone);
}
