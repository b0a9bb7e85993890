import { z } from 'zod';
import { text } from '../common';
import { requiredText } from '../fields';
import { REMINDERS_PER_TASK_MAX, reminderSpecSchema } from '../notifications/reminders';
import { DEFAULT_PRIORITY } from '../tasks/priority';
import { prioritySchema } from '../tasks/priority.schema';
import { DEFAULT_RECURRING_INTERVAL, recurringIntervalSchema, recurringTypeSchema } from '../tasks/recurrence';
import { ESTIMATED_TIME_MAX, RECURRING_TYPE_REQUIRED, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX, type TaskCreateInput } from '../tasks/tasks.schemas';
import { calendarDateSchema, timeOfDaySchema } from '../time/time.schemas';

export const AI_INPUT_MAX = 2_000;
export const AI_CLIENT_NAME_MAX = 100;
export const AI_MAX_CLIENTS = 500;
export const AI_MAX_TIME_INCREMENTS = 100;

/** The natural-language text: trimmed, non-blank, at most 2,000 characters. */
export const aiInputSchema = requiredText(AI_INPUT_MAX, 'Describe your task first');

/**
 * POST /api/ai/structure-task: the text only. The api reads the user's own clients, aliases, time
 * increments and habits itself; lists in the body are refused (400), not silently discarded.
 */
export const structureTaskBodySchema = z.strictObject({ input: aiInputSchema });
export type StructureTaskBody = z.infer<typeof structureTaskBodySchema>;

/**
 * The structured task (spec §3 plus DECISIONS 17): the worker's job result and the api's answer to
 * POST /api/ai/structure-task. Also the schema model output is parsed with: it has no transforms, so
 * `z.toJSONSchema` can describe it to a model. `clientName` is one of the user's clients or null;
 * `dueDate`/`dueTime` are on the user's wall clock; `estimatedTime` is like '30min' or '2h'; `reminders` are
 * the reminders the text asked for (DECISIONS 29), none when it asked for none (the user's defaults apply).
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
    reminders: z.array(reminderSpecSchema).max(REMINDERS_PER_TASK_MAX),
  })
  .refine((task) => !task.isRecurring || task.recurringType !== null, {
    message: RECURRING_TYPE_REQUIRED,
    path: ['recurringType'],
  });
export type StructuredTask = z.infer<typeof structuredTaskSchema>;

/**
 * The answer of POST /api/ai/structure-task: the structured task, the id of its client among the
 * user's clients (resolved once, by @daybook/nl), and who read it: the model, or the rules (no model
 * configured, or the model failed, timed out or answered nonsense).
 */
/** Who read a text: a model, or the rules (no model configured, or its answer was not used). */
export const STRUCTURE_READERS = ['model', 'rules'] as const;
export const structureReaderSchema = z.enum(STRUCTURE_READERS);
export type StructureReader = z.infer<typeof structureReaderSchema>;

export const structureTaskAnswerSchema = z.object({
  task: structuredTaskSchema,
  clientId: z.uuid().nullable(),
  readBy: structureReaderSchema,
});
export type StructureTaskAnswer = z.infer<typeof structureTaskAnswerSchema>;

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
  reminders: [],
});

/**
 * The task a structured text creates (spec §3): an empty description is none, a time only with a date,
 * a recurrence type only when recurring; the client is the caller's match of `clientName` to the user's
 * own clients (or none). Reminders only when the text asked for some: without them the api gives the task
 * the user's default reminders (DECISIONS 29).
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
  ...(structured.reminders.length > 0 ? { reminders: structured.reminders } : {}),
});
