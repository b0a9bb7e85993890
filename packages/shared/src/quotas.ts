/**
 * Per-user quotas (DECISIONS 22): generous for any real use, they keep one account from growing its lists
 * without bound. A create that would pass one is refused with 409 `quota_exceeded` and this message.
 */
export const QUOTAS = {
  /** Tasks that are not archived (archived tasks load in pages and do not count). */
  liveTasks: 50_000,
  notes: 50_000,
  notePages: 5_000,
  clients: 1_000,
  contacts: 1_000,
  /**
   * Notification channels (DECISIONS 29): a few devices and services per person. Also what one reminder can
   * reach at once, no more than a minute of "Send test" (DECISIONS 46).
   */
  channels: 10,
  /** Personal API tokens (DECISIONS 30): one per script or device is plenty. */
  apiTokens: 50,
  /** Time entries (DECISIONS 31): years of a busy day's entries. */
  timeEntries: 100_000,
} as const;
export type QuotaName = keyof typeof QUOTAS;

const WHAT: Record<QuotaName, string> = {
  liveTasks: 'open tasks (archive or delete some to add more)',
  notes: 'notes (delete some to add more)',
  notePages: 'note pages (delete some to add more)',
  clients: 'clients (delete some to add more)',
  contacts: 'delegation contacts (delete some to add more)',
  channels: 'notification channels (delete one to add another)',
  apiTokens: 'API tokens (revoke one to add another)',
  timeEntries: 'time entries (delete some to add more)',
};

/** 'You have reached the limit of 1,000 clients (delete some to add more).' */
export const quotaMessage = (name: QuotaName) => `You have reached the limit of ${QUOTAS[name].toLocaleString('en-US')} ${WHAT[name]}.`;
