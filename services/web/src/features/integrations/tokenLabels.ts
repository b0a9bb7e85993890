import { SUGGESTED_API_TOKEN_EXPIRY_DAYS, type ApiTokenScope } from '@daybook/shared';
import { formatInstantDate } from '../../lib/format';

export const SCOPE_LABELS: Record<ApiTokenScope, string> = { read: 'Read only', 'read-write': 'Read and write' };

/** The expiry choices of the form: the suggested numbers of days, then none. */
export const NEVER = 'never';
export type ExpiryChoice = `${(typeof SUGGESTED_API_TOKEN_EXPIRY_DAYS)[number]}` | typeof NEVER;
export const EXPIRY_CHOICES: readonly { value: ExpiryChoice; label: string }[] = [
  ...SUGGESTED_API_TOKEN_EXPIRY_DAYS.map((days) => ({ value: `${days}` as ExpiryChoice, label: days === 365 ? '1 year' : `${days} days` })),
  { value: NEVER, label: 'Never' },
];
export const expiresInDaysOf = (choice: ExpiryChoice): number | null => (choice === NEVER ? null : Number(choice));

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/**
 * When a token was last used: 'Never', 'just now', '5 minutes ago', '3 hours ago', 'yesterday',
 * '4 days ago', or from a week on its date ('Mar 5, 2026').
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

/** 'Never expires', 'Expires Jun 3, 2026' or 'Expired Jun 3, 2026'. */
export function expiryLabel(expiresAt: string | null, expired: boolean, timeZone: string): string {
  if (expiresAt === null) return 'Never expires';
  return `${expired ? 'Expired' : 'Expires'} ${formatInstantDate(expiresAt, timeZone)}`;
}

export const isExpired = (expiresAt: string | null, now: Date) => expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();

/** The first thing to try with a new token: today's tasks. */
export const curlExample = (secret: string, origin: string) => `curl -H "Authorization: Bearer ${secret}" ${origin}/api/tasks/today`;
