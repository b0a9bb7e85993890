import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { calendarDateSchema } from '../time/time.schemas';

/** What the recent activity of a client page names: at most this many events, newest first. */
export const CLIENT_ACTIVITY_MAX = 15;

export const CLIENT_ACTIVITY_KINDS = ['task-created', 'task-completed', 'comment', 'time', 'note', 'contact-response'] as const;
export const clientActivityKindSchema = z.enum(CLIENT_ACTIVITY_KINDS);
export type ClientActivityKind = z.infer<typeof clientActivityKindSchema>;

/** One thing that happened in a client's work: on a task (its id and title) or a note (no task). */
export const clientActivitySchema = z.object({
  kind: clientActivityKindSchema,
  at: isoInstantSchema,
  taskId: idSchema.nullable(),
  /** The task's title, or the note's first line. */
  title: z.string(),
  /** A comment's or a contact's words, a note's text, or the tracked seconds as text; at most 200 characters. */
  detail: z.string().nullable(),
});
export type ClientActivity = z.infer<typeof clientActivitySchema>;

/**
 * GET /api/clients/{id}/overview (DECISIONS 32): the figures at the top of a client page. The week is the
 * calendar week (Sunday to Saturday) around today in the user's zone; `estimatedMinutes` sums the estimates
 * of the client's tasks due in it, `trackedSeconds` the time tracked on the client's work that started in it
 * (a running timer counts up to now).
 */
export const clientOverviewSchema = z.object({
  clientId: idSchema,
  openTasks: z.number().int().min(0),
  week: z.object({
    firstDate: calendarDateSchema,
    lastDate: calendarDateSchema,
    estimatedMinutes: z.number().int().min(0),
    trackedSeconds: z.number().int().min(0),
  }),
  activity: z.array(clientActivitySchema).max(CLIENT_ACTIVITY_MAX),
});
export type ClientOverview = z.infer<typeof clientOverviewSchema>;
