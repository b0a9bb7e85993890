import { z } from 'zod';
import { idSchema, text } from '../common';
import { requiredText } from '../fields';
import { CLIENT_NAME_MAX, clientSchema } from '../clients/clients.schemas';
import { parseEstimateMinutes } from '../estimates/estimate';
import { ESTIMATED_TIME_MAX, TASK_TITLE_MAX, taskCreateBodySchema, taskSchema } from '../tasks/tasks.schemas';

/**
 * Task capture (DECISIONS 26–28): several tasks from one utterance saved together, and the corrections
 * that teach the structurer a user's names for clients and usual estimates.
 */

/** Most tasks one utterance may create at once. */
export const TASK_BATCH_MAX = 20;

/** POST /api/tasks/batch: every task is created, or none (one transaction). */
export const taskBatchCreateBodySchema = z.object({
  tasks: z
    .array(taskCreateBodySchema)
    .min(1, 'At least one task is required')
    .max(TASK_BATCH_MAX, `At most ${TASK_BATCH_MAX} tasks at once`),
});
export type TaskBatchCreateBody = z.output<typeof taskBatchCreateBodySchema>;
export type TaskBatchCreateInput = z.input<typeof taskBatchCreateBodySchema>;

/** The answer of POST /api/tasks/batch (201): the created tasks in the order sent. */
export const taskBatchCreatedSchema = z.object({ tasks: z.array(taskSchema) });
export type TaskBatchCreated = z.infer<typeof taskBatchCreatedSchema>;

/** Most corrections one capture may report. */
export const CAPTURE_CORRECTIONS_MAX = TASK_BATCH_MAX;

/** An estimate a user chose: a duration the shared estimate rules read (`30min`, `1.5h`, `1d`, `2 hours`). */
const learnedEstimateSchema = requiredText(ESTIMATED_TIME_MAX, 'Estimate is required').refine(
  (estimate) => (parseEstimateMinutes(estimate) ?? 0) > 0,
  'Estimate must be a duration such as 30min, 2h or 1d',
);

/**
 * POST /api/capture/corrections: what the user changed in the preview before saving. A client alias
 * is the text the user meant as that client (learned into the client's aliases); an estimate is the
 * one the user chose for a task of that title (learned as the usual estimate of its kind of work).
 */
export const captureCorrectionsBodySchema = z.object({
  clientAliases: z
    .array(z.object({ alias: requiredText(CLIENT_NAME_MAX, 'An alias must not be blank'), clientId: idSchema }))
    .max(CAPTURE_CORRECTIONS_MAX)
    .default([]),
  estimates: z
    .array(z.object({ title: requiredText(TASK_TITLE_MAX, 'Title is required'), estimatedTime: learnedEstimateSchema }))
    .max(CAPTURE_CORRECTIONS_MAX)
    .default([]),
});
export type CaptureCorrectionsBody = z.output<typeof captureCorrectionsBodySchema>;
export type CaptureCorrectionsInput = z.input<typeof captureCorrectionsBodySchema>;

/** A user's usual estimate for a kind of work (`kind` from @daybook/nl's `taskKind`). */
export const estimateHabitSchema = z.object({ kind: text(TASK_TITLE_MAX), estimatedTime: text(ESTIMATED_TIME_MAX) });
export type EstimateHabitDto = z.infer<typeof estimateHabitSchema>;

/** Most habits kept per user (the least recently used go first). */
export const ESTIMATE_HABITS_MAX = 200;

/** Why a client alias was not learned: another client already has that name or alias, or the client has its most aliases. */
export const ALIAS_SKIP_REASONS = ['taken', 'too_many'] as const;

/**
 * The answer of POST /api/capture/corrections (200): the clients whose aliases grew (as GET /api/clients
 * answers them), the habits saved, and the aliases not learned with the reason. A correction never fails
 * the capture it came from: a conflicting alias is skipped, not refused.
 */
export const captureCorrectionsResultSchema = z.object({
  clients: z.array(clientSchema),
  habits: z.array(estimateHabitSchema),
  skippedAliases: z.array(z.object({ alias: z.string(), clientId: idSchema, reason: z.enum(ALIAS_SKIP_REASONS) })),
});
export type CaptureCorrectionsResult = z.infer<typeof captureCorrectionsResultSchema>;

/**
 * GET /api/capture/context: what the browser's structurer needs beyond the clients list: the user's
 * usual estimates, and whether a model reviews proposals on the server (`POST /api/ai/structure-task`).
 */
export const captureContextSchema = z.object({
  habits: z.array(estimateHabitSchema),
  modelReview: z.boolean(),
});
export type CaptureContextDto = z.infer<typeof captureContextSchema>;
