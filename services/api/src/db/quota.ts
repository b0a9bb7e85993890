import type { EntityManager } from '@mikro-orm/postgresql';
import { QUOTAS, quotaMessage, type QuotaName } from '@daybook/shared';
import { quotaExceeded } from '../core/errors';

/**
 * Per-user quotas (DECISIONS 22), in two halves: a repository counts (`countForQuota`), a service refuses
 * (`assertBelowQuota`). Tests may pass a smaller `quota` to either.
 */

/**
 * How many of the counted rows the user has, counting no further than `quota`, so it stays cheap. `rows`
 * is the SQL of the counted rows (`from <table> where user_id = ? …`, the user's id its only parameter).
 * Call it inside the transaction of the addition: its lock serialises the user's own additions of that
 * kind until the transaction ends, so requests arriving together cannot pass the quota together.
 */
export async function countForQuota(db: EntityManager, userId: string, name: QuotaName, rows: string, quota: number = QUOTAS[name]): Promise<number> {
  await db.execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:quota:${name}:${userId}`]);
  const [counted] = await db.execute<{ count: number }[]>(`select count(*)::int as count from (select 1 ${rows} limit ?) counted`, [userId, quota]);
  return counted?.count ?? 0;
}

/**
 * Refuses an addition when the user's `count` rows already fill the quota, or would pass it with `adding`
 * more rows (a batch: all or none), with 409 `quota_exceeded`.
 */
export function assertBelowQuota(name: QuotaName, count: number, quota: number = QUOTAS[name], adding = 1): void {
  if (count + adding > quota) throw quotaExceeded(quotaMessage(name));
}

/** Both halves at once, for a service that runs its SQL itself. */
export async function assertQuotaRoom(db: EntityManager, userId: string, name: QuotaName, rows: string, quota: number = QUOTAS[name]): Promise<void> {
  assertBelowQuota(name, await countForQuota(db, userId, name, rows, quota), quota);
}
