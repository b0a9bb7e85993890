import { formatEstimate, isValidTimeZone, MINUTES_PER_DAY, zonedDateTimeFromString, zonedDateTimeToInstant, type Priority } from '@daybook/shared';
import { badRequest } from '../../../core/errors';
import { readCsv } from '../csv';
import { DATE_CHARS_MAX, DATE_READS_MAX, DATE_WORDS_MAX, dateWordsReader, type DateNotRead } from './date-words';
import {
  blankTask,
  cleanClientName,
  cleanDescription,
  cleanText,
  cleanTitle,
  clientKeyOf,
  hashKey,
  Problems,
  type ImportPlan,
  type PlanItem,
} from '../import-plan';

/**
 * A Todoist project exported as CSV (Todoist: project menu › Export as CSV). The first row names the
 * columns: TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR, RESPONSIBLE, DATE, DATE_LANG, TIMEZONE,
 * DURATION, DURATION_UNIT (newer exports add DEADLINE, DEADLINE_LANG). TYPE is task, section or note (a
 * comment on the task above it); 'meta' rows (view settings) and empty separator rows are skipped.
 *
 * What each row becomes (docs/import-export.md):
 * - a section → a client of that name (Daybook groups work by client; the sections of a project are its
 *   groups). Tasks above the first section have no client;
 * - a task → a task: CONTENT the title (labels "@name" stay in it), DESCRIPTION the description, DATE read
 *   in words by the structurer (repeats included), DURATION the estimate, PRIORITY on the scale Todoist's
 *   help documents for these files, the inverse of its API's: 1 is p1 (the highest) → urgent, 2 → high,
 *   3 → medium, 4 (p4, Todoist's default) → low; an empty cell → medium;
 * - a subtask (INDENT 2–4) → a task of its own (Daybook's tasks are flat; a task's parent link belongs to
 *   recurring series), in its parent's client, its description starting with "Subtask of: <parent>";
 * - a note → a comment on the task above it, "imported from Todoist", at its DATE (the time it was posted;
 *   one without a zone read in the row's TIMEZONE, else the user's), so the comments keep Todoist's order.
 * AUTHOR, RESPONSIBLE and DATE_LANG are not used; a task's DATE is read in the user's zone.
 */

/** Why a DATE was not read, as the preview says it. */
const DATE_NOT_READ: Record<DateNotRead, string> = {
  'not-understood': 'was not understood',
  'too-long': `is too long to be a date (at most ${DATE_WORDS_MAX} words and ${DATE_CHARS_MAX} characters are read)`,
  'too-many': `was not read (one file’s dates are read for its first ${DATE_READS_MAX.toLocaleString('en-US')} different ones)`,
};

/** A cell's text as a problem quotes it: at most 100 characters. */
const shortened = (text: string) => (text.length <= 100 ? text : `${cleanText(text, 99)}…`);

const TODOIST_PRIORITY: Record<string, Priority> = { '1': 'urgent', '2': 'high', '3': 'medium', '4': 'low' };

const REQUIRED_COLUMNS = ['TYPE', 'CONTENT'] as const;
const NOT_TODOIST =
  'This is not a Todoist project export: its first row must name the columns TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, … (in Todoist, open the project menu and choose “Export as CSV”).';

export interface TodoistOptions {
  /** The project's name (from the file name): part of each task's key, so two projects' same-named tasks differ. */
  project: string;
  now: Date;
  timezone: string;
}

interface OpenTask {
  item: Extract<PlanItem, { type: 'task' }>;
  title: string;
  path: string;
}

export function parseTodoistCsv(text: string, options: TodoistOptions): ImportPlan {
  const records = readCsv(text);
  const header = (records[0] ?? []).map((cell) => cell.trim().toUpperCase());
  if (!REQUIRED_COLUMNS.every((column) => header.includes(column))) throw badRequest(NOT_TODOIST, 'bad_file');
  const column = (name: string) => header.indexOf(name);
  const at = (record: string[], name: string) => {
    const index = column(name);
    return index < 0 ? '' : (record[index] ?? '');
  };

  const readDate = dateWordsReader(options.now, options.timezone);
  const problems = new Problems();
  const clients = new Map<string, PlanItem>();
  const tasks: PlanItem[] = [];
  const seen = new Map<string, number>();
  let section: string | null = null;
  /** The open task at each indent (1-based): a subtask's parent is the task one level up. */
  let parents: OpenTask[] = [];
  let lastTask: OpenTask | null = null;
  let skippedRows = 0;

  records.slice(1).forEach((record, index) => {
    const row = index + 2;
    const type = at(record, 'TYPE').trim().toLowerCase();
    const content = at(record, 'CONTENT');
    if (type === '' || type === 'meta') return;

    if (type === 'section') {
      const name = cleanClientName(content);
      section = name === '' ? null : name;
      if (section && !clients.has(section.toLowerCase())) {
        clients.set(section.toLowerCase(), { type: 'client', key: clientKeyOf('todoist', section), row, name: section, color: null, aliases: [], sortOrder: 0, createdAt: null });
      }
      parents = [];
      lastTask = null;
      return;
    }

    if (type === 'note') {
      const comment = cleanText(content.trim(), 10_000);
      if (!lastTask) {
        problems.add(row, 'A comment with no task above it: left out.');
        skippedRows += 1;
      } else if (comment !== '') {
        const comments = lastTask.item.comments;
        const posted = at(record, 'DATE').trim();
        const zone = at(record, 'TIMEZONE').trim();
        const time = readPostedTime(posted, isValidTimeZone(zone) ? zone : options.timezone);
        if (posted !== '' && !time) problems.add(row, `The comment’s date “${shortened(posted)}” was not read: it keeps its place in the file.`);
        comments.push({ content: comment, createdAt: time && inFileOrder(time, comments.at(-1)?.createdAt ?? null), importedFrom: 'todoist' });
      }
      return;
    }

    if (type !== 'task') {
      problems.add(row, `Unknown TYPE “${cleanText(type, 40)}” (expected task, section or note): left out.`);
      skippedRows += 1;
      return;
    }

    const title = cleanTitle(content);
    if (title === '') {
      problems.add(row, 'A task without a title (CONTENT is empty): left out.');
      skippedRows += 1;
      return;
    }
    if (content.trim().length > title.length) problems.add(row, 'The title was longer than 500 characters: shortened.');

    const indent = readIndent(at(record, 'INDENT'));
    let parent = indent > 1 ? parents[indent - 2] : undefined;
    if (indent > 1 && !parent) {
      problems.add(row, `A subtask (INDENT ${indent}) with no task above it at INDENT ${indent - 1}: imported as a task of its own.`);
      parent = undefined;
    }
    const depth = parent ? indent : 1;

    const task = blankTask(title);
    const description = [parent ? `Subtask of: ${parent.title}` : '', at(record, 'DESCRIPTION').trim()].filter(Boolean).join('\n\n');
    task.description = cleanDescription(description);

    const priority = at(record, 'PRIORITY').trim();
    if (priority !== '') {
      const mapped = TODOIST_PRIORITY[priority];
      if (mapped) task.priority = mapped;
      else problems.add(row, `PRIORITY “${cleanText(priority, 20)}” is not 1–4: the task gets medium priority.`);
    }

    const dateWords = at(record, 'DATE').trim();
    if (dateWords !== '') {
      const due = readDate(dateWords);
      if (typeof due === 'object') Object.assign(task, due);
      else problems.add(row, `The date “${shortened(dateWords)}” ${DATE_NOT_READ[due]}: the task has no due date.`);
    }

    const estimate = readDuration(at(record, 'DURATION'), at(record, 'DURATION_UNIT'));
    if (estimate) task.estimatedTime = estimate;

    const path = parent ? `${parent.path}\u0001${parent.title}` : '';
    const identity = [options.project.toLowerCase(), section?.toLowerCase() ?? '', path, title].join('\u0000');
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);

    const item: Extract<PlanItem, { type: 'task' }> = {
      type: 'task',
      key: `todoist:task:${hashKey(identity, occurrence)}`,
      row,
      task,
      clientKey: section ? clientKeyOf('todoist', section) : null,
      seriesKey: null,
      delegatedToKey: null,
      comments: [],
    };
    tasks.push(item);
    const open: OpenTask = { item, title, path };
    parents = [...parents.slice(0, depth - 1), open];
    lastTask = open;
  });

  return { source: 'todoist', items: [...clients.values(), ...tasks], problems: problems.list, skippedRows };
}

/** A note's DATE ('2026-11-20 09:15', '2026-11-20T09:15:30Z') as an ISO instant; null when blank or not a date-time. */
function readPostedTime(value: string, timeZone: string): string | null {
  if (value === '') return null;
  try {
    const { date, time } = zonedDateTimeFromString(value, timeZone);
    const seconds = /^\S+[T ]\d{2}:\d{2}:(\d{2})/u.exec(value)?.[1] ?? '0';
    return new Date(zonedDateTimeToInstant(date, time, timeZone).getTime() + Number(seconds) * 1000).toISOString();
  } catch {
    return null;
  }
}

/** A comment dated as the one above it (or less than a second before it) stays below it. */
function inFileOrder(time: string, previous: string | null): string {
  if (previous === null) return time;
  const [at, before] = [Date.parse(time), Date.parse(previous)];
  return at <= before && before - at < 1000 ? new Date(before + 1).toISOString() : time;
}

/** INDENT 1–4; anything else is 1 (not indented). */
function readIndent(value: string): number {
  const indent = Number.parseInt(value.trim(), 10);
  return Number.isInteger(indent) && indent >= 1 && indent <= 5 ? indent : 1;
}

/** DURATION (a number) in DURATION_UNIT (minute or day) as an estimate ('30min', '1.5h', '1d'); a day is a working day. */
function readDuration(duration: string, unit: string): string | null {
  const amount = Number(duration.trim());
  if (duration.trim() === '' || !Number.isFinite(amount) || amount <= 0) return null;
  const minutes = unit.trim().toLowerCase().startsWith('day') ? amount * MINUTES_PER_DAY : amount;
  return formatEstimate(minutes);
}
