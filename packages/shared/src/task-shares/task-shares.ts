import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { nullableText, requiredText } from '../fields';
import { calendarDateSchema, dateInRangeSchema, timeOfDaySchema } from '../time/time.schemas';
import { dueTimeInputSchema } from '../tasks/tasks.schemas';

/**
 * Delegation that closes the loop (DECISIONS 33): the owner of a delegated task shares it with its
 * contact by a private link (`/share/<token>`). The token is shown once and stored as a hash; the link
 * expires, can be revoked, and ends for good when the task is no longer delegated to that contact, is
 * archived or deleted (the owner can then make a new one). The signed-out page shows the task's title, due date and the notes meant for the
 * contact, and lets the contact do three things: mark it done, propose a new date, leave a comment.
 */

/** The expiry choices the task dialog offers (days); the api takes any whole number of days up to the maximum. */
export const TASK_SHARE_EXPIRY_CHOICES = [7, 14, 30] as const;
export const TASK_SHARE_EXPIRY_DEFAULT_DAYS = 14;
export const TASK_SHARE_EXPIRY_MAX_DAYS = 30;
/** Live links per task: one per device or message is plenty. */
export const TASK_SHARES_PER_TASK_MAX = 5;
/** Responses (done, proposals, comments) one link takes: a conversation, not a chat room. */
export const SHARE_RESPONSES_PER_LINK_MAX = 50;
/** A comment or a proposal's message. */
export const SHARE_TEXT_MAX = 1_000;
/** The responses the owner's task dialog lists, newest first. */
export const TASK_SHARE_RESPONSES_LIST_MAX = 100;

/** 32 random bytes as base64url: what a link's token looks like, before any lookup. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The web page of a link. */
export const sharePagePath = (token: string) => `/share/${token}`;

export const TASK_SHARE_RESPONSE_KINDS = ['done', 'proposal', 'comment'] as const;
export type TaskShareResponseKind = (typeof TASK_SHARE_RESPONSE_KINDS)[number];

/** POST /api/tasks/:id/shares */
export const taskShareCreateBodySchema = z.strictObject({
  expiresInDays: z
    .number({ message: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(TASK_SHARE_EXPIRY_MAX_DAYS, `Expiry must be at most ${TASK_SHARE_EXPIRY_MAX_DAYS} days`)
    .default(TASK_SHARE_EXPIRY_DEFAULT_DAYS),
});
export type TaskShareCreateBody = z.infer<typeof taskShareCreateBodySchema>;
export type TaskShareCreateInput = z.input<typeof taskShareCreateBodySchema>;

/**
 * Why a link stopped before it expired. It is recorded by the change that ends it, and an ended link never
 * works again: delegating the task to the same contact again or unarchiving it does not bring it back.
 */
export const TASK_SHARE_END_REASONS = ['revoked', 'undelegated', 'reassigned', 'archived'] as const;
export type TaskShareEndReason = (typeof TASK_SHARE_END_REASONS)[number];
/** The links the owner's list shows: the live ones first, then the latest that ended or expired. */
export const TASK_SHARES_LISTED_MAX = 20;

/** A link as the owner sees it: never its token, only its last characters to tell links apart. */
export const taskShareSchema = z.object({
  id: idSchema,
  contactId: idSchema,
  contactName: z.string(),
  /** `…` and the token's last four characters. */
  hint: z.string(),
  createdAt: isoInstantSchema,
  expiresAt: isoInstantSchema,
  lastOpenedAt: isoInstantSchema.nullable(),
  /** Whether the link works now (not ended, not expired, its task still delegated to the contact). */
  isLive: z.boolean(),
  /** When and why it ended; null while it works or when it only expired. */
  endedAt: isoInstantSchema.nullable(),
  endReason: z.enum(TASK_SHARE_END_REASONS).nullable(),
});
export type TaskShare = z.infer<typeof taskShareSchema>;

/** The answer to POST /api/tasks/:id/shares: the only time the token (and so the link) is shown. */
export const createdTaskShareSchema = z.object({ share: taskShareSchema, token: z.string(), path: z.string() });
export type CreatedTaskShare = z.infer<typeof createdTaskShareSchema>;

/** What the contact sent, as the owner sees it on the task. */
export const taskShareResponseSchema = z.object({
  id: idSchema,
  shareId: idSchema,
  contactName: z.string(),
  kind: z.enum(TASK_SHARE_RESPONSE_KINDS),
  /** A proposal's date and time (in the owner's timezone, like the task's due date). */
  proposedDate: calendarDateSchema.nullable(),
  proposedTime: timeOfDaySchema.nullable(),
  /** A comment, or a proposal's message. */
  text: z.string().nullable(),
  createdAt: isoInstantSchema,
  /** When the owner accepted the proposed date. */
  acceptedAt: isoInstantSchema.nullable(),
});
export type TaskShareResponse = z.infer<typeof taskShareResponseSchema>;

/**
 * GET /api/share-answers: the owner's delegated tasks (not archived) that their contact answered through a
 * link, latest answer first, each with how many answers it has and when the latest came (a task card's
 * "Answered" sign). Answers through a link to an earlier contact of the task do not count.
 */
export const shareAnswersSchema = z.array(z.object({ taskId: idSchema, count: z.number().int().min(1), lastAt: isoInstantSchema }));
export type ShareAnswers = z.infer<typeof shareAnswersSchema>;
export type ShareAnswer = ShareAnswers[number];
/** The tasks GET /api/share-answers lists at most. */
export const SHARE_ANSWERS_LIST_MAX = 500;

/** The signed-out page's view of the task: nothing but what the contact needs. */
export const sharedTaskSchema = z.object({
  title: z.string(),
  dueDate: calendarDateSchema.nullable(),
  dueTime: timeOfDaySchema.nullable(),
  /** The task's delegation notes: what the owner wrote for the contact. */
  notes: z.string().nullable(),
  isCompleted: z.boolean(),
  /** When the link stops working. */
  expiresAt: isoInstantSchema,
  /** What was sent through this link, oldest first. */
  responses: z.array(taskShareResponseSchema.pick({ kind: true, proposedDate: true, proposedTime: true, text: true, createdAt: true })),
  /** Whether the link still takes responses (SHARE_RESPONSES_PER_LINK_MAX). */
  canRespond: z.boolean(),
});
export type SharedTask = z.infer<typeof sharedTaskSchema>;
export type SharedTaskResponse = SharedTask['responses'][number];

/** POST /api/shares/:token/done: no fields. */
export const shareDoneBodySchema = z.strictObject({});

/** POST /api/shares/:token/proposals */
export const shareProposalBodySchema = z.strictObject({
  dueDate: z.string({ message: 'Choose a date' }).trim().min(1, 'Choose a date').pipe(dateInRangeSchema),
  dueTime: dueTimeInputSchema.optional(),
  message: nullableText(SHARE_TEXT_MAX).optional(),
});
export type ShareProposalBody = z.infer<typeof shareProposalBodySchema>;
export type ShareProposalInput = z.input<typeof shareProposalBodySchema>;

/** POST /api/shares/:token/comments */
export const shareCommentBodySchema = z.strictObject({ text: requiredText(SHARE_TEXT_MAX, 'Write a comment') });
export type ShareCommentBody = z.infer<typeof shareCommentBodySchema>;

/** Route params of one link or one response of a task. */
export const taskShareParamsSchema = z.object({ id: idSchema, shareId: idSchema });
export const taskShareResponseParamsSchema = z.object({ id: idSchema, responseId: idSchema });

/** Refusals the contact's page shows as they are. */
export const SHARE_PROPOSAL_PAST = 'Propose a date from today on';
export const SHARE_TASK_DONE = 'This task is done already';
export const SHARE_RESPONSES_FULL = `This link has taken its ${SHARE_RESPONSES_PER_LINK_MAX} responses. Ask for a new link.`;
