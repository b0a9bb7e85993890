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

/** When a token was last used (shared with the sessions list): lib/lastUsed.ts. */
export { lastUsedLabel } from '../../lib/lastUsed';

/** 'Never expires', 'Expires Jun 3, 2026' or 'Expired Jun 3, 2026'. */
export function expiryLabel(expiresAt: string | null, expired: boolean, timeZone: string): string {
  if (expiresAt === null) return 'Never expires';
  return `${expired ? 'Expired' : 'Expires'} ${formatInstantDate(expiresAt, timeZone)}`;
}

export const isExpired = (expiresAt: string | null, now: Date) => expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();

/** The first thing to try with a new token: today's tasks. */
export const curlExample = (secret: string, origin: string) => `curl -H "Authorization: Bearer ${secret}" ${origin}/api/tasks/today`;
