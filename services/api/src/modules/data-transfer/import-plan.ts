import { createHash } from 'node:crypto';
import {
  CLIENT_NAME_MAX,
  emptyImportCounts,
  IMPORT_PROBLEMS_SHOWN_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  type BillingSettings,
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
        comments: Array<{ content: string; createdAt: string | null }>;
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
