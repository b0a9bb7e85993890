import type { EntityManager } from '@mikro-orm/postgresql';
import { QUOTAS, quotaMessage, type QuotaName } from '@daybook/shared';
import { quotaExceeded } from '../core/errors';

/**
 * Refuses an addition that would take the user past a quota (DECISIONS 22): `rows` is the SQL of the
 * counted rows (`from <table> where user_id = ? …`, the user's id its only parameter). Call it inside the
 * transaction of the addition (tests may pass a smaller `quota`): the lock serialises the user's own additions of that kind, so requests
 * arriving together cannot pass the quota together. Counting stops at the quota, so it stays cheap.
 */
export async function assertQuotaRoom(db: EntityManager, userId: string, name: QuotaName, rows: string, quota: number = QUOTAS[name]): Promise<void> {
  await db.execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:quota:${name}:${userId}`]);
  const [counted] = await db.execute<{ count: number }[]>(`select count(*)::int as count from (select 1 ${rows} limit ?) counted`, [userId, quota]);
  if ((counted?.count ?? 0) >= quota) throw quotaExceeded(quotaMessage(name));
}
