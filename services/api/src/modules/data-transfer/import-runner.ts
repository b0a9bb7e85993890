import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import type { Logger } from '../../logger';
import type { ItemWriter } from './import-items';
import type { PlanItem } from './import-plan';
import { assertImportQuotas, itemAdditions } from './import-quotas';
import type { ImportProgress, ImportsRepository } from './imports.repository';

/** Items written per transaction: each batch commits with the import's progress. */
export const IMPORT_BATCH = 100;

/**
 * Running imports (DECISIONS 30) as jobs in this api process (docs/architecture.md says why not on the job
 * transport): in batches of IMPORT_BATCH items, each batch one transaction together with the job's
 * progress. The `imports` row is the truth; an import whose process went away (heartbeat stopped) is taken
 * up again from its progress by the next process that starts or is asked about it. Every item is recorded
 * by its source key, so resuming never creates anything twice.
 */
export function createImportRunner(em: EntityManager, imports: ImportsRepository, writer: ItemWriter, logger: Logger) {
  /** Imports this process is running: their promises (tests wait for them). */
  const running = new Map<string, Promise<void>>();

  /** One batch in one transaction; answers true when the import has ended. */
  async function runBatch(actor: Actor, id: string): Promise<boolean> {
    return imports.transaction(async () => {
      const progress = await imports.lockProgress(id);
      if (!progress || progress.state !== 'running') return true;
      const items = await imports.planItems(id, progress.processed, IMPORT_BATCH);
      const fresh: PlanItem[] = [];
      for (const item of items) if (await imports.claimKey(actor.id, item.key, id)) fresh.push(item);
      await assertImportQuotas(imports, actor.id, itemAdditions(fresh), 'batch');
      const next: Pick<ImportProgress, 'processed' | 'created' | 'skipped'> = {
        processed: progress.processed + items.length,
        created: { ...progress.created },
        skipped: progress.skipped + items.length - fresh.length,
      };
      await writer.writeItems(actor, fresh, next.created);
      await imports.saveProgress(id, next);
      const ended = items.length === 0 || next.processed >= progress.total;
      if (ended) await imports.finish(id, 'done', null);
      return ended;
    });
  }

  /** Runs an import to its end (or failure) in this process, in its own request context. */
  function run(actor: Actor, id: string): Promise<void> {
    const existing = running.get(id);
    if (existing) return existing;
    const work = RequestContext.create(em, async () => {
      try {
        while (!(await runBatch(actor, id)));
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'The import stopped on an unexpected error.';
        if (!(error instanceof AppError)) logger.error('import failed', { importId: id, error });
        await imports.finish(id, 'failed', `${message} What was imported before stays; importing the same file again adds the rest.`).catch((finishError: unknown) =>
          logger.error('import could not be marked failed', { importId: id, error: finishError }),
        );
      }
    }).finally(() => running.delete(id));
    running.set(id, work);
    return work;
  }

  return {
    /** Starts a new import's job (its row just inserted, running) as the actor who started it. */
    start(actor: Actor, id: string): void {
      void run({ ...actor }, id);
    },

    isRunning: (id: string) => running.has(id),

    /** Takes up stale imports (all, or one) in this process, each as its owner (read again: it has no request). */
    async resume(importId?: string): Promise<void> {
      const owners = await RequestContext.create(em, async () => {
        const claimed = await imports.claimStale(importId);
        const found: Array<{ id: string; actor: Actor | null }> = [];
        for (const id of claimed) found.push({ id, actor: await imports.ownerOf(id) });
        return found;
      });
      for (const { id, actor } of owners) {
        if (actor) {
          logger.info('import resumed', { importId: id });
          void run(actor, id);
        }
      }
    },

    /** Resolves when the imports this process runs now have ended (tests). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
export type ImportRunner = ReturnType<typeof createImportRunner>;
