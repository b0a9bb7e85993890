import { IMPORT_ITEMS_MAX, type ImportQuery } from '@daybook/shared';
import { AppError, badRequest } from '../../core/errors';
import { readFileOf, type ImportPlan, type ReadFile } from './import-plan';
import { parseDaybookJson } from './parsers/daybook.parser';
import { parseTickTickCsv } from './parsers/ticktick.parser';
import { parseTodoistCsv } from './parsers/todoist.parser';

/**
 * Reading an import file, in a bounded thread of the api (import-file.ts): decoding, parsing and checking a
 * file of up to 20 MB is seconds of CPU, which must never hold the event loop that answers everyone.
 */

/** Reads a file of a source into a plan (throws a 400 `bad_file` when it is not one). */
export function parseImportFile(text: string, query: ImportQuery, timezone: string, now: Date): ImportPlan {
  if (text.trim() === '') throw badRequest('The file is empty.', 'bad_file');
  if (text.includes('\u0000')) throw badRequest('The file is not text: choose the CSV or JSON file the other app exported.', 'bad_file');
  const plan =
    query.source === 'todoist'
      ? parseTodoistCsv(text, { project: query.name ?? '', now, timezone })
      : query.source === 'ticktick'
        ? parseTickTickCsv(text, { timezone })
        : parseDaybookJson(text);
  if (plan.items.length > IMPORT_ITEMS_MAX) throw badRequest(`The file holds ${plan.items.length.toLocaleString('en-US')} items; one import takes at most ${IMPORT_ITEMS_MAX.toLocaleString('en-US')}.`, 'too_many_items');
  if (plan.items.length === 0) throw badRequest(`The file holds nothing to import (no ${query.source === 'daybook' ? 'data' : 'tasks'}).`, 'bad_file');
  return plan;
}

/** The upload's bytes as text: UTF-8 only. */
function decode(upload: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(upload);
  } catch {
    throw badRequest('The file is not UTF-8 text: choose the CSV or JSON file the other app exported.', 'bad_file');
  }
}

export interface ReadRequest {
  upload: Uint8Array;
  query: ImportQuery;
  timezone: string;
  /** ISO instant: dates in words are read from it. */
  now: string;
}

/** What the thread answers: the file read, or why it was refused (an AppError does not cross threads). */
export type ReadOutcome = { file: ReadFile } | { refused: { status: number; code: string; message: string } };

export function read({ upload, query, timezone, now }: ReadRequest): ReadOutcome {
  try {
    return { file: readFileOf(parseImportFile(decode(upload), query, timezone, new Date(now))) };
  } catch (error) {
    if (error instanceof AppError) return { refused: { status: error.status, code: error.code, message: error.message } };
    throw error;
  }
}
