import { z } from 'zod';
import { idSchema, isoInstantSchema, text } from '../common';
import { timezoneSchema } from '../users/users.schemas';
import { AI_CLIENT_NAME_MAX, AI_MAX_CLIENTS, AI_MAX_TIME_INCREMENTS, aiInputSchema, structuredTaskSchema, structureReaderSchema } from '../ai/ai.schemas';
import { ESTIMATED_TIME_MAX } from '../tasks/tasks.schemas';
import { CLIENT_ALIASES_MAX } from '../clients/clients.schemas';
import { ESTIMATE_HABITS_MAX, estimateHabitSchema } from '../capture/capture.schemas';
import { channelTestResultSchema } from '../notifications/channels';

/**
 * The queue contract (DECISIONS 25, docs/development.md convention 8): every background job is one entry of
 * `JOBS` below (payload and result schemas, BullMQ options) and one handler in the ai-worker
 * (`services/ai-worker/src/jobs.ts`; `run-job.ts` there checks both sides). With REDIS_URL the api
 * sends it through BullMQ (one queue per job, named like the job) to the ai-worker; without, the api
 * calls the same handler in its own process.
 */

/** The BullMQ queue and job name of natural-language structuring. */
export const STRUCTURE_TASK_QUEUE = 'structure-task';
export const STRUCTURE_TASK_JOB = 'structure-task';

/**
 * Options of every structure-task job (docs/development.md convention 8): a second attempt after a short pause when the
 * worker fails (a crash mid-job is caught by BullMQ's stalled-job check instead); finished jobs are kept
 * for a while so that a waiter that subscribes late still reads the result, then removed.
 * Plain data, assignable to BullMQ's `JobsOptions` (shared has no BullMQ dependency).
 */
export const STRUCTURE_TASK_JOB_OPTIONS = {
  attempts: 2,
  backoff: { type: 'fixed', delay: 250 },
  removeOnComplete: { age: 10 * 60, count: 1_000 },
  removeOnFail: { age: 60 * 60, count: 1_000 },
};

/** Job data: everything the worker needs, nothing secret, no ids. */
export const structureTaskJobDataSchema = z.object({
  input: aiInputSchema,
  /** The moment the user submitted, UTC ISO: relative dates ('tomorrow') are read from it. */
  now: isoInstantSchema,
  /** The user's timezone (DECISIONS 1). */
  timezone: timezoneSchema,
  /** The user's clients: each name with the other names the user calls it by (DECISIONS 28). */
  clients: z
    .array(z.object({ name: text(AI_CLIENT_NAME_MAX), aliases: z.array(text(AI_CLIENT_NAME_MAX)).max(CLIENT_ALIASES_MAX).default([]) }))
    .max(AI_MAX_CLIENTS),
  /** The user's time increments. */
  timeIncrements: z
    .array(z.object({ label: text(ESTIMATED_TIME_MAX), value: text(ESTIMATED_TIME_MAX) }))
    .max(AI_MAX_TIME_INCREMENTS),
  /** The user's usual estimates by kind of work (DECISIONS 28). */
  habits: z.array(estimateHabitSchema).max(ESTIMATE_HABITS_MAX).default([]),
});
export type StructureTaskJobData = z.output<typeof structureTaskJobDataSchema>;
export type StructureTaskJobInput = z.input<typeof structureTaskJobDataSchema>;

/**
 * Job result: the structured task (its `clientName` one of the job's client names, canonical, or null)
 * and who read it: the model, or the rules (the rules provider, or the fallback when the model failed).
 */
export const structureTaskJobResultSchema = z.object({ task: structuredTaskSchema, readBy: structureReaderSchema });
export type StructureTaskJobResult = z.infer<typeof structureTaskJobResultSchema>;

/**
 * Delivering one scheduled reminder or digest (DECISIONS 29). The row in PostgreSQL is the truth: the job
 * only says "look at it now"; the handler claims the row, so a second job for it (a second worker, a
 * sweep after a restart) finds nothing to do. The job id is chosen by the api (`reminderJobId`), so the
 * same reminder is queued once. Retries with backoff cover a handler that throws (the database is away);
 * a channel that fails is retried by the row itself (`retryAt`).
 */
export const DELIVER_REMINDER_JOB = 'deliver-reminder';
export const DELIVER_REMINDER_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: true,
};
export const deliverReminderJobDataSchema = z.object({ reminderId: idSchema });
/** What the handler did: delivered it, found nothing to do (not due, taken, moved or cancelled), or left it for a retry. */
export const deliverReminderJobResultSchema = z.object({ outcome: z.enum(['sent', 'failed', 'retry', 'nothing']) });
export type DeliverReminderJobResult = z.infer<typeof deliverReminderJobResultSchema>;
/** A BullMQ job id per reminder and attempt (BullMQ ids may not hold ':'). */
export const reminderJobId = (reminderId: string, attempt: number) => `reminder-${reminderId}-${attempt}`;

/** "Send test" on a channel: the api waits for the answer. */
export const TEST_CHANNEL_JOB = 'test-channel';
export const TEST_CHANNEL_JOB_OPTIONS = { attempts: 1, removeOnComplete: { age: 10 * 60, count: 1_000 }, removeOnFail: { age: 60 * 60, count: 1_000 } };
export const testChannelJobDataSchema = z.object({ userId: idSchema, channelId: idSchema });

/** Every job, by name: its payload and result schemas and its BullMQ options. A new job is one entry here. */
export const JOBS = {
  [STRUCTURE_TASK_JOB]: { payload: structureTaskJobDataSchema, result: structureTaskJobResultSchema, options: STRUCTURE_TASK_JOB_OPTIONS },
  [DELIVER_REMINDER_JOB]: { payload: deliverReminderJobDataSchema, result: deliverReminderJobResultSchema, options: DELIVER_REMINDER_JOB_OPTIONS },
  [TEST_CHANNEL_JOB]: { payload: testChannelJobDataSchema, result: channelTestResultSchema, options: TEST_CHANNEL_JOB_OPTIONS },
} as const;

export type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];
export type JobPayload<N extends JobName> = z.output<(typeof JOBS)[N]['payload']>;
export type JobResult<N extends JobName> = z.output<(typeof JOBS)[N]['result']>;

/** A job's result checked against its schema (throws a ZodError). */
export const parseJobResult = <N extends JobName>(name: N, result: unknown): JobResult<N> => JOBS[name].result.parse(result) as JobResult<N>;
