import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportJob, ImportPreview, ImportQuery } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { conflict, notFound } from '../../core/errors';
import type { Logger } from '../../logger';
import { createRemindersRepository, type RemindersRepository } from '../notifications/reminders.repository';
import { checkFile, previewFile, readImportFile } from './import-file';
import { createItemWriter } from './import-items';
import { createImportRunner } from './import-runner';
import { createImportsRepository, type ImportsRepository } from './imports.repository';

export interface ImportsServiceOptions {
  logger: Logger;
  clock?: () => Date;
}

/** The imports service on the database (app.ts: `startImports` also takes up imports an api restart stopped). */
export const createImportsService = (em: EntityManager, options: ImportsServiceOptions) =>
  importsService(em, createImportsRepository(em), createRemindersRepository(em), options);

const ALREADY_RUNNING = 'An import is already running: wait until it has finished.';

/**
 * Imports (DECISIONS 30), in three parts: the file is read and checked whole (import-file.ts: in a thread of
 * its own, since reading a file is seconds of CPU), its items are written (import-items.ts) by a job in
 * this api process that resumes where it stopped (import-runner.ts). Importing the same file twice never
 * creates anything twice: every item is recorded by its source key.
 */
export function importsService(em: EntityManager, imports: ImportsRepository, reminders: RemindersRepository, options: ImportsServiceOptions) {
  const clock = options.clock ?? (() => new Date());
  const runner = createImportRunner(em, imports, createItemWriter(em, imports, reminders, clock), options.logger);

  /** The uploaded file read into a plan, in a thread of its own (import-file.ts). */
  const read = (actor: Actor, upload: Uint8Array, query: ImportQuery) => readImportFile(upload, query, actor.timezone, clock());

  return {
    /** POST /api/imports/preview: what the file would import; writes nothing. */
    preview: async (actor: Actor, upload: Uint8Array, query: ImportQuery): Promise<ImportPreview> => previewFile(imports, actor.id, await read(actor, upload, query)),

    /** POST /api/imports: checks the file like the preview, then starts the job (202); one at a time per user. */
    async start(actor: Actor, upload: Uint8Array, query: ImportQuery): Promise<ImportJob> {
      const file = await read(actor, upload, query);
      if (await imports.hasLiveImport(actor.id)) throw conflict(ALREADY_RUNNING);
      await checkFile(imports, actor.id, file);
      let id: string;
      try {
        const { problems, moreProblems } = file;
        id = await imports.transaction(() => imports.insertImport(actor.id, file.source, file.total, file.plan, { problems, moreProblems }));
      } catch (error) {
        if ((error as { constraint?: string }).constraint === 'imports_one_live_per_user') throw conflict(ALREADY_RUNNING);
        throw error;
      }
      runner.start(actor, id);
      return (await imports.find(actor.id, id))!;
    },

    /** GET /api/imports/:id; another user's import reads as missing. An import whose runner stopped is taken up here. */
    async get(actor: Actor, id: string): Promise<ImportJob> {
      const job = await imports.find(actor.id, id);
      if (!job) throw notFound('Import');
      if ((job.state === 'running' || job.state === 'queued') && !runner.isRunning(id)) await runner.resume(id);
      return job;
    },

    /** At start-up: imports a stopped api process left unfinished continue here. */
    resumeStale: () => runner.resume(),

    /** Resolves when the imports this process runs now have ended (tests). */
    settled: () => runner.settled(),
  };
}
export type ImportsService = ReturnType<typeof importsService>;

/**
 * The imports service of an api process that is starting: imports a stopped process left unfinished
 * (their heartbeat stopped) continue here.
 */
export function startImports(em: EntityManager, options: ImportsServiceOptions): ImportsService {
  const service = createImportsService(em, options);
  service.resumeStale().catch((error: unknown) => options.logger.warn('resuming imports failed', { error }));
  return service;
}
