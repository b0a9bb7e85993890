import {
  daybookExportSchema,
  entryInstantSchema,
  IMPORT_ITEMS_MAX,
  secondsBetween,
  TIME_ENTRY_MAX_SECONDS,
  TIME_ENTRY_NOTE_MAX,
  type DaybookExport,
  type ExportedNotePage,
  type ExportedTask,
  type ExportedTimeEntry,
} from '@daybook/shared';
import { badRequest } from '../../../core/errors';
import { cleanText, Problems, type ImportPlan, type PlanItem } from '../import-plan';

/**
 * Daybook's own export (GET /api/export/daybook.json), read back item by item: every field is kept but the
 * ids (new ones are made; references follow them) and the times a row was last changed. The items' keys
 * are their ids in the export, so importing the same export twice creates nothing twice.
 *
 * The profile's settings (names, picture, timezone, delegation) and notification settings replace the
 * account's; its username, email, password and role never change. Time increments and usual estimates are
 * added to the account's. A client whose name the account has already is used, not created again. A day
 * plan the account already has for that day stays. Finished time entries come back unbilled (billing
 * periods are not exported); the timer that was running when the export was made does not.
 */

const NOT_DAYBOOK = 'This is not a Daybook export (a JSON file from Settings › Import and export › Export everything).';

const key = (kind: string, id: string) => `daybook:${kind}:${id}`;
const nullableKey = (kind: string, id: string | null) => (id === null ? null : key(kind, id));

function readJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/u, ''));
  } catch {
    throw badRequest(`${NOT_DAYBOOK} The file is not valid JSON.`, 'bad_file');
  }
}

function readExport(text: string): DaybookExport {
  const json = readJson(text);
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== 'daybook-export') throw badRequest(NOT_DAYBOOK, 'bad_file');
  const parsed = daybookExportSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw badRequest(`The Daybook export cannot be read: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown problem'}.`, 'bad_file');
  }
  return parsed.data;
}

/** Pages before their sub-pages; a page whose parent is not in the file becomes a top-level page. */
function parentsFirst(pages: readonly ExportedNotePage[], problems: Problems): ExportedNotePage[] {
  const ids = new Set(pages.map((page) => page.id));
  const children = new Map<string | null, ExportedNotePage[]>();
  for (const page of pages) {
    const parent = page.parentPageId !== null && ids.has(page.parentPageId) ? page.parentPageId : null;
    if (page.parentPageId !== null && parent === null) problems.add(0, `The notes page “${page.title}” names a parent page that is not in the file: it becomes a top-level page.`);
    children.set(parent, [...(children.get(parent) ?? []), { ...page, parentPageId: parent }]);
  }
  const ordered: ExportedNotePage[] = [];
  const visit = (parent: string | null) => {
    for (const page of children.get(parent) ?? []) {
      ordered.push(page);
      visit(page.id);
    }
  };
  visit(null);
  return ordered;
}

/** The first task of each series before its occurrences. */
const seriesFirst = (tasks: readonly ExportedTask[]) => [...tasks.filter((task) => task.parentTaskId === null), ...tasks.filter((task) => task.parentTaskId !== null)];

/** A reference to an item of the file by its id, or null (with a problem) when the file does not hold it. */
type Ref = (id: string | null, what: string) => string | null;

const isKeptInstant = (value: string) => entryInstantSchema.safeParse(value).success;

/** The finished time entries Daybook can keep (ending after their start, within a day), each with its task and client. */
function timeEntryItems(entries: readonly ExportedTimeEntry[], problems: Problems, taskRef: Ref, clientRef: Ref): PlanItem[] {
  const items: PlanItem[] = [];
  let billed = 0;
  for (const entry of entries) {
    if (entry.endedAt === null) {
      problems.add(0, 'The timer that was running when the export was made is left out.');
      continue;
    }
    const seconds = secondsBetween(entry.startedAt, entry.endedAt);
    if (!isKeptInstant(entry.startedAt) || !isKeptInstant(entry.endedAt) || seconds <= 0 || seconds > TIME_ENTRY_MAX_SECONDS) {
      problems.add(0, `A time entry from ${entry.startedAt} to ${entry.endedAt} does not end after its start within 24 hours: left out.`);
      continue;
    }
    if (entry.billingPeriodId !== null) billed += 1;
    items.push({
      type: 'timeEntry',
      key: key('time-entry', entry.id),
      row: 0,
      taskKey: taskRef(entry.taskId, 'A time entry'),
      clientKey: clientRef(entry.clientId, 'A time entry'),
      startedAt: entry.startedAt,
      endedAt: entry.endedAt,
      note: cleanText(entry.note.trim(), TIME_ENTRY_NOTE_MAX),
      billable: entry.billable,
      createdAt: entry.createdAt,
    });
  }
  if (billed > 0) {
    const what = billed === 1 ? 'time entry billed in the exported account is' : 'time entries billed in the exported account are';
    problems.add(0, `${billed.toLocaleString('en-US')} ${what} imported as not billed (billing periods are not exported).`);
  }
  return items;
}

export function parseDaybookJson(text: string): ImportPlan {
  const data = readExport(text);
  const problems = new Problems();
  const known = (kind: 'client' | 'contact' | 'task', ids: Set<string>) => (id: string | null, what: string) => {
    if (id === null || ids.has(id)) return nullableKey(kind, id);
    problems.add(0, `${what} refers to a ${kind} that is not in the file: left without it.`);
    return null;
  };
  const clientRef = known('client', new Set(data.clients.map((client) => client.id)));
  const contactRef = known('contact', new Set(data.contacts.map((contact) => contact.id)));
  const taskIds = new Set(data.tasks.map((task) => task.id));
  const taskRef = known('task', taskIds);

  const items: PlanItem[] = [
    {
      type: 'settings',
      key: key('settings', data.exportedAt),
      row: 0,
      profile: {
        firstName: data.profile.firstName,
        lastName: data.profile.lastName,
        profileImageUrl: data.profile.profileImageUrl,
        timezone: data.profile.timezone,
        enableDelegation: data.profile.enableDelegation,
        workingMinutes: data.profile.workingMinutes,
      },
      notificationSettings: data.notificationSettings,
      billingSettings: data.billingSettings,
    },
    ...data.timeIncrements.map((increment): PlanItem => ({ type: 'timeIncrement', key: key('time-increment', increment.value), row: 0, ...increment })),
    ...data.estimateHabits.map((habit): PlanItem => ({ type: 'estimateHabit', key: key('estimate-habit', habit.kind), row: 0, ...habit })),
    ...data.clients.map((client): PlanItem => ({
      type: 'client',
      key: key('client', client.id),
      row: 0,
      name: client.name,
      color: client.color,
      aliases: client.aliases,
      sortOrder: client.sortOrder,
      createdAt: client.createdAt,
      hourlyRateMinor: client.hourlyRateMinor,
      billable: client.billable,
    })),
    ...data.contacts.map((contact): PlanItem => ({ type: 'contact', key: key('contact', contact.id), row: 0, name: contact.name, sortOrder: contact.sortOrder, createdAt: contact.createdAt })),
    ...parentsFirst(data.notePages, problems).map((page): PlanItem => ({
      type: 'notePage',
      key: key('note-page', page.id),
      row: 0,
      title: page.title,
      clientKey: clientRef(page.clientId, `The notes page “${page.title}”`),
      parentKey: nullableKey('note-page', page.parentPageId),
      sortOrder: page.sortOrder,
      createdAt: page.createdAt,
    })),
  ];

  const pageIds = new Set(data.notePages.map((page) => page.id));
  for (const note of data.notes) {
    if (!pageIds.has(note.notePageId)) {
      problems.add(0, 'A note whose page is not in the file: left out.');
      continue;
    }
    items.push({ type: 'note', key: key('note', note.id), row: 0, pageKey: key('note-page', note.notePageId), content: note.content, clientKey: clientRef(note.clientId, 'A note'), sortOrder: note.sortOrder, createdAt: note.createdAt });
  }

  for (const { id, comments, clientId, parentTaskId, delegatedToId, ...task } of seriesFirst(data.tasks)) {
    items.push({
      type: 'task',
      key: key('task', id),
      row: 0,
      task: { ...task, createdAt: task.createdAt },
      clientKey: clientRef(clientId, `The task “${task.title}”`),
      seriesKey: taskRef(parentTaskId, `The task “${task.title}”`),
      delegatedToKey: contactRef(delegatedToId, `The task “${task.title}”`),
      comments: comments.map(({ content, createdAt, importedFrom }) => ({ content, createdAt, importedFrom })),
    });
  }

  items.push(...timeEntryItems(data.timeEntries, problems, taskRef, clientRef));

  for (const plan of data.dailyPlans) {
    items.push({ type: 'dailyPlan', key: key('daily-plan', plan.date), row: 0, date: plan.date, taskKeys: plan.priorityTaskIds.filter((id) => taskIds.has(id)).map((id) => key('task', id)), reviewedAt: plan.reviewedAt });
  }

  if (items.length > IMPORT_ITEMS_MAX) throw badRequest(`The export holds ${items.length.toLocaleString('en-US')} items; one import takes at most ${IMPORT_ITEMS_MAX.toLocaleString('en-US')}.`, 'too_many_items');
  return { source: 'daybook', items, problems: problems.list, skippedRows: 0 };
}
