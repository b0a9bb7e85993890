import { z } from 'zod';
import { text } from '../common';
import { requiredText } from '../fields';
import { DEFAULT_PRIORITY, prioritySchema } from '../tasks/priority';
import { DEFAULT_RECURRING_INTERVAL, recurringIntervalSchema, recurringTypeSchema } from '../tasks/recurrence';
import { ESTIMATED_TIME_MAX, RECURRING_TYPE_REQUIRED, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX, type TaskCreateInput } from '../tasks/tasks.schemas';
import { calendarDateSchema, timeOfDaySchema } from '../time/time.schemas';

export const AI_INPUT_MAX = 2_000;
export const AI_CLIENT_NAME_MAX = 100;
export const AI_MAX_CLIENTS = 500;
export const AI_MAX_TIME_INCREMENTS = 100;

/** The natural-language text: trimmed, non-blank, at most 2,000 characters. */
export const aiInputSchema = requiredText(AI_INPUT_MAX, 'Describe your task first');

/** POST /api/ai/structure-task */
export const structureTaskBodySchema = z.object({
  input: aiInputSchema,
  /** Client names; the api may use the user's own list instead (DECISIONS 16). */
  availableClients: z.array(text(AI_CLIENT_NAME_MAX)).max(AI_MAX_CLIENTS).optional(),
  /** Time-increment labels. */
  availableTimeIncrements: z.array(text(ESTIMATED_TIME_MAX)).max(AI_MAX_TIME_INCREMENTS).optional(),
});
export type StructureTaskBody = z.infer<typeof structureTaskBodySchema>;

/**
 * The structured task (spec §3 plus DECISIONS 17): the worker's job result and the api's answer to
 * POST /api/ai/structure-task. Also the schema model output is parsed with: it has no transforms, so
 * `z.toJSONSchema` can describe it to a model. `clientName` is one of the user's clients or null;
 * `dueDate`/`dueTime` are on the user's wall clock; `estimatedTime` is like '30min' or '2h'.
 */
export const structuredTaskSchema = z
  .object({
    title: requiredText(TASK_TITLE_MAX, 'Title is required'),
    description: text(TASK_DESCRIPTION_MAX),
    clientName: text(AI_CLIENT_NAME_MAX).nullable(),
    priority: prioritySchema,
    dueDate: calendarDateSchema.nullable(),
    dueTime: timeOfDaySchema.nullable(),
    estimatedTime: text(ESTIMATED_TIME_MAX).nullable(),
    isRecurring: z.boolean(),
    recurringType: recurringTypeSchema.nullable(),
    recurringInterval: recurringIntervalSchema,
  })
  .refine((task) => !task.isRecurring || task.recurringType !== null, {
    message: RECURRING_TYPE_REQUIRED,
    path: ['recurringType'],
  });
export type StructuredTask = z.infer<typeof structuredTaskSchema>;

/** A structured task with nothing read from its text but the title: every other field at its default. */
export const titleOnlyTask = (title: string): StructuredTask => ({
  title,
  description: '',
  clientName: null,
  priority: DEFAULT_PRIORITY,
  dueDate: null,
  dueTime: null,
  estimatedTime: null,
  isRecurring: false,
  recurringType: null,
  recurringInterval: DEFAULT_RECURRING_INTERVAL,
});

/**
 * The task a structured text creates (spec §3): an empty description is none, a time only with a date,
 * a recurrence type only when recurring; the client is the caller's match of `clientName` to the user's
 * own clients (or none).
 */
export const taskFromStructured = (structured: StructuredTask, clientId: string | null): TaskCreateInput => ({
  title: structured.title,
  description: structured.description.trim() === '' ? null : structured.description,
  clientId,
  priority: structured.priority,
  status: 'todo',
  dueDate: structured.dueDate,
  dueTime: structured.dueDate ? structured.dueTime : null,
  estimatedTime: structured.estimatedTime,
  documentLinks: [],
  isRecurring: structured.isRecurring,
  recurringType: structured.isRecurring ? structured.recurringType : null,
  recurringInterval: structured.recurringInterval,
  isBacklog: false,
  isCompleted: false,
});
