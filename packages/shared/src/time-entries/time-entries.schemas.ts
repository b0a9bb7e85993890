import { z } from 'zod';
import { idSchema, isoInstantSchema, text } from '../common';
import { nullableIdSchema, pageQuerySchema, pageSchema } from '../fields';
import { DATE_RANGE_MESSAGE, isDateInRange } from '../time/calendar-date';

/**
 * Time tracking (DECISIONS 31): a timer per user on a task, and time entries added, edited and deleted
 * by hand. Instants are UTC ISO strings (to the millisecond); durations are whole seconds.
 */

export const TIME_ENTRY_NOTE_MAX = 500;
/**
 * The longest one entry may be. A manual entry past it is refused; a timer left running longer ends at
 * its start plus this when stopped (it was forgotten). It also bounds the search for overlapping entries.
 */
export const TIME_ENTRY_MAX_SECONDS = 24 * 60 * 60;
export const TIME_ENTRY_TOO_LONG = 'An entry can be at most 24 hours long';
export const TIME_ENTRY_ENDS_BEFORE_START = 'The end must be after the start';
/** An answer lists at most this many of the entries an entry overlaps. */
export const TIME_ENTRY_OVERLAPS_MAX = 10;
/** Entries per list page (DECISIONS 22). */
export const TIME_ENTRY_PAGE_DEFAULT = 100;
export const TIME_ENTRY_PAGE_MAX = 500;
/** GET /api/time-entries?from&to: the longest period one list covers. */
export const TIME_ENTRY_PERIOD_MAX_DAYS = 366;
/** What PATCH and DELETE answer (409) for an entry a billing period holds. */
export const TIME_ENTRY_BILLED_MESSAGE = 'This entry has been billed: it cannot be changed or deleted.';

/** An instant whose date lies in the range DECISIONS 23 allows. */
export const entryInstantSchema = isoInstantSchema.refine((value) => {
  const ms = Date.parse(value);
  return Number.isFinite(ms) && isDateInRange(new Date(ms).toISOString().slice(0, 10));
}, DATE_RANGE_MESSAGE);

const noteSchema = z.string({ message: 'Note must be text' }).trim().pipe(text(TIME_ENTRY_NOTE_MAX));

const durationSecondsSchema = z
  .number({ message: 'Duration must be a number of seconds' })
  .int('Duration must be a whole number of seconds')
  .min(1, 'Duration must be at least 1 second')
  .max(TIME_ENTRY_MAX_SECONDS, TIME_ENTRY_TOO_LONG);

const billableSchema = z.boolean({ message: 'Billable must be true or false' });

/** Seconds between two instants (fractions of a second kept). */
export const secondsBetween = (startedAt: string, endedAt: string) => (Date.parse(endedAt) - Date.parse(startedAt)) / 1000;

/**
 * POST /api/time-entries: a manual entry, from its start and its end or its duration. Without a taskId it
 * is an entry for a client (or for nothing). `clientId` absent: the task's client; `billable` absent:
 * true when that client is billable.
 */
export const timeEntryCreateBodySchema = z
  .object({
    taskId: nullableIdSchema.default(null),
    clientId: nullableIdSchema.optional(),
    startedAt: entryInstantSchema,
    endedAt: entryInstantSchema.optional(),
    durationSeconds: durationSecondsSchema.optional(),
    note: noteSchema.default(''),
    billable: billableSchema.optional(),
  })
  .refine((body) => (body.endedAt === undefined) !== (body.durationSeconds === undefined), {
    message: 'Give the end or the duration of the entry',
    path: ['endedAt'],
    abort: true,
  })
  .refine((body) => body.endedAt === undefined || secondsBetween(body.startedAt, body.endedAt) > 0, { message: TIME_ENTRY_ENDS_BEFORE_START, path: ['endedAt'], abort: true })
  .refine((body) => body.endedAt === undefined || secondsBetween(body.startedAt, body.endedAt) <= TIME_ENTRY_MAX_SECONDS, { message: TIME_ENTRY_TOO_LONG, path: ['endedAt'] })
  .transform(({ durationSeconds, ...body }) => ({
    ...body,
    endedAt: body.endedAt ?? new Date(Date.parse(body.startedAt) + durationSeconds! * 1000).toISOString(),
  }));
export type TimeEntryCreateBody = z.output<typeof timeEntryCreateBodySchema>;
export type TimeEntryCreateInput = z.input<typeof timeEntryCreateBodySchema>;

/**
 * PATCH /api/time-entries/{id}: the fields given change. A new task brings its client unless `clientId`
 * is given too. The end or the duration (from the start, new or stored) may be given, not both; a
 * running entry's end comes only from stopping its timer.
 */
export const timeEntryUpdateBodySchema = z
  .object({
    taskId: nullableIdSchema,
    clientId: nullableIdSchema,
    startedAt: entryInstantSchema,
    endedAt: entryInstantSchema,
    durationSeconds: durationSecondsSchema,
    note: noteSchema,
    billable: billableSchema,
  })
  .partial()
  .refine((body) => body.endedAt === undefined || body.durationSeconds === undefined, { message: 'Give the end or the duration, not both', path: ['durationSeconds'] });
export type TimeEntryUpdateBody = z.output<typeof timeEntryUpdateBodySchema>;
export type TimeEntryUpdateInput = z.input<typeof timeEntryUpdateBodySchema>;

/** GET /api/tasks/{id}/time-entries?limit&cursor: the task's entries, latest first. */
export const timeEntryPageQuerySchema = pageQuerySchema(TIME_ENTRY_PAGE_DEFAULT, TIME_ENTRY_PAGE_MAX);

/**
 * GET /api/time-entries?from&to&clientId&limit&cursor: the entries that started in `[from, to)`, latest
 * first, optionally of one client; at most TIME_ENTRY_PERIOD_MAX_DAYS long.
 */
export const timeEntryListQuerySchema = timeEntryPageQuerySchema
  .extend({ from: entryInstantSchema, to: entryInstantSchema, clientId: idSchema.optional() })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), { message: '`to` must be after `from`', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= TIME_ENTRY_PERIOD_MAX_DAYS * 86_400_000, {
    message: `The period must be at most ${TIME_ENTRY_PERIOD_MAX_DAYS} days`,
    path: ['to'],
  });
export type TimeEntryListQuery = z.infer<typeof timeEntryListQuerySchema>;

/** POST /api/timer: starts the timer on a task. */
export const timerStartBodySchema = z.object({ taskId: idSchema });
export type TimerStartBody = z.infer<typeof timerStartBodySchema>;

/**
 * POST /api/timer/stop. With `entryId`, only that entry is stopped: a device showing a timer that another
 * device has meanwhile stopped (or replaced) stops nothing else.
 */
export const timerStopBodySchema = z.object({ entryId: idSchema.optional() });
export type TimerStopBody = z.infer<typeof timerStopBodySchema>;

/**
 * A change made offline carries the instant it was made (set by the service worker when it queues the
 * change): the timer starts or stops then, not when the change reaches the api.
 */
export const OFFLINE_MADE_AT_HEADER = 'x-daybook-made-at';

// ---------------------------------------------------------------------------------------------
// Answers

export const timeEntrySchema = z.object({
  id: idSchema,
  taskId: idSchema.nullable(),
  /** The task's title, for lists and the running timer. */
  taskTitle: z.string().nullable(),
  clientId: idSchema.nullable(),
  startedAt: isoInstantSchema,
  /** Null while the timer runs. */
  endedAt: isoInstantSchema.nullable(),
  /** Whole seconds from start to end; null while the timer runs. */
  durationSeconds: z.number().int().nullable(),
  note: z.string(),
  billable: z.boolean(),
  /** Set when the entry has been billed: it can no longer be changed or deleted. */
  billingPeriodId: idSchema.nullable(),
  /** Other entries of the user whose time overlaps this one's (allowed, flagged), at most TIME_ENTRY_OVERLAPS_MAX. */
  overlaps: z.array(idSchema),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryPageSchema = pageSchema(timeEntrySchema);
export type TimeEntryPage = z.infer<typeof timeEntryPageSchema>;

/**
 * GET /api/timer, POST /api/timer and POST /api/timer/stop: the running entry (or null) and the entry
 * this call stopped (the previous timer when starting another, the timer when stopping; else null).
 */
export const timerStateSchema = z.object({ running: timeEntrySchema.nullable(), stopped: timeEntrySchema.nullable() });
export type TimerState = z.infer<typeof timerStateSchema>;
