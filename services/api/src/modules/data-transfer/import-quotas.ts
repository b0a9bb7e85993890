import { QUOTAS, quotaMessage } from '@daybook/shared';
import { quotaExceeded } from '../../core/errors';
import { quotaOf, type PlanItem, type ReadFile } from './import-plan';
import type { ImportQuota, ImportsRepository } from './imports.repository';

/** What an import's items add to each quota they count against (DECISIONS 22). */
export type QuotaAdditions = Record<ImportQuota, number>;

const QUOTA_NAMES = ['liveTasks', 'notes', 'notePages', 'clients', 'contacts', 'timeEntries'] as const satisfies readonly ImportQuota[];

const noAdditions = (): QuotaAdditions => ({ liveTasks: 0, notes: 0, notePages: 0, clients: 0, contacts: 0, timeEntries: 0 });

/** What a file's items not imported yet (by position) would add. */
export function fileAdditions(file: ReadFile, isFresh: (at: number) => boolean): QuotaAdditions {
  const adding = noAdditions();
  for (const quota of QUOTA_NAMES) for (const at of file.quotaItems[quota] ?? []) if (isFresh(at)) adding[quota] += 1;
  return adding;
}

/** What a batch's items would add. */
export function itemAdditions(items: readonly PlanItem[]): QuotaAdditions {
  const adding = noAdditions();
  for (const item of items) {
    const quota = quotaOf(item);
    if (quota) adding[quota] += 1;
  }
  return adding;
}

/**
 * The quota check of imports, inside a transaction (countForQuota holds each quota's lock until it ends):
 * 409 `quota_exceeded` when `adding` would pass a quota. A file is checked whole before anything is
 * written (preview and start, the message saying what the file would add); each batch again as it is
 * written, all or none, since the user may have added rows meanwhile.
 */
export async function assertImportQuotas(imports: ImportsRepository, userId: string, adding: QuotaAdditions, of: 'file' | 'batch'): Promise<void> {
  for (const quota of QUOTA_NAMES) {
    if (adding[quota] === 0) continue;
    const count = await imports.countForQuota(userId, quota);
    if (count + adding[quota] <= QUOTAS[quota]) continue;
    const detail = of === 'file' ? ` This file would add ${adding[quota].toLocaleString('en-US')} and you have ${count.toLocaleString('en-US')}.` : '';
    throw quotaExceeded(`${quotaMessage(quota)}${detail}`);
  }
}
