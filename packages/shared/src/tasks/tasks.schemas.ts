import { z } from 'zod';
import { idSchema, isoInstantSchema, text } from '../common';
import { blankAsNull, nullableIdSchema, nullableText, orderedIdsSchema, pageQuerySchema, pageSchema, requiredText, sortOrderSchema } from '../fields';
import { DATE_RANGE_MESSAGE, isDateInRange, isValidCalendarDate } from '../time/calendar-date';
import { windowTouchesDateRange } from '../time/calendar-week';
import { normalizeTimeOfDay } from '../time/time-of-day';
import { calendarDateSchema, timeOfDaySchema } from '../time/time.schemas';
import { DEFAULT_PRIORITY } from './priority';
import { prioritySchema } from './priority.schema';
import { DEFAULT_RECURRING_INTERVAL, recurringIntervalSchema, recurringTypeSchema } from './recurrence';
import { reminderSpecSchema, reminderSpecsSchema } from '../notifications/reminders';
import { DEFAULT_TASK_STATUS, KANBAN_STATUSES, resolveStatusChange, stateForStatus, taskStatusSchema } from './task-status';

export const TASK_TITLE_MAX = 500;
export const TASK_DESCRIPTION_MAX = 10_000;
export const ESTIMATED_TIME_MAX = 50;
export const DOCUMENT_LINKS_MAX = 20;
export const DOCUMENT_LINK_MAX = 2_000;
export const DELEGATION_NOTES_MAX = 2_000;
export const TASK_COMMENT_MAX = 10_000;

// ---------------------------------------------------------------------------------------------
// Request fields (spec §5). Each is written once and used by the create and the update body.

const dateTimeSchema = z.iso.datetime({ offset: true, local: true });
const isDateOrDateTime = (value: string) => isValidCalendarDate(value) || dateTimeSchema.safeParse(value).success;

/**
 * A due date as sent: `YYYY-MM-DD` (a real date), or a date-time string (with an offset, converted to
 * the user's zone by the api with `resolveNewTaskDue` / `resolveDueChange`; without one, read as the
 * user's wall clock); '' or null → null. The date as written lies between 1900-01-01 and 2999-12-31
 * (DECISIONS 23); `resolveNewTaskDue` / `resolveDueChange` check it again after the conversion.
 */
export const dueDateInputSchema = z.preprocess(
  blankAsNull,
  z
    .string()
    .trim()
    .refine(isDateOrDateTime, { message: 'Due date must be a date (YYYY-MM-DD) or a date-time', abort: true })
    .refine((value) => isDateInRange(value.slice(0, 10)), DATE_RANGE_MESSAGE)
    .nullable(),
);

/** A due time `HH:mm` (24-hour; '9:30' and '09:30:00' are read as '09:30'); '' or null → null. */
export const dueTimeInputSchema = z.preprocess(
  blankAsNull,
  z
    .string()
    .refine((value) => normalizeTimeOfDay(value) !== null, 'Due time must be HH:mm (24-hour)')
    .transform((value) => normalizeTimeOfDay(value) as string)
    .nullable(),
);

/** Blank entries are dropped (spec §5), the others trimmed. */
const dropBlankLinks = (value: unknown) =>
  Array.isArray(value)
    ? value.map((link) => (typeof link === 'string' ? link.trim() : link)).filter((link) => link !== '')
    : value;

export const documentLinksSchema = z.preprocess(
  dropBlankLinks,
  z.array(z.string().pipe(text(DOCUMENT_LINK_MAX))).max(DOCUMENT_LINKS_MAX, `At most ${DOCUMENT_LINKS_MAX} document links`),
);

const recurringTypeInputSchema = z.preprocess(blankAsNull, recurringTypeSchema.nullable());

const taskFields = {
  title: requiredText(TASK_TITLE_MAX, 'Title is required'),
  description: nullableText(TASK_DESCRIPTION_MAX),
  clientId: nullableIdSchema,
  priority: prioritySchema,
  status: taskStatusSchema,
  dueDate: dueDateInputSchema,
  dueTime: dueTimeInputSchema,
  estimatedTime: nullableText(ESTIMATED_TIME_MAX),
  isCompleted: z.boolean(),
  isBacklog: z.boolean(),
  documentLinks: documentLinksSchema,
  isRecurring: z.boolean(),
  recurringType: recurringTypeInputSchema,
  recurringInterval: recurringIntervalSchema,
  isDelegated: z.boolean(),
  delegatedToId: nullableIdSchema,
  delegationNotes: nullableText(DELEGATION_NOTES_MAX),
  sortOrder: sortOrderSchema,
  /** The task's reminders (DECISIONS 29), replaced as a whole when sent. */
  reminders: reminderSpecsSchema,
};

export const RECURRING_TYPE_REQUIRED = 'Choose how often the task repeats (daily, weekdays, weekly or monthly)';

/**
 * POST /api/tasks. Every field but the title is optional and defaulted (spec §3, §9). The output's
 * status, isCompleted and isBacklog are already consistent (`resolveStatusChange`: a sent status wins).
 * `dueDate` may still be a date-time: pass `dueDate`/`dueTime` through `resolveNewTaskDue`.
 */
export const taskCreateBodySchema = z
  .object({
    ...taskFields,
    description: taskFields.description.default(null),
    clientId: taskFields.clientId.default(null),
    priority: taskFields.priority.default(DEFAULT_PRIORITY),
    status: taskFields.status.optional(),
    dueDate: taskFields.dueDate.default(null),
    // Absent (not null) when not sent, so a date-time due date can give the due time.
    dueTime: taskFields.dueTime.optional(),
    estimatedTime: taskFields.estimatedTime.default(null),
    isCompleted: taskFields.isCompleted.optional(),
    isBacklog: taskFields.isBacklog.optional(),
    documentLinks: taskFields.documentLinks.default([]),
    isRecurring: taskFields.isRecurring.default(false),
    recurringType: taskFields.recurringType.default(null),
    recurringInterval: taskFields.recurringInterval.default(DEFAULT_RECURRING_INTERVAL),
    isDelegated: taskFields.isDelegated.default(false),
    delegatedToId: taskFields.delegatedToId.default(null),
    delegationNotes: taskFields.delegationNotes.default(null),
    sortOrder: taskFields.sortOrder.default(0),
    // Absent: the user's default reminder for the task's kind of due date (`defaultReminders`).
    reminders: taskFields.reminders.optional(),
  })
  .refine((body) => !body.isRecurring || body.recurringType !== null, {
    message: RECURRING_TYPE_REQUIRED,
    path: ['recurringType'],
  })
  .transform(({ status, isCompleted, isBacklog, ...rest }) => ({
    ...rest,
    ...resolveStatusChange(stateForStatus(DEFAULT_TASK_STATUS), { status, isCompleted, isBacklog }),
  }));
export type TaskCreateBody = z.output<typeof taskCreateBodySchema>;
export type TaskCreateInput = z.input<typeof taskCreateBodySchema>;

/**
 * PATCH /api/tasks/{id}: any subset of the create fields, no defaults. The api merges it with the
 * stored task: status and flags through `resolveStatusChange`, due fields through `resolveDueChange`,
 * and it rejects `isRecurring: true` left without a recurringType.
 */
export const taskUpdateBodySchema = z.object(taskFields).partial();
export type TaskUpdateBody = z.output<typeof taskUpdateBodySchema>;
export type TaskUpdateInput = z.input<typeof taskUpdateBodySchema>;

/** PATCH /api/tasks/{id}/complete */
export const taskCompleteBodySchema = z.object({ isCompleted: z.boolean({ message: 'isCompleted must be true or false' }) });
export type TaskCompleteBody = z.infer<typeof taskCompleteBodySchema>;

/**
 * 'within': the named open tasks (a part of the active list, e.g. one client's) trade places among
 * themselves; every other task keeps its place.
 */
export const TASK_REORDER_TYPES = ['today', 'active', 'backlog', 'within'] as const;
export const taskReorderTypeSchema = z.enum(TASK_REORDER_TYPES, { message: 'Type must be today, active, backlog or within' });
export type TaskReorderType = z.infer<typeof taskReorderTypeSchema>;

/** PATCH /api/tasks/reorder: the ids in their new order; sortOrder becomes each id's index. */
export const taskReorderBodySchema = z.object({ taskIds: orderedIdsSchema(), type: taskReorderTypeSchema });
export type TaskReorderBody = z.infer<typeof taskReorderBodySchema>;

/** POST /api/tasks/reorder/today (daily review screen). */
export const taskReorderTodayBodySchema = z.object({ taskIds: orderedIdsSchema() });
export type TaskReorderTodayBody = z.infer<typeof taskReorderTodayBodySchema>;

export const CALENDAR_MAX_WINDOW_DAYS = 62;
const CALENDAR_MAX_WINDOW_MS = CALENDAR_MAX_WINDOW_DAYS * 86_400_000;

/**
 * GET /api/tasks/calendar?start&end: instants; the window `[start, end)` is at most 62 days and touches
 * the dates DECISIONS 23 allows.
 */
export const calendarQuerySchema = z
  .object({ start: isoInstantSchema, end: isoInstantSchema })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { message: 'End must be after start', path: ['end'] })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= CALENDAR_MAX_WINDOW_MS, {
    message: `The window must be at most ${CALENDAR_MAX_WINDOW_DAYS} days`,
    path: ['end'],
  })
  .refine((q) => windowTouchesDateRange(new Date(q.start), new Date(q.end)), { message: DATE_RANGE_MESSAGE, path: ['start'] });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const ARCHIVED_PAGE_DEFAULT = 50;
export const ARCHIVED_PAGE_MAX = 100;

/** GET /api/tasks/archived?limit&cursor (DECISIONS 15). The cursor is opaque, made by the api. */
export const archivedQuerySchema = pageQuerySchema(ARCHIVED_PAGE_DEFAULT, ARCHIVED_PAGE_MAX);
export type ArchivedQuery = z.infer<typeof archivedQuerySchema>;

/**
 * The live task lists (all, active, backlog, delegated, a Kanban column) load in pages (DECISIONS 22):
 * a page fills a screen or two, and the next one loads as the user scrolls; a page costs the same
 * whether the list holds fifty tasks or twenty thousand.
 */
export const TASK_PAGE_DEFAULT = 50;
export const TASK_PAGE_MAX = 200;
/** `clientId` narrows a list to one client's tasks, `open=true` to the tasks not completed (the client page). */
export const taskListQuerySchema = pageQuerySchema(TASK_PAGE_DEFAULT, TASK_PAGE_MAX).extend({
  clientId: idSchema.optional(),
  open: z.literal('true', { message: 'open must be true when given' }).optional(),
});

/**
 * GET /api/tasks/today and /monday answer one list, at most this long: the day's own tasks first, then
 * the overdue ones in list order (a user with thousands of overdue tasks gets the first of them).
 */
export const DAY_LIST_MAX = 500;
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A task as the api answers it: `dueDate` `YYYY-MM-DD` and `dueTime` `HH:mm` in the user's zone. */
export const taskSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  clientId: idSchema.nullable(),
  priority: prioritySchema,
  status: taskStatusSchema,
  dueDate: calendarDateSchema.nullable(),
  dueTime: timeOfDaySchema.nullable(),
  estimatedTime: z.string().nullable(),
  isCompleted: z.boolean(),
  isBacklog: z.boolean(),
  isArchived: z.boolean(),
  documentLinks: z.array(z.string()),
  isRecurring: z.boolean(),
  recurringType: recurringTypeSchema.nullable(),
  recurringInterval: z.number().int(),
  lastRecurrenceDate: isoInstantSchema.nullable(),
  parentTaskId: idSchema.nullable(),
  isDelegated: z.boolean(),
  delegatedToId: idSchema.nullable(),
  delegationNotes: z.string().nullable(),
  sortOrder: z.number().int(),
  reminders: z.array(reminderSpecSchema),
  /** Seconds of the task's finished time entries (DECISIONS 31); a running timer's time is not in it yet. */
  trackedSeconds: z.number().int().min(0),
  createdAt: isoInstantSchema,
  /** When it was last completed; null while open. */
  completedAt: isoInstantSchema.nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = z.array(taskSchema);

/** One page of a task list: GET /api/tasks, /active, /backlog, /delegated, /archived, /kanban/{status}. */
export const taskPageSchema = pageSchema(taskSchema);
export type TaskPage = z.infer<typeof taskPageSchema>;

export const archivedTaskPageSchema = taskPageSchema;
export type ArchivedTaskPage = TaskPage;

/**
 * GET /api/tasks/kanban: the first page of each column (DECISIONS 13, 22); backlog tasks are not on the
 * board. GET /api/tasks/kanban/{status}?cursor= gives a column's further pages.
 */
export const kanbanBoardSchema = z.object({
  todo: taskPageSchema,
  in_progress: taskPageSchema,
  review: taskPageSchema,
  completed: taskPageSchema,
});
export type KanbanBoard = z.infer<typeof kanbanBoardSchema>;
export const kanbanColumnParamsSchema = z.object({ status: z.enum(KANBAN_STATUSES, { message: 'Status must be todo, in_progress, review or completed' }) });

// ---------------------------------------------------------------------------------------------
// Task comments

export const taskCommentCreateBodySchema = z.object({ content: requiredText(TASK_COMMENT_MAX, 'Comment is required') });
export type TaskCommentCreateBody = z.infer<typeof taskCommentCreateBodySchema>;

/** The sources whose comments come in with an import (a Daybook file's comments are the user's own). */
export const COMMENT_IMPORT_SOURCES = ['todoist', 'ticktick'] as const;
export type CommentImportSource = (typeof COMMENT_IMPORT_SOURCES)[number];

/** Who wrote a comment: the user, the contact of a shared link (their comment, read-only here), or an import. */
export const taskCommentAuthorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('you') }),
  z.object({ kind: z.literal('contact'), name: z.string() }),
  z.object({ kind: z.literal('imported'), source: z.enum(COMMENT_IMPORT_SOURCES) }),
]);
export type TaskCommentAuthor = z.infer<typeof taskCommentAuthorSchema>;

/** A task's comments as listed: its newest this many, oldest first. */
export const TASK_COMMENTS_LIST_MAX = 200;

export const taskCommentSchema = z.object({
  id: idSchema,
  taskId: idSchema,
  content: z.string(),
  createdAt: isoInstantSchema,
  author: taskCommentAuthorSchema,
});
export type TaskComment = z.infer<typeof taskCommentSchema>;
export const taskCommentListSchema = z.array(taskCommentSchema);
