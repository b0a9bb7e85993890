import { createHash } from 'node:crypto';
import {
  CLIENT_NAME_MAX,
  emptyImportCounts,
  IMPORT_PROBLEMS_SHOWN_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  type BillingSettings,
  type CommentImportSource,
  type ExportedProfile,
  type ImportCounts,
  type ImportProblem,
  type ImportSource,
  type NotificationSettings,
  type Priority,
  type RecurringType,
  type ReminderSpec,
  type TaskStatus,
} from '@daybook/shared';
import type { ImportQuota } from './imports.repository';

/**
 * What a parsed file asks to write: items in the order they are written (what an item refers to comes
 * before it). Each item has a `key`, its stable identity in the source: an import writes an item whose key
 * the user has not imported yet, and records what it became (imported_items). Items refer to each other
 * by key. Plans are plain JSON: they wait in the database while the import runs.
 */

export interface PlannedTask {
  title: string;
  description: string | null;
  priority: Priority;
  status: TaskStatus;
  dueDate: string | null;
  dueTime: string | null;
  estimatedTime: string | null;
  isCompleted: boolean;
  isBacklog: boolean;
  isArchived: boolean;
  documentLinks: string[];
  isRecurring: boolean;
  recurringType: RecurringType | null;
  recurringInterval: number;
  lastRecurrenceDate: string | null;
  isDelegated: boolean;
  delegationNotes: string | null;
  sortOrder: number;
  reminders: ReminderSpec[];
  completedAt: string | null;
  archivedAt: string | null;
  /** Null: now. */
  createdAt: string | null;
}

/** A profile's settings as an import applies them (never username, email, role or password). */
export type PlannedProfile = Pick<ExportedProfile, 'firstName' | 'lastName' | 'profileImageUrl' | 'timezone' | 'enableDelegation' | 'workingMinutes'>;

interface ItemBase {
  key: string;
  /** The row of the file it came from (0: not from a row). */
  row: number;
}

/**
 * A comment on an imported task: its time in the source (null when the file has none: it is then stamped in
 * file order as it is written), and the app it came from (null for a Daybook file's: the user's own).
 */
export interface PlannedComment {
  content: string;
  createdAt: string | null;
  importedFrom: CommentImportSource | null;
}

export type PlanItem = ItemBase &
  (
    | { type: 'settings'; profile: PlannedProfile; notificationSettings: NotificationSettings; billingSettings: BillingSettings | null }
    | { type: 'timeIncrement'; label: string; value: string }
    | { type: 'estimateHabit'; kind: string; estimatedTime: string }
    /** A client by name: one the user already has (by name or alias, any case) is used, else it is created. */
    | {
        type: 'client';
        name: string;
        color: string | null;
        aliases: string[];
        sortOrder: number;
        createdAt: string | null;
        /** From a Daybook export (DECISIONS 31); other sources leave the defaults (the default rate, billable). */
        hourlyRateMinor?: number | null;
        billable?: boolean;
      }
    | { type: 'contact'; name: string; sortOrder: number; createdAt: string | null }
    | { type: 'notePage'; title: string; clientKey: string | null; parentKey: string | null; sortOrder: number; createdAt: string | null }
    | { type: 'note'; pageKey: string; content: string; clientKey: string | null; sortOrder: number | null; createdAt: string | null }
    | {
        type: 'task';
        task: PlannedTask;
        clientKey: string | null;
        /** The first task of its recurring series. */
        seriesKey: string | null;
        delegatedToKey: string | null;
        comments: PlannedComment[];
      }
    | { type: 'dailyPlan'; date: string; taskKeys: string[]; reviewedAt: string | null }
    /** A finished time entry (DECISIONS 31), imported unbilled. */
    | { type: 'timeEntry'; taskKey: string | null; clientKey: string | null; startedAt: string; endedAt: string; note: string; billable: boolean; createdAt: string | null }
  );
export type PlanItemType = PlanItem['type'];

export interface ImportPlan {
  source: ImportSource;
  items: PlanItem[];
  problems: ImportProblem[];
  /** Rows left out entirely (each has a problem saying why). */
  skippedRows: number;
}

/** Which count of ImportCounts an item adds to. */
export const COUNTED_AS: Record<PlanItemType, keyof ImportCounts> = {
  settings: 'settings',
  timeIncrement: 'timeIncrements',
  estimateHabit: 'settings',
  client: 'clients',
  contact: 'contacts',
  notePage: 'notePages',
  note: 'notes',
  task: 'tasks',
  dailyPlan: 'dailyPlans',
  timeEntry: 'timeEntries',
};

/** What the items hold, by kind (a task's comments counted as comments). */
export function countItems(items: readonly PlanItem[]): ImportCounts {
  const counts = emptyImportCounts();
  for (const item of items) {
    if (item.type === 'estimateHabit') continue;
    counts[COUNTED_AS[item.type]] += 1;
    if (item.type === 'task') counts.comments += item.comments.length;
  }
  return counts;
}

/** The quota (DECISIONS 22) an item counts against, if any: a live task, a note, a page, a client, a contact, a time entry. */
export function quotaOf(item: PlanItem): ImportQuota | null {
  switch (item.type) {
    case 'task':
      return item.task.isArchived ? null : 'liveTasks';
    case 'note':
      return 'notes';
    case 'notePage':
      return 'notePages';
    case 'client':
      return 'clients';
    case 'contact':
      return 'contacts';
    case 'timeEntry':
      return 'timeEntries';
    default:
      return null;
  }
}

/** Consecutive items of a plan as one JSON array, and the position of its first item. */
export interface PlanChunk {
  from: number;
  items: string;
}

/** The JSON text of a plan's items stored per statement: at most about this many characters (or one item). */
const PLAN_CHUNK_CHARS = 1_000_000;

/** A plan's items as JSON arrays of about PLAN_CHUNK_CHARS each, in order. */
export function planChunks(items: readonly PlanItem[]): PlanChunk[] {
  const chunks: PlanChunk[] = [];
  let parts: string[] = [];
  let length = 0;
  let from = 0;
  items.forEach((item, index) => {
    const json = JSON.stringify(item);
    if (parts.length > 0 && length + json.length > PLAN_CHUNK_CHARS) {
      chunks.push({ from, items: `[${parts.join(',')}]` });
      parts = [];
      length = 0;
      from = index;
    }
    parts.push(json);
    length += json.length + 1;
  });
  if (parts.length > 0) chunks.push({ from, items: `[${parts.join(',')}]` });
  return chunks;
}

/**
 * A file read into a plan, in the shape the api takes it back from the thread that read it
 * (import-file.ts): per item only what the preview and the quota checks need, and the plan itself as JSON
 * text, so that the event loop never copies tens of thousands of items into objects.
 */
export interface ReadFile {
  source: ImportSource;
  total: number;
  /** Each item's key, in plan order. */
  keys: string[];
  /** For each quota the items count against, their positions in the plan. */
  quotaItems: Partial<Record<ImportQuota, number[]>>;
  /** The plan's clients: position and name. */
  clients: Array<{ at: number; name: string }>;
  counts: ImportCounts;
  skippedRows: number;
  problems: ImportProblem[];
  moreProblems: number;
  plan: PlanChunk[];
}

export function readFileOf(plan: ImportPlan): ReadFile {
  const quotaItems: Partial<Record<ImportQuota, number[]>> = {};
  const clients: ReadFile['clients'] = [];
  plan.items.forEach((item, at) => {
    const quota = quotaOf(item);
    if (quota) (quotaItems[quota] ??= []).push(at);
    if (item.type === 'client') clients.push({ at, name: item.name });
  });
  return {
    source: plan.source,
    total: plan.items.length,
    keys: plan.items.map((item) => item.key),
    quotaItems,
    clients,
    counts: countItems(plan.items),
    skippedRows: plan.skippedRows,
    ...shownProblems(plan.problems),
    plan: planChunks(plan.items),
  };
}

/** The problems a preview or job lists, and how many more there were. */
export function shownProblems(problems: readonly ImportProblem[]): { problems: ImportProblem[]; moreProblems: number } {
  return { problems: problems.slice(0, IMPORT_PROBLEMS_SHOWN_MAX), moreProblems: Math.max(0, problems.length - IMPORT_PROBLEMS_SHOWN_MAX) };
}

/** A short stable key from the parts that identify a source row. */
export const hashKey = (...parts: ReadonlyArray<string | number>) => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);

/** The key of a client by its name: the same name (any case) is the same client in every file of a source. */
export const clientKeyOf = (source: ImportSource, name: string) => `${source}:client:${name.trim().toLowerCase()}`;

/** Text a column can hold: no NUL characters (Postgres refuses them), trimmed to `max`. */
export function cleanText(value: string, max: number): string {
  const text = value.replace(/\u0000/g, '');
  return text.length <= max ? text : text.slice(0, max);
}

export const cleanTitle = (value: string) => cleanText(value.trim(), TASK_TITLE_MAX);
export const cleanDescription = (value: string | null) => {
  const text = value === null ? '' : cleanText(value.trim(), TASK_DESCRIPTION_MAX);
  return text === '' ? null : text;
};
export const cleanClientName = (value: string) => cleanText(value.trim(), CLIENT_NAME_MAX);

/** A new task's fields before a source fills them in. */
export const blankTask = (title: string): PlannedTask => ({
  title,
  description: null,
  priority: 'medium',
  status: 'todo',
  dueDate: null,
  dueTime: null,
  estimatedTime: null,
  isCompleted: false,
  isBacklog: false,
  isArchived: false,
  documentLinks: [],
  isRecurring: false,
  recurringType: null,
  recurringInterval: 1,
  lastRecurrenceDate: null,
  isDelegated: false,
  delegationNotes: null,
  sortOrder: 0,
  reminders: [],
  completedAt: null,
  archivedAt: null,
  createdAt: null,
});

/** Collects the problems of a file by row. */
export class Problems {
  readonly list: ImportProblem[] = [];
  add(row: number, message: string) {
    this.list.push({ row, message });
  }
}
