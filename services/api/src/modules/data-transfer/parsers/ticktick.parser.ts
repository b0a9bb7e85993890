import { isDateInRange, isValidTimeZone, localDate, localTime, NOTE_CONTENT_MAX, NOTE_LIST_TITLE_MAX, type Priority, type RecurringType } from '@daybook/shared';
import { badRequest } from '../../../core/errors';
import { readCsv } from '../csv';
import { blankTask, cleanClientName, cleanDescription, cleanText, cleanTitle, clientKeyOf, hashKey, Problems, type ImportPlan, type PlanItem } from '../import-plan';

/**
 * A TickTick backup (TickTick: Settings › Account › Generate backup): a few preamble lines ("Date: …",
 * "Version: …", "Status: …"), then a header row starting "Folder Name","List Name","Title","Kind", … and one
 * row per task or note. Columns are found by name (version 7.2 added "projectKind").
 *
 * What each row becomes (docs/import-export.md):
 * - a task (Kind TEXT or CHECKLIST) → a task: Title, Content (a checklist's items) as the description, Tags
 *   added to it as "Tags: …", the list → a client of that name (not the Inbox), Priority 5 → high,
 *   3 → medium, 1 → low, 0 (none) → medium (Daybook's default), Due Date (else Start Date) in the user's
 *   zone (an all-day date as the date it is in the task's own zone), Repeat (an RRULE) → Daybook's repeat,
 *   Status 1 or 2 → completed (at Completed Time), -1 (won't do) → archived, Created Time kept;
 * - a subtask (parentId) → a task of its own, its description starting with "Subtask of: <parent>";
 * - a note (Kind NOTE) → a note on a notes page named after its list.
 * Reminders, Order and kanban columns are not used.
 */

const HEADER_START = 'folder name';
const NOT_TICKTICK =
  'This is not a TickTick backup: after its first lines it must have a row naming the columns "Folder Name","List Name","Title","Kind", … (in TickTick, open Settings › Account › Generate backup).';
const INBOX = 'inbox';

const TICKTICK_PRIORITY: Record<string, Priority> = { '0': 'medium', '1': 'low', '3': 'medium', '5': 'high' };
const WEEKDAYS_RULE = ['MO', 'TU', 'WE', 'TH', 'FR'];

export interface TickTickOptions {
  timezone: string;
}

/** "2026-10-04T21:00:00+0000" (TickTick's instants) as a Date; null when blank or unreadable. */
export function readTickTickInstant(value: string): Date | null {
  const text = value.trim();
  if (text === '') return null;
  const iso = text.replace(/([+-]\d\d)(\d\d)$/u, '$1:$2');
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An RRULE (with or without "RRULE:") as Daybook's repeat; null when it is not one Daybook has. */
export function readTickTickRepeat(value: string): { recurringType: RecurringType; recurringInterval: number } | null {
  const parts = new Map(
    value
      .trim()
      .replace(/^RRULE:/iu, '')
      .split(';')
      .map((part) => part.split('=') as [string, string | undefined])
      .map(([name, v]) => [name.trim().toUpperCase(), (v ?? '').trim().toUpperCase()]),
  );
  const interval = Number.parseInt(parts.get('INTERVAL') || '1', 10);
  if (!Number.isInteger(interval) || interval < 1 || interval > 365) return null;
  const byDay = (parts.get('BYDAY') ?? '').split(',').filter(Boolean);
  switch (parts.get('FREQ')) {
    case 'DAILY':
      return { recurringType: 'daily', recurringInterval: interval };
    case 'WEEKLY':
      if (interval === 1 && byDay.length === 5 && WEEKDAYS_RULE.every((day) => byDay.includes(day))) return { recurringType: 'weekdays', recurringInterval: 1 };
      return { recurringType: 'weekly', recurringInterval: interval };
    case 'MONTHLY':
      return { recurringType: 'monthly', recurringInterval: interval };
    case 'YEARLY':
      return interval * 12 <= 365 ? { recurringType: 'monthly', recurringInterval: interval * 12 } : null;
    default:
      return null;
  }
}

export function parseTickTickCsv(text: string, options: TickTickOptions): ImportPlan {
  const records = readCsv(text);
  const headerIndex = records.findIndex((record) => (record[0] ?? '').trim().toLowerCase() === HEADER_START);
  if (headerIndex < 0) throw badRequest(NOT_TICKTICK, 'bad_file');
  const header = records[headerIndex]!.map((cell) => cell.trim().toLowerCase());
  const at = (record: string[], name: string) => {
    const index = header.indexOf(name.toLowerCase());
    return index < 0 ? '' : (record[index] ?? '').trim();
  };

  const problems = new Problems();
  const clients = new Map<string, PlanItem>();
  const pages = new Map<string, PlanItem>();
  const rows: PlanItem[] = [];
  let skippedRows = 0;

  const rowsWithNumbers = records.slice(headerIndex + 1).map((record, index) => ({ record, row: headerIndex + index + 2 }));
  const titlesById = new Map(rowsWithNumbers.map(({ record }) => [at(record, 'taskId'), at(record, 'Title')] as const).filter(([id]) => id !== ''));

  for (const { record, row } of rowsWithNumbers) {
    if (record.every((cell) => cell.trim() === '')) continue;
    const list = cleanClientName(at(record, 'List Name'));
    const kind = at(record, 'Kind').toUpperCase();
    const taskId = at(record, 'taskId');
    const identity = taskId !== '' ? taskId : hashKey(list, at(record, 'Title'), at(record, 'Created Time'));
    const title = cleanTitle(at(record, 'Title'));
    const content = at(record, 'Content');

    if (kind === 'NOTE') {
      const pageTitle = cleanText(list || 'TickTick notes', NOTE_LIST_TITLE_MAX);
      const pageKey = `ticktick:page:${pageTitle.toLowerCase()}`;
      if (!pages.has(pageKey)) pages.set(pageKey, { type: 'notePage', key: pageKey, row, title: pageTitle, clientKey: null, parentKey: null, sortOrder: 0, createdAt: null });
      const note = cleanText([title, content].filter(Boolean).join('\n\n'), NOTE_CONTENT_MAX);
      if (note === '') {
        problems.add(row, 'An empty note: left out.');
        skippedRows += 1;
        continue;
      }
      rows.push({ type: 'note', key: `ticktick:note:${identity}`, row, pageKey, content: note, clientKey: null, sortOrder: null, createdAt: readTickTickInstant(at(record, 'Created Time'))?.toISOString() ?? null });
      continue;
    }

    if (title === '') {
      problems.add(row, 'A task without a title: left out.');
      skippedRows += 1;
      continue;
    }

    const task = blankTask(title);
    const parentId = at(record, 'parentId');
    const parentTitle = parentId !== '' ? titlesById.get(parentId) : undefined;
    if (parentId !== '' && parentTitle === undefined) problems.add(row, 'A subtask whose parent task is not in the file: imported as a task of its own.');
    const tags = at(record, 'Tags');
    task.description = cleanDescription(
      [parentTitle !== undefined ? `Subtask of: ${parentTitle}` : '', content, tags !== '' ? `Tags: ${tags}` : ''].filter(Boolean).join('\n\n'),
    );

    const priority = at(record, 'Priority');
    if (priority !== '') {
      const mapped = TICKTICK_PRIORITY[priority];
      if (mapped) task.priority = mapped;
      else problems.add(row, `Priority “${cleanText(priority, 20)}” is not 0, 1, 3 or 5: the task gets medium priority.`);
    }

    const dueText = at(record, 'Due Date') || at(record, 'Start Date');
    const due = readTickTickInstant(dueText);
    if (dueText !== '' && !due) problems.add(row, `The due date “${cleanText(dueText, 40)}” was not understood: the task has no due date.`);
    if (due) {
      const allDay = at(record, 'Is All Day').toLowerCase() === 'true';
      const taskZone = at(record, 'Timezone');
      const zone = allDay && isValidTimeZone(taskZone) ? taskZone : options.timezone;
      const date = localDate(due, zone);
      if (isDateInRange(date)) {
        task.dueDate = date;
        task.dueTime = allDay ? null : localTime(due, options.timezone);
      } else problems.add(row, `The due date ${date} is outside 1900–2999: the task has no due date.`);
    }

    const repeat = at(record, 'Repeat');
    if (repeat !== '') {
      const rule = readTickTickRepeat(repeat);
      if (!rule) problems.add(row, `The repeat “${cleanText(repeat, 80)}” is not one Daybook has (daily, weekdays, weekly, monthly): the task does not repeat.`);
      else if (!task.dueDate) problems.add(row, 'A repeat without a due date: the task does not repeat.');
      else Object.assign(task, { isRecurring: true, ...rule });
    }

    const status = at(record, 'Status');
    const completedAt = readTickTickInstant(at(record, 'Completed Time'))?.toISOString() ?? null;
    if (status === '1' || status === '2') Object.assign(task, { isCompleted: true, status: 'completed', completedAt: completedAt ?? readTickTickInstant(at(record, 'Created Time'))?.toISOString() ?? null });
    else if (status === '-1') Object.assign(task, { isArchived: true, archivedAt: completedAt ?? null });
    task.createdAt = readTickTickInstant(at(record, 'Created Time'))?.toISOString() ?? null;

    let clientKey: string | null = null;
    if (list !== '' && list.toLowerCase() !== INBOX) {
      clientKey = clientKeyOf('ticktick', list);
      if (!clients.has(clientKey)) clients.set(clientKey, { type: 'client', key: clientKey, row, name: list, color: null, aliases: [], sortOrder: 0, createdAt: null });
    }
    rows.push({ type: 'task', key: `ticktick:task:${identity}`, row, task, clientKey, seriesKey: null, delegatedToKey: null, comments: [] });
  }

  return { source: 'ticktick', items: [...clients.values(), ...pages.values(), ...rows], problems: problems.list, skippedRows };
}
