import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DAYBOOK_EXPORT_FORMAT, DAYBOOK_EXPORT_VERSION, TASK_CSV_COLUMNS, type ExportedTask } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { createRemindersRepository } from '../notifications/reminders.repository';
import { writeCsvRows } from './csv';
import { createExportRepository, FIRST_ID, type ExportRepository, type TaskCsvRow } from './export.repository';

/** Tasks and notes read per query while an export streams. */
export const EXPORT_PAGE = 500;

/** The rows of a list read page by page (by id), until a page comes back short. */
async function* pages<T extends { id: string }>(read: (afterId: string) => Promise<T[]>): AsyncGenerator<T[]> {
  let afterId = FIRST_ID;
  for (;;) {
    const page = await read(afterId);
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** A JSON array written item by item, one per line. */
async function* jsonArray<T>(batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const batch of batches) {
    for (const item of batch) {
      yield `${first ? '' : ','}\n${JSON.stringify(item)}`;
      first = false;
    }
  }
  yield first ? ']' : '\n]';
}

/** The CSV cells of a task, in TASK_CSV_COLUMNS order. */
const taskCsvCells = (task: TaskCsvRow) => [
  task.id,
  task.title,
  task.description,
  task.clientName,
  task.priority,
  task.status,
  task.dueDate,
  task.dueTime,
  task.estimatedTime,
  task.isCompleted,
  task.isBacklog,
  task.isArchived,
  task.isRecurring,
  task.recurringType,
  task.isRecurring ? task.recurringInterval : null,
  task.delegateName,
  task.documentLinks.join('\n'),
  task.createdAt,
  task.completedAt,
];

/** The export service on the database (app.ts). */
export const createExportService = (em: EntityManager) => exportService(em, createExportRepository(em));

/**
 * Export (DECISIONS 30): everything of a user's as one JSON document (shared `daybookExportSchema`), and
 * the tasks as CSV. Both stream: the large lists are read a page at a time as the client downloads, each
 * page in a request context of its own (the request's ends when the body starts streaming).
 */
export function exportService(em: EntityManager, reads: ExportRepository) {
  const reminders = createRemindersRepository(em);
  /** Runs a read in a context of its own: streaming outlives the request's. */
  const read = <T>(work: () => Promise<T>) => RequestContext.create(em, work);

  async function* daybookJson(actor: Actor, exportedAt: Date): AsyncGenerator<string> {
    const profile = await read(() => reads.profile(actor.id));
    if (!profile) throw notFound('User');
    const head = {
      format: DAYBOOK_EXPORT_FORMAT,
      version: DAYBOOK_EXPORT_VERSION,
      exportedAt: exportedAt.toISOString(),
      profile,
      notificationSettings: await read(() => reminders.settings(actor.id)),
      billingSettings: await read(() => reads.billingSettings(actor.id)),
      timeIncrements: await read(() => reads.timeIncrements(actor.id)),
      estimateHabits: await read(() => reads.estimateHabits(actor.id)),
      clients: await read(() => reads.clients(actor.id)),
      contacts: await read(() => reads.contacts(actor.id)),
    };
    yield `{\n${Object.entries(head)
      .map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`)
      .join(',\n')},\n"tasks": `;
    yield* jsonArray(taskPages(actor.id));
    yield ',\n"timeEntries": ';
    yield* jsonArray(pages((afterId) => read(() => reads.timeEntriesAfter(actor.id, afterId, EXPORT_PAGE))));
    yield ',\n"notePages": ';
    yield* jsonArray([await read(() => reads.notePages(actor.id))]);
    yield ',\n"notes": ';
    yield* jsonArray(pages((afterId) => read(() => reads.notesAfter(actor.id, afterId, EXPORT_PAGE))));
    yield ',\n"dailyPlans": ';
    yield* jsonArray([await read(() => reads.dailyPlans(actor.id))]);
    yield '\n}\n';
  }

  /** Pages of tasks with their comments. */
  async function* taskPages(userId: string): AsyncGenerator<ExportedTask[]> {
    for await (const page of pages((afterId) => read(() => reads.tasksAfter(userId, afterId, EXPORT_PAGE)))) {
      const comments = new Map<string, ExportedTask['comments']>();
      for (const { taskId, ...comment } of await read(() => reads.commentsOf(page.map((task) => task.id)))) comments.set(taskId, [...(comments.get(taskId) ?? []), comment]);
      yield page.map((task) => ({ ...task, comments: comments.get(task.id) ?? [] }));
    }
  }

  async function* tasksCsv(actor: Actor): AsyncGenerator<string> {
    yield writeCsvRows([[...TASK_CSV_COLUMNS]]);
    for await (const page of pages((afterId) => read(() => reads.taskCsvRowsAfter(actor.id, afterId, EXPORT_PAGE)))) yield writeCsvRows(page.map(taskCsvCells));
  }

  return {
    /** GET /api/export/daybook.json: the chunks of the document. */
    daybookJson: (actor: Actor, now: Date) => daybookJson(actor, now),
    /** GET /api/export/tasks.csv: a header row, then one row per task (archived ones too), by id. */
    tasksCsv,
  };
}
export type ExportService = ReturnType<typeof exportService>;
