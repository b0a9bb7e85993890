import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { billingSettingsSchema } from '../billing/billing.schemas';
import { notificationSettingsSchema } from '../notifications/reminders';
import { workingMinutesSchema } from '../planning/working-hours';
import { clientSchema } from '../clients/clients.schemas';
import { COMMENT_IMPORT_SOURCES, taskSchema } from '../tasks/tasks.schemas';
import { calendarDateSchema } from '../time/time.schemas';
import { timezoneSchema } from '../users/users.schemas';

/**
 * Import and export (DECISIONS 30): a user's data out as one JSON file (and tasks as CSV), and in from a
 * Todoist project CSV, a TickTick backup CSV or Daybook's own JSON. docs/import-export.md says what each
 * source's rows become.
 */

// ---------------------------------------------------------------------------------------------
// Limits of an uploaded file (the per-user quotas, quotas.ts, bound what it may add)

/** An uploaded file larger than this is refused (413) before it is read. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Rows (CSV) or items (Daybook JSON) one file may hold. */
export const IMPORT_ITEMS_MAX = 50_000;
/** Problems a preview lists one by one; past this it says how many more there are. */
export const IMPORT_PROBLEMS_SHOWN_MAX = 200;

export const IMPORT_SOURCES = ['todoist', 'ticktick', 'daybook'] as const;
export const importSourceSchema = z.enum(IMPORT_SOURCES, { message: 'Source must be todoist, ticktick or daybook' });
export type ImportSource = z.infer<typeof importSourceSchema>;
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  todoist: 'Todoist project (CSV)',
  ticktick: 'TickTick backup (CSV)',
  daybook: 'Daybook export (JSON)',
};

/**
 * POST /api/imports/preview and POST /api/imports: the file is the request body (text/csv, text/plain or
 * application/octet-stream); these name its source and, for a Todoist project, the project (the file's
 * name, which tells two projects' tasks apart).
 */
export const importQuerySchema = z.object({
  source: importSourceSchema,
  name: z.string().trim().max(200, 'The file name must be at most 200 characters').optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

/** A row (1-based line of the file where the record starts; 0 for the file as a whole) and what is wrong with it. */
export const importProblemSchema = z.object({ row: z.number().int().min(0), message: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** What a file holds, by kind. */
export const importCountsSchema = z.object({
  tasks: z.number().int(),
  comments: z.number().int(),
  clients: z.number().int(),
  contacts: z.number().int(),
  notePages: z.number().int(),
  notes: z.number().int(),
  dailyPlans: z.number().int(),
  timeIncrements: z.number().int(),
  timeEntries: z.number().int(),
  settings: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const emptyImportCounts = (): ImportCounts => ({
  tasks: 0,
  comments: 0,
  clients: 0,
  contacts: 0,
  notePages: 0,
  notes: 0,
  dailyPlans: 0,
  timeIncrements: 0,
  timeEntries: 0,
  settings: 0,
});

/**
 * The answer of POST /api/imports/preview; nothing is written. `counts` is what the file holds;
 * `alreadyImported` how many of its items an earlier import of the same file created (they are skipped);
 * `clientsToCreate` the clients the import adds (names no client of the user answers to yet).
 */
export const importPreviewSchema = z.object({
  source: importSourceSchema,
  counts: importCountsSchema,
  alreadyImported: z.number().int(),
  clientsToCreate: z.array(z.string()),
  /** Rows skipped entirely (and why: see `problems`). */
  skippedRows: z.number().int(),
  problems: z.array(importProblemSchema),
  /** Problems beyond IMPORT_PROBLEMS_SHOWN_MAX, not listed. */
  moreProblems: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const importStateSchema = z.enum(IMPORT_STATES);
export type ImportState = z.infer<typeof importStateSchema>;

/** An import job (POST /api/imports answers it, 202; GET /api/imports/:id follows it). */
export const importJobSchema = z.object({
  id: idSchema,
  source: importSourceSchema,
  state: importStateSchema,
  /** Items processed so far, of `total`. */
  processed: z.number().int(),
  total: z.number().int(),
  /** What the import created, by kind (so far, while it runs). */
  created: importCountsSchema,
  /** Items an earlier import had created already: skipped. */
  skipped: z.number().int(),
  problems: z.array(importProblemSchema),
  moreProblems: z.number().int(),
  /** Why a failed import stopped. */
  error: z.string().nullable(),
  createdAt: isoInstantSchema,
  finishedAt: isoInstantSchema.nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** Import ids in routes. */
export const importParamsSchema = z.object({ id: idSchema });

// ---------------------------------------------------------------------------------------------
// Daybook's export (GET /api/export/daybook.json), also the input of a 'daybook' import

export const DAYBOOK_EXPORT_FORMAT = 'daybook-export';
/** Raised when a field's meaning changes; a reader refuses versions it does not know. */
export const DAYBOOK_EXPORT_VERSION = 1;

/** A comment; `importedFrom` (the app an imported one came from) is absent from exports made before it. */
const exportedTaskCommentSchema = z.object({
  id: idSchema,
  content: z.string(),
  createdAt: isoInstantSchema,
  importedFrom: z.enum(COMMENT_IMPORT_SOURCES).nullable().default(null),
});

/**
 * A task with every field it has, its state (completed, archived) and comments. Its tracked time is not
 * kept: the time entries are, and make it again when imported.
 */
export const exportedTaskSchema = taskSchema.omit({ trackedSeconds: true }).extend({
  completedAt: isoInstantSchema.nullable(),
  archivedAt: isoInstantSchema.nullable(),
  comments: z.array(exportedTaskCommentSchema),
});
export type ExportedTask = z.infer<typeof exportedTaskSchema>;

/** A client; its rate and billable flag (DECISIONS 31) are absent from exports made before billing. */
export const exportedClientSchema = clientSchema
  .omit({ updatedAt: true })
  .extend({ hourlyRateMinor: z.number().int().nullable().default(null), billable: z.boolean().default(true) });
export type ExportedClient = z.infer<typeof exportedClientSchema>;

export const exportedContactSchema = z.object({ id: idSchema, name: z.string(), sortOrder: z.number().int(), createdAt: isoInstantSchema });
export type ExportedContact = z.infer<typeof exportedContactSchema>;

export const exportedNotePageSchema = z.object({
  id: idSchema,
  title: z.string(),
  clientId: idSchema.nullable(),
  parentPageId: idSchema.nullable(),
  sortOrder: z.number().int(),
  createdAt: isoInstantSchema,
});
export type ExportedNotePage = z.infer<typeof exportedNotePageSchema>;

export const exportedNoteSchema = z.object({
  id: idSchema,
  notePageId: idSchema,
  content: z.string(),
  clientId: idSchema.nullable(),
  sortOrder: z.number().int(),
  createdAt: isoInstantSchema,
});
export type ExportedNote = z.infer<typeof exportedNoteSchema>;

/** A day's top priorities (DECISIONS 14) and whether its review was done. */
export const exportedDailyPlanSchema = z.object({ date: calendarDateSchema, priorityTaskIds: z.array(idSchema), reviewedAt: isoInstantSchema.nullable() });
export type ExportedDailyPlan = z.infer<typeof exportedDailyPlanSchema>;

export const exportedTimeIncrementSchema = z.object({ label: z.string(), value: z.string() });
export const exportedEstimateHabitSchema = z.object({ kind: z.string(), estimatedTime: z.string() });

/** The profile's settings; never the password, sessions, role or sign-in identities. */
export const exportedProfileSchema = z.object({
  /** Informational: an import never changes the importing account's username or email. */
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  timezone: timezoneSchema,
  enableDelegation: z.boolean(),
  /** Working hours per weekday (DECISIONS 34); absent from exports made before them. */
  workingMinutes: workingMinutesSchema.optional(),
});
export type ExportedProfile = z.infer<typeof exportedProfileSchema>;

/**
 * A time entry (DECISIONS 31). `endedAt` is null for the timer running when the export was made (an import
 * leaves it out); `billingPeriodId` names the billing period that holds it in the exported account.
 * (Exports made before time tracking have no entries.)
 */
export const exportedTimeEntrySchema = z.object({
  id: idSchema,
  taskId: idSchema.nullable(),
  clientId: idSchema.nullable(),
  startedAt: isoInstantSchema,
  endedAt: isoInstantSchema.nullable(),
  note: z.string(),
  billable: z.boolean(),
  billingPeriodId: idSchema.nullable(),
  createdAt: isoInstantSchema,
});
export type ExportedTimeEntry = z.infer<typeof exportedTimeEntrySchema>;

/**
 * The whole export. Secrets never appear: no password hash, sessions, API tokens, calendar-feed secret,
 * notification channels (their configs hold tokens) or push subscriptions.
 */
export const daybookExportSchema = z.object({
  format: z.literal(DAYBOOK_EXPORT_FORMAT, { message: 'This is not a Daybook export' }),
  version: z.literal(DAYBOOK_EXPORT_VERSION, { message: `This Daybook export has a version this Daybook cannot read (it reads version ${DAYBOOK_EXPORT_VERSION})` }),
  exportedAt: isoInstantSchema,
  profile: exportedProfileSchema,
  notificationSettings: notificationSettingsSchema,
  /** Currency and default rate (DECISIONS 31); null in exports made before billing. */
  billingSettings: billingSettingsSchema.nullable().default(null),
  timeIncrements: z.array(exportedTimeIncrementSchema),
  estimateHabits: z.array(exportedEstimateHabitSchema),
  clients: z.array(exportedClientSchema),
  contacts: z.array(exportedContactSchema),
  tasks: z.array(exportedTaskSchema),
  timeEntries: z.array(exportedTimeEntrySchema),
  notePages: z.array(exportedNotePageSchema),
  notes: z.array(exportedNoteSchema),
  dailyPlans: z.array(exportedDailyPlanSchema),
});
export type DaybookExport = z.infer<typeof daybookExportSchema>;

/** The columns of GET /api/export/tasks.csv, in order. */
export const TASK_CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'client',
  'priority',
  'status',
  'dueDate',
  'dueTime',
  'estimatedTime',
  'isCompleted',
  'isBacklog',
  'isArchived',
  'isRecurring',
  'recurringType',
  'recurringInterval',
  'delegatedTo',
  'documentLinks',
  'createdAt',
  'completedAt',
] as const;
