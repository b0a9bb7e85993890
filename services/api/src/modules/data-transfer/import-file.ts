import path from 'node:path';
import { createBoundedThreads, ThreadBudgetError, ThreadsBusyError, type BoundedThreads } from '@daybook/ai-worker';
import type { ImportPreview, ImportQuery } from '@daybook/shared';
import { AppError, badRequest, serviceUnavailable } from '../../core/errors';
import type { ReadFile } from './import-plan';
import type { ReadOutcome, ReadRequest } from './import-file.thread';
import { assertImportQuotas, fileAdditions } from './import-quotas';
import type { ImportsRepository } from './imports.repository';

/**
 * Choosing the file: an upload is read into a plan (the source's parser, in a thread: import-file.thread.ts)
 * and checked whole against what the user has (preview and start both do this before anything is written).
 */

/**
 * The longest one file may take to read (docs/import-export.md). The bounds on rows, cells and dates keep
 * the largest accepted file at a few seconds; past this the file is refused and its thread ended.
 */
export const IMPORT_READ_BUDGET_MS = 30_000;
/** Files read at once in one api process (each on one core, at a lower priority than the event loop), and waiting. */
const READING_THREADS = 2;
const READS_WAITING = 8;

/** This process's threads for import files: started with the first file, one kept after. */
let threads: BoundedThreads | undefined;

/**
 * Reads an uploaded file into a plan in a bounded thread (import-file.thread.ts), never on the event loop:
 * preview and start both call this. Throws the AppError of a refused file, a 400 when reading ran past
 * its budget, a 503 when every thread is busy.
 */
export async function readImportFile(upload: Uint8Array, query: ImportQuery, timezone: string, now: Date): Promise<ReadFile> {
  threads ??= createBoundedThreads({
    module: path.join(__dirname, 'import-file.thread'),
    threads: READING_THREADS,
    maxWaiting: READS_WAITING,
    budgetMs: IMPORT_READ_BUDGET_MS,
  });
  let outcome: ReadOutcome;
  try {
    // The bytes move to the thread (megabytes not copied on the event loop): the caller is done with them.
    const transfer = upload.byteOffset === 0 && upload.byteLength === upload.buffer.byteLength ? [upload.buffer as ArrayBuffer] : [];
    outcome = await threads.run<ReadOutcome>('read', { upload, query, timezone, now: now.toISOString() } satisfies ReadRequest, { transfer });
  } catch (error) {
    if (error instanceof ThreadBudgetError) {
      throw badRequest(`Reading the file took longer than ${IMPORT_READ_BUDGET_MS / 1000} seconds, the most one import may take: split it into smaller files.`, 'file_too_complex');
    }
    if (error instanceof ThreadsBusyError) throw serviceUnavailable('Many files are being read right now. Please try again in a minute.');
    throw error;
  }
  if ('refused' in outcome) throw new AppError(outcome.refused.status, outcome.refused.code, outcome.refused.message);
  return outcome.file;
}

/**
 * The file's items the user has not imported yet (by position): the quotas and the clients to create
 * count these. Refuses the file (409) when they would pass a quota.
 */
export async function checkFile(imports: ImportsRepository, userId: string, file: ReadFile): Promise<{ isFresh: (at: number) => boolean; already: number }> {
  const imported = await imports.importedKeys(userId, file.keys);
  const isFresh = (at: number) => !imported.has(file.keys[at]!);
  await imports.transaction(() => assertImportQuotas(imports, userId, fileAdditions(file, isFresh), 'file'));
  return { isFresh, already: imported.size };
}

/** What the file would import (POST /api/imports/preview); writes nothing. */
export async function previewFile(imports: ImportsRepository, userId: string, file: ReadFile): Promise<ImportPreview> {
  const { isFresh, already } = await checkFile(imports, userId, file);
  const known = await imports.clientNames(userId);
  const clientsToCreate = [...new Set(file.clients.filter((client) => isFresh(client.at) && !known.has(client.name.toLowerCase())).map((client) => client.name))];
  const { source, counts, skippedRows, problems, moreProblems } = file;
  return { source, counts, alreadyImported: already, clientsToCreate, skippedRows, problems, moreProblems };
}
