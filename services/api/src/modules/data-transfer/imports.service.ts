import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { nextDigestAt, QUOTAS, quotaMessage, type ImportJob, type ImportPreview, type ImportQuery, type ImportCounts } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { AppError, conflict, notFound, quotaExceeded } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import type { Logger } from '../../logger';
import { reminderScheduling } from '../notifications/reminder-schedule';
import { createTasksService } from '../tasks/tasks.service';
import { createTimeEntriesRepository } from '../time-entries/time-entries.repository';
import { createRemindersRepository, type RemindersRepository } from '../notifications/reminders.repository';
import { readImportFile } from './import-file';
import { countItems, quotaOf, type PlanItem, type ReadFile } from './import-plan';
import { createImportsRepository, type ImportProgress, type ImportQuota, type ImportsRepository, type TargetKind } from './imports.repository';

/** Items written per transaction: each batch commits with the import's progress. */
export const IMPORT_BATCH = 100;

const noAdditions = (): Record<ImportQuota, number> => ({ liveTasks: 0, notes: 0, notePages: 0, clients: 0, contacts: 0, timeEntries: 0 });

/** What the items would add to each quota (DECISIONS 22). */
function quotaAdditions(items: readonly PlanItem[]): Record<ImportQuota, number> {
  const adding = noAdditions();
  for (const item of items) {
    const quota = quotaOf(item);
    if (quota) adding[quota] += 1;
  }
  return adding;
}

const QUOTA_NAMES = ['liveTasks', 'notes', 'notePages', 'clients', 'contacts', 'timeEntries'] as const satisfies readonly ImportQuota[];

export interface ImportsServiceOptions {
  logger: Logger;
  clock?: () => Date;
}

/** The imports service on the database (app.ts: `startImports` also takes up imports an api restart stopped). */
export const createImportsService = (em: EntityManager, options: ImportsServiceOptions) =>
  importsService(em, createImportsRepository(em), createRemindersRepository(em), options);

/**
 * Imports (DECISIONS 30): a file is read and checked whole (preview), in a thread of its own (reading a
 * file is seconds of CPU: never on the event loop), then written as a job in this api process, in batches
 * of IMPORT_BATCH items, each batch one transaction together with the job's progress.
 * The `imports` row is the truth; an import whose process went away (heartbeat stopped) is taken up again
 * from its progress by the next process that starts or is asked about it. Every item is recorded by its
 * source key, so importing the same file twice, or resuming, never creates anything twice.
 */
export function importsService(em: EntityManager, imports: ImportsRepository, reminders: RemindersRepository, options: ImportsServiceOptions) {
  const clock = options.clock ?? (() => new Date());
  const tasks = createTasksService(em, clock);
  const timeEntries = createTimeEntriesRepository(em);
  const { logger } = options;
  const scheduling = reminderScheduling(reminders, clock);
  /** Imports this process is running: their promises (tests wait for them). */
  const running = new Map<string, Promise<void>>();

  /** The file's items not imported yet (by position): the quotas and the clients to create count these. */
  async function notYetImported(userId: string, file: ReadFile) {
    const imported = await imports.importedKeys(userId, file.keys);
    return { isFresh: (at: number) => !imported.has(file.keys[at]!), already: imported.size };
  }

  /** What the file's items not imported yet would add to each quota. */
  function freshAdditions(file: ReadFile, isFresh: (at: number) => boolean): Record<ImportQuota, number> {
    const adding = noAdditions();
    for (const quota of QUOTA_NAMES) for (const at of file.quotaItems[quota] ?? []) if (isFresh(at)) adding[quota] += 1;
    return adding;
  }

  async function assertQuotas(userId: string, adding: Record<ImportQuota, number>) {
    await imports.transaction(async () => {
      for (const quota of QUOTA_NAMES) {
        if (adding[quota] === 0) continue;
        const count = await imports.countForQuota(userId, quota);
        if (count + adding[quota] > QUOTAS[quota]) {
          throw quotaExceeded(`${quotaMessage(quota)} This file would add ${adding[quota].toLocaleString('en-US')} and you have ${count.toLocaleString('en-US')}.`);
        }
      }
    });
  }

  async function preview(actor: Actor, file: ReadFile): Promise<ImportPreview> {
    const { isFresh, already } = await notYetImported(actor.id, file);
    await assertQuotas(actor.id, freshAdditions(file, isFresh));
    const known = await imports.clientNames(actor.id);
    const clientsToCreate = [...new Set(file.clients.filter((client) => isFresh(client.at) && !known.has(client.name.toLowerCase())).map((client) => client.name))];
    const { source, counts, skippedRows, problems, moreProblems } = file;
    return { source, counts, alreadyImported: already, clientsToCreate, skippedRows, problems, moreProblems };
  }

  /** The uploaded file read into a plan, in a thread of its own (import-file.ts). */
  const read = (actor: Actor, upload: Uint8Array, query: ImportQuery) => readImportFile(upload, query, actor.timezone, clock());

  /** The id of what an earlier item of the import (or an earlier import) became. */
  const target = (userId: string, key: string | null, kind: TargetKind) => (key === null ? Promise.resolve(null) : imports.targetOf(userId, key, kind));

  /** What writing an item did: whether it created something, and the id of what its key now stands for. */
  interface Written {
    created: boolean;
    targetId: string | null;
    /** A task whose tracked time the item changed (a time entry's). */
    trackedTaskId?: string | null;
  }
  const createdRow = (targetId: string): Written => ({ created: true, targetId });
  const createdOrNot = (created: boolean): Written => ({ created, targetId: null });

  /** Writes one item (its key already claimed). */
  async function writeItem(actor: Actor, item: PlanItem): Promise<Written> {
    const userId = actor.id;
    switch (item.type) {
      case 'settings': {
        const before = await imports.updateProfile(userId, item.profile);
        await reminders.saveSettings(userId, item.notificationSettings);
        if (item.billingSettings) await imports.saveBillingSettings(userId, item.billingSettings);
        const { digestHour } = item.notificationSettings;
        await reminders.replaceDigest(userId, digestHour === null ? null : nextDigestAt(clock(), digestHour, item.profile.timezone));
        actor.timezone = item.profile.timezone;
        actor.enableDelegation = item.profile.enableDelegation;
        // The account's own tasks' reminders move to the same wall-clock times in the new zone.
        if (before !== item.profile.timezone) await tasks.rescheduleReminders(actor);
        return createdOrNot(true);
      }
      case 'timeIncrement':
        return createdOrNot(await imports.insertTimeIncrement(userId, item));
      case 'estimateHabit':
        return createdOrNot(await imports.insertEstimateHabit(userId, item));
      case 'client': {
        // A client the user has already (by name or alias) is the one the items mean: used, not created.
        const existing = await imports.clientNamed(userId, item.name);
        return existing ? { created: false, targetId: existing } : createdRow(await imports.insertClient(userId, item));
      }
      case 'contact':
        return createdRow(await imports.insertContact(userId, item));
      case 'notePage':
        return createdRow(
          await imports.insertNotePage(userId, {
            title: item.title,
            clientId: await target(userId, item.clientKey, 'client'),
            parentId: await target(userId, item.parentKey, 'notePage'),
            sortOrder: item.sortOrder,
            createdAt: item.createdAt,
          }),
        );
      case 'note': {
        const pageId = await target(userId, item.pageKey, 'notePage');
        if (!pageId) return createdOrNot(false);
        const clientId = await target(userId, item.clientKey, 'client');
        return createdRow(await imports.insertNote(userId, { pageId, content: item.content, clientId, sortOrder: item.sortOrder, createdAt: item.createdAt }));
      }
      case 'task': {
        const id = await imports.insertTask(userId, item.task, {
          clientId: await target(userId, item.clientKey, 'client'),
          seriesId: await target(userId, item.seriesKey, 'task'),
          delegatedToId: await target(userId, item.delegatedToKey, 'contact'),
        });
        for (const comment of item.comments) await imports.insertComment(id, comment);
        if (item.task.reminders.length > 0) await scheduling.syncTask(userId, { id, ...item.task }, actor.timezone);
        return createdRow(id);
      }
      case 'dailyPlan': {
        const taskIds: string[] = [];
        for (const key of item.taskKeys) {
          const id = await target(userId, key, 'task');
          if (id) taskIds.push(id);
        }
        return createdOrNot(await imports.insertDailyPlan(userId, { date: item.date, taskIds, reviewedAt: item.reviewedAt }));
      }
      case 'timeEntry': {
        const taskId = await target(userId, item.taskKey, 'task');
        const clientId = await target(userId, item.clientKey, 'client');
        const { startedAt, endedAt, note, billable } = item;
        await timeEntries.insert(userId, { taskId, clientId, startedAt, endedAt, note, billable }, item.createdAt);
        return { created: true, targetId: null, trackedTaskId: taskId };
      }
    }
  }

  /** Inside the batch's transaction: the batch must fit the quotas (it counts what it adds, all or none). */
  async function assertBatchQuotas(userId: string, items: readonly PlanItem[]) {
    const adding = quotaAdditions(items);
    for (const quota of QUOTA_NAMES) if (adding[quota] > 0) assertBelowQuota(quota, await imports.countForQuota(userId, quota), QUOTAS[quota], adding[quota]);
  }

  /** One batch in one transaction; answers true when the import has ended. */
  async function runBatch(actor: Actor, id: string): Promise<boolean> {
    return imports.transaction(async () => {
      const progress = await imports.lockProgress(id);
      if (!progress || progress.state !== 'running') return true;
      const items = await imports.planItems(id, progress.processed, IMPORT_BATCH);
      const fresh: PlanItem[] = [];
      for (const item of items) if (await imports.claimKey(actor.id, item.key, id)) fresh.push(item);
      await assertBatchQuotas(actor.id, fresh);
      const next: Pick<ImportProgress, 'processed' | 'created' | 'skipped'> = {
        processed: progress.processed + items.length,
        created: { ...progress.created },
        skipped: progress.skipped + items.length - fresh.length,
      };
      const trackedTasks: string[] = [];
      for (const item of fresh) {
        const written = await writeItem(actor, item);
        if (written.targetId) await imports.setTarget(actor.id, item.key, written.targetId);
        if (written.created) addCreated(next.created, item);
        if (written.trackedTaskId) trackedTasks.push(written.trackedTaskId);
      }
      if (trackedTasks.length > 0) {
        // Behind the user's time-entry lock (so a timer stopped meanwhile is counted too), once per batch.
        await timeEntries.lockUser(actor.id);
        await timeEntries.refreshTracked(actor.id, trackedTasks);
      }
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

  /** The actor an import runs as (read again: a resumed import has no request). */
  async function ownerOf(importId: string): Promise<Actor | null> {
    const [row] = await em.fork().execute<Actor[]>(
      `select u.id, u.username, u.role, u.timezone, u.enable_delegation as "enableDelegation" from imports i join users u on u.id = i.user_id where i.id = ?`,
      [importId],
    );
    return row ?? null;
  }

  /** Takes up stale imports (all, or one) in this process. */
  async function resume(importId?: string): Promise<void> {
    const claimed = await RequestContext.create(em, () => imports.claimStale(importId));
    for (const id of claimed) {
      const actor = await ownerOf(id);
      if (actor) {
        logger.info('import resumed', { importId: id });
        void run(actor, id);
      }
    }
  }

  return {
    /** POST /api/imports/preview: what the file would import; writes nothing. */
    preview: async (actor: Actor, upload: Uint8Array, query: ImportQuery) => preview(actor, await read(actor, upload, query)),

    /** POST /api/imports: checks the file like the preview, then starts the job (202); one at a time per user. */
    async start(actor: Actor, upload: Uint8Array, query: ImportQuery): Promise<ImportJob> {
      const file = await read(actor, upload, query);
      if (await imports.hasLiveImport(actor.id)) throw conflict('An import is already running: wait until it has finished.');
      const { isFresh } = await notYetImported(actor.id, file);
      await assertQuotas(actor.id, freshAdditions(file, isFresh));
      let id: string;
      try {
        const { problems, moreProblems } = file;
        id = await imports.transaction(() => imports.insertImport(actor.id, file.source, file.total, file.plan, { problems, moreProblems }));
      } catch (error) {
        if ((error as { constraint?: string }).constraint === 'imports_one_live_per_user') throw conflict('An import is already running: wait until it has finished.');
        throw error;
      }
      void run({ ...actor }, id);
      return (await imports.find(actor.id, id))!;
    },

    /** GET /api/imports/:id; another user's import reads as missing. An import whose runner stopped is taken up here. */
    async get(actor: Actor, id: string): Promise<ImportJob> {
      const job = await imports.find(actor.id, id);
      if (!job) throw notFound('Import');
      if ((job.state === 'running' || job.state === 'queued') && !running.has(id)) await resume(id);
      return job;
    },

    /** At start-up: imports a stopped api process left unfinished continue here. */
    resumeStale: () => resume(),

    /** Resolves when the imports this process runs now have ended (tests). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
export type ImportsService = ReturnType<typeof importsService>;

function addCreated(created: ImportCounts, item: PlanItem) {
  const counts = countItems([item]);
  // An import started before a kind was counted has no count of it yet.
  for (const [name, value] of Object.entries(counts) as Array<[keyof ImportCounts, number]>) created[name] = (created[name] ?? 0) + value;
}

/**
 * The imports service of an api process that is starting: imports a stopped process left unfinished
 * (their heartbeat stopped) continue here.
 */
export function startImports(em: EntityManager, options: ImportsServiceOptions): ImportsService {
  const service = createImportsService(em, options);
  service.resumeStale().catch((error: unknown) => options.logger.warn('resuming imports failed', { error }));
  return service;
}
