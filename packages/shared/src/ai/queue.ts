import { z } from 'zod';
import { isoInstantSchema, text } from '../common';
import { timezoneSchema } from '../users/users.schemas';
import { AI_CLIENT_NAME_MAX, AI_MAX_CLIENTS, AI_MAX_TIME_INCREMENTS, aiInputSchema, structuredTaskSchema } from './ai.schemas';
import { ESTIMATED_TIME_MAX } from '../tasks/tasks.schemas';

/** The BullMQ queue and job name of natural-language structuring (ARCHITECTURE §3.8). */
export const STRUCTURE_TASK_QUEUE = 'structure-task';
export const STRUCTURE_TASK_JOB = 'structure-task';

/**
 * Options of every structure-task job (ARCHITECTURE §3.8): a second attempt after a short pause when the
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
  /** The user's client names. */
  clients: z.array(text(AI_CLIENT_NAME_MAX)).max(AI_MAX_CLIENTS),
  /** The user's time increments. */
  timeIncrements: z
    .array(z.object({ label: text(ESTIMATED_TIME_MAX), value: text(ESTIMATED_TIME_MAX) }))
    .max(AI_MAX_TIME_INCREMENTS),
});
export type StructureTaskJobData = z.infer<typeof structureTaskJobDataSchema>;

/** Job result: the structured task. */
export const structureTaskJobResultSchema = structuredTaskSchema;
export type StructureTaskJobResult = z.infer<typeof structureTaskJobResultSchema>;
