import { z } from 'zod';
import {
  addDays,
  DEFAULT_PRIORITY,
  DEFAULT_RECURRING_INTERVAL,
  normalizeTimeOfDay,
  parseEstimateMinutes,
  PRIORITIES,
  RECURRING_INTERVAL_MAX,
  RECURRING_TYPES,
  REMINDERS_PER_TASK_MAX,
  reminderKey,
  reminderSpecSchema,
  resolveNewTaskDue,
  seriesInterval,
  statedEstimate,
  structuredTaskSchema,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  type ReminderSpec,
  type StructuredTask,
  type TaskDue,
  zonedDateTimeToInstant,
} from '@daybook/shared';
import type { StructureRequest } from './provider';
import { canonicalClientName, capitalizeFirst, createRuleContext } from '@daybook/nl';

/** Why a model's answer cannot be used; the worker then falls back to the rules. */
export class UnusableModelOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableModelOutputError';
  }
}

/**
 * One reminder as a model writes it (DECISIONS 29): one flat shape for the three kinds, the fields of its kind
 * filled and the others null, so that strict JSON-schema servers can constrain it.
 */
const modelReminderSchema = z
  .object({
    kind: z.enum(['before', 'on-day', 'at']).describe('before: minutes before the due time; on-day: on the due date or daysBefore days earlier at time; at: an exact instant'),
    minutes: z.number().int().nullable().describe('before: minutes before the due time (0 = at the due time), else null'),
    daysBefore: z.number().int().nullable().describe('on-day: days before the due date (0 = that day), else null'),
    time: z.string().nullable().describe('on-day: HH:mm (24 h) on the user\'s wall clock, else null'),
    at: z.string().nullable().describe('at: ISO 8601 date-time with offset, else null'),
  })
  .strict();

/**
 * The answer asked of a model: every field present, nothing else. Described to the model with
 * `z.toJSONSchema` (Ollama's `format`, OpenAI's `json_schema` response format).
 */
export const modelAnswerSchema = z
  .object({
    title: z.string().describe('Short imperative title without the date, time, priority, estimate and recurrence words'),
    description: z.string().describe('Details after the first sentence or separator, else an empty string'),
    clientName: z.string().nullable().describe('Exactly one of the listed client names (never an alias), or null'),
    priority: z.enum(PRIORITIES).describe('medium unless the text says otherwise'),
    dueDate: z.string().nullable().describe('YYYY-MM-DD on the user\'s wall clock, or null'),
    dueTime: z.string().nullable().describe('HH:mm (24 h) on the user\'s wall clock, or null'),
    estimatedTime: z.string().nullable().describe('One of the listed time increment values, or null'),
    isRecurring: z.boolean(),
    recurringType: z.enum(RECURRING_TYPES).nullable(),
    recurringInterval: z.number().int().describe('Repeat every N days/weeks/months; 1 when not recurring or weekdays'),
    reminders: z.array(modelReminderSchema).describe('Only the reminders the note asks for, else an empty list'),
  })
  .strict();

/** JSON Schema of the answer, without the keywords some servers refuse (`$schema`, integer bounds). */
export function modelAnswerJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(modelAnswerSchema) as Record<string, unknown>;
  const clean = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(clean);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === '$schema' || key === 'minimum' || key === 'maximum') continue;
        out[key] = clean(value);
      }
      return out;
    }
    return node;
  };
  return clean(schema) as Record<string, unknown>;
}

/** What a model may send before checks: the fields of the answer, leniently typed where harmless. */
const looseAnswerSchema = z.object({
  title: z.string(),
  description: z.string().nullish(),
  clientName: z.string().nullish(),
  priority: z.enum(PRIORITIES).nullish(),
  dueDate: z.string().nullish(),
  dueTime: z.string().nullish(),
  estimatedTime: z.union([z.string(), z.number()]).nullish(),
  isRecurring: z.boolean().nullish(),
  recurringType: z.enum(RECURRING_TYPES).nullish(),
  recurringInterval: z.number().int().nullish(),
  reminders: z.array(z.unknown()).nullish(),
});

/** A reminder as a model may write it: the flat shape asked for, or the contract's own (fields left out). */
const looseReminderSchema = z.object({
  kind: z.string(),
  minutes: z.number().nullish(),
  daysBefore: z.number().nullish(),
  time: z.string().nullish(),
  at: z.string().nullish(),
});

/** An instant a model wrote: with an offset as it says, without one on the user's wall clock. */
function instantOf(text: string, timeZone: string): string | null {
  const trimmed = text.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/u.exec(trimmed);
  try {
    const instant = local ? zonedDateTimeToInstant(local[1] as string, local[2] as string, timeZone) : new Date(trimmed);
    return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
  } catch {
    return null;
  }
}

/** One reminder of a model's answer as the contract's, or null when it is not one. */
function reminderOf(raw: unknown, timeZone: string): ReminderSpec | null {
  const parsed = looseReminderSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { kind, minutes, daysBefore, time, at } = parsed.data;
  const candidate =
    kind === 'before'
      ? { kind, minutes }
      : kind === 'on-day'
        ? { kind, daysBefore, time: time ? (normalizeTimeOfDay(time) ?? time) : time }
        : kind === 'at'
          ? { kind, at: at ? instantOf(at, timeZone) : at }
          : null;
  const spec = reminderSpecSchema.safeParse(candidate);
  return spec.success ? spec.data : null;
}

/**
 * A model's reminders: each one that is a reminder of the contract, once, at most five; one that is not is
 * left out (the rest of the answer still counts). None at all (a model that leaves the field out or empty,
 * as small models do with lists) keeps the rules' reading: their reminders come from explicit words
 * ("remind me …"), which a model has no reason to drop.
 */
function remindersOf(raw: readonly unknown[] | null | undefined, timeZone: string, draft: StructuredTask | undefined): ReminderSpec[] {
  const specs = new Map<string, ReminderSpec>();
  for (const item of raw ?? []) {
    const spec = reminderOf(item, timeZone);
    if (spec && specs.size < REMINDERS_PER_TASK_MAX) specs.set(reminderKey(spec), spec);
  }
  return specs.size > 0 ? [...specs.values()] : (draft?.reminders ?? []);
}

/** A reasoning model's thoughts before its answer (`<think>…</think>`); their braces are not the answer's. */
const THOUGHTS = /<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/giu;
/** Thoughts cut off before their end: nothing after them is an answer. */
const UNFINISHED_THOUGHTS = /<think(?:ing)?>[\s\S]*$/iu;
/** The end of thoughts whose start the server swallowed: the answer is what follows the last one. */
const THOUGHTS_END = /<\/think(?:ing)?>/iu;

/** A model's text without its thoughts. */
const withoutThoughts = (text: string) => (text.replace(THOUGHTS, '').replace(UNFINISHED_THOUGHTS, '').split(THOUGHTS_END).at(-1) ?? '').trim();

/** The JSON object in a model's text: bare, after `<think>…</think>`, in a ```json fence, or surrounded by prose. */
export function extractJson(raw: unknown): unknown {
  if (raw !== null && typeof raw === 'object') return raw;
  if (typeof raw !== 'string') throw new UnusableModelOutputError('empty answer');
  const text = withoutThoughts(raw);
  if (text === '') throw new UnusableModelOutputError('empty answer');
  const candidates = [text];
  const fenced = /```(?:json|JSON)?\s*([\s\S]*?)```/u.exec(text);
  if (fenced) candidates.push((fenced[1] as string).trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next reading
    }
  }
  throw new UnusableModelOutputError('answer is not JSON');
}

const clip = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max).trim());

/**
 * A due date the model wrote, on the user's wall clock: a date, or a date-time converted to the user's zone
 * as the api converts one (shared resolveNewTaskDue: an offset counts, local midnight gives no due time).
 */
function dueOnUsersClock(dueDate: string, dueTime: string | null, timeZone: string): TaskDue {
  try {
    return resolveNewTaskDue({ dueDate, dueTime: dueTime ?? undefined }, timeZone);
  } catch {
    throw new UnusableModelOutputError(`dueDate is not a date or date-time: ${dueDate}`);
  }
}

/**
 * A model's answer made safe (docs/development.md convention 9): parsed with zod, the client matched to the
 * user's own list and aliases (unknown → null), the estimate mapped to the user's increments, the date and time
 * checked, the reminders kept when they are the contract's (without any, the rules' `draft` reading of them).
 * Throws UnusableModelOutputError when the answer cannot be trusted as a whole (not JSON, wrong types, a date
 * in another format, an impossible recurrence).
 */
export function normalizeModelAnswer(raw: unknown, request: StructureRequest, draft?: StructuredTask): StructuredTask {
  const parsed = looseAnswerSchema.safeParse(extractJson(raw));
  if (!parsed.success) throw new UnusableModelOutputError(`wrong shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const answer = parsed.data;
  // A title starts with a capital, as the rules' titles do; the rest stays as the model wrote it.
  const title = capitalizeFirst(answer.title.replace(/\s+/gu, ' ').trim());
  if (title === '') throw new UnusableModelOutputError('empty title');

  let dueDate = answer.dueDate?.trim() || null;
  let dueTime = answer.dueTime?.trim() || null;
  if (dueDate !== null) ({ dueDate, dueTime } = dueOnUsersClock(dueDate, dueTime, request.timezone));
  if (dueTime !== null) {
    const normalized = normalizeTimeOfDay(dueTime);
    if (normalized === null) throw new UnusableModelOutputError(`dueTime is not HH:mm: ${dueTime}`);
    dueTime = normalized;
  }
  const ctx = createRuleContext(new Date(request.now), request.timezone);
  if (dueDate !== null) {
    const year = Number(dueDate.slice(0, 4));
    if (year < ctx.year - 1 || year > ctx.year + 10) throw new UnusableModelOutputError(`dueDate out of range: ${dueDate}`);
  } else if (dueTime !== null) {
    dueDate = dueTime > ctx.time ? ctx.today : addDays(ctx.today, 1);
  }

  const isRecurring = answer.isRecurring === true;
  const recurringType = isRecurring ? (answer.recurringType ?? null) : null;
  const interval = isRecurring ? seriesInterval(recurringType, Math.min(RECURRING_INTERVAL_MAX, Math.max(1, answer.recurringInterval ?? 1))) : DEFAULT_RECURRING_INTERVAL;

  let estimatedTime: string | null = null;
  if (answer.estimatedTime !== null && answer.estimatedTime !== undefined && String(answer.estimatedTime).trim() !== '') {
    const minutes = typeof answer.estimatedTime === 'number' ? answer.estimatedTime : parseEstimateMinutes(answer.estimatedTime);
    if (minutes !== null && minutes > 0) estimatedTime = statedEstimate(minutes, request.timeIncrements);
  }

  const result = structuredTaskSchema.safeParse({
    title: clip(title, TASK_TITLE_MAX),
    description: clip((answer.description ?? '').trim(), TASK_DESCRIPTION_MAX),
    // The model may answer an alias; the task names the client by its canonical name.
    clientName: canonicalClientName(answer.clientName, request.clients, request.aliases ?? []),
    priority: answer.priority ?? DEFAULT_PRIORITY,
    dueDate,
    dueTime,
    estimatedTime,
    isRecurring,
    recurringType,
    recurringInterval: interval,
    reminders: remindersOf(answer.reminders, request.timezone, draft),
  });
  if (!result.success) throw new UnusableModelOutputError(`invalid result: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}
