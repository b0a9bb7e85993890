import {
  DEFAULT_PRIORITY,
  parseEstimateMinutes,
  statedEstimate,
  titleOnlyTask,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  type Priority,
  type StructuredTask,
  type TimeIncrementChoice,
} from '@daybook/shared';
import { clientMatcher, findClientMentions, protectClientNames, recognizeClientMarkup, recognizeLeadingClient, type ClientMatch, type ClientMatcher, type UnknownClient } from './clients';
import { createRuleContext, type RuleContext } from './context';
import {
  recognizeIsoDates,
  recognizeMonthDates,
  recognizeNumericDates,
  recognizeOrdinalDays,
  recognizePeriods,
  recognizeRelativeDays,
  recognizeRelativeOffsets,
  recognizeWeekdays,
} from './dates';
import { recognizeEstimates } from './estimate';
import { recognizePriority } from './priority';
import { literalTitle, protectLiterals } from './protect';
import { recognizeRecurrence } from './recurrence';
import { attachReminderLeads, recognizeReminderPhrases, resolveReminders } from './reminders';
import { Scanner, type Hit, type HitValue } from './scanner';
import { schedule, type RecurrenceValue, type TimeValue } from './schedule';
import { splitSegments, type Segment } from './segments';
import { recognizeTimes } from './times';
import { absorbLinkingWords, capitalizeFirst, isMarkerOnly, removedBeforeFirstWord, stripFiller, tidy, titleText } from './title';
import { taskKind } from './kind';

export interface RulesInput {
  input: string;
  /** The instant the user submitted. */
  now: Date;
  timezone: string;
  /** The user's client names, canonical spelling. */
  clients: readonly string[];
  timeIncrements: readonly TimeIncrementChoice[];
  /** Names the user calls a client by (learned from corrections, DECISIONS 28). */
  aliases?: readonly ClientAlias[];
  /** The user's usual estimates for kinds of work (learned from corrections, DECISIONS 28). */
  habits?: readonly EstimateHabit[];
}

export interface ClientAlias {
  alias: string;
  /** The client's canonical name (one of `clients`). */
  client: string;
}

export interface EstimateHabit {
  /** `taskKind` of a title. */
  kind: string;
  /** A time-increment value such as '30min'. */
  estimatedTime: string;
}



/** No stated estimate: the user's usual estimate for this kind of work (DECISIONS 28), kept like a stated one. */
function habitualEstimate(title: string, request: RulesInput): string | null {
  if (!request.habits || request.habits.length === 0) return null;
  const kind = taskKind(title, request.clients);
  const habit = kind === null ? undefined : request.habits.find((h) => h.kind === kind);
  const minutes = habit ? parseEstimateMinutes(habit.estimatedTime) : null;
  return minutes === null || minutes <= 0 ? null : statedEstimate(minutes, request.timeIncrements);
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trim();
}

interface ClientReading {
  /** Client markup or a leading label naming no known client. */
  unknown: UnknownClient | null;
  /** Client names in the text, protected before the dates were read (RULES §2: client names win). */
  mentions: ClientMatch[];
}

function runRecognizers(s: Scanner, ctx: RuleContext, matcher: ClientMatcher, reading: ClientReading): Segment[] {
  protectLiterals(s);
  const unknownMarkup = recognizeClientMarkup(s, matcher);
  const segments = splitSegments(s);
  reading.unknown = recognizeLeadingClient(s, segments, matcher) ?? unknownMarkup;
  reading.mentions = protectClientNames(s, matcher);
  // "30 min before", "the day before" after a "remind me": before the estimates and dates can read them.
  recognizeReminderPhrases(s, segments);
  recognizeRecurrence(s, ctx, segments);
  recognizeIsoDates(s);
  recognizeRelativeOffsets(s, ctx);
  recognizeMonthDates(s, ctx);
  recognizeRelativeDays(s, ctx);
  recognizePeriods(s, ctx);
  recognizeWeekdays(s, ctx);
  // "takes around 2h": a duration said as a length is read before "around 2" can be read as a time.
  recognizeEstimates(s, segments, true);
  recognizeTimes(s);
  recognizePriority(s, segments);
  recognizeEstimates(s, segments);
  recognizeOrdinalDays(s, ctx, segments);
  recognizeNumericDates(s, ctx, segments);
  // A weekday behind fields read after the weekdays ("COB thursday send …", "midday friday lunch …") opens its segment.
  recognizeWeekdays(s, ctx, segments);
  // Each "remind me" with what follows it: reminders, or the task's own due date (reminders.ts).
  attachReminderLeads(s, segments, ctx);
  return segments;
}

function first<F extends HitValue['field']>(hits: readonly Hit[], field: F): Extract<HitValue, { field: F }> | undefined {
  return hits.find((h) => h.value.field === field)?.value as Extract<HitValue, { field: F }> | undefined;
}

/**
 * The built-in structurer (DECISIONS 16, RULES.md): free text + now, zone, the user's clients and time
 * increments → a structured task. Pure and synchronous; it never throws on odd text.
 */
export function structureWithRules(request: RulesInput): StructuredTask {
  return analyseWithRules(request).task;
}

/** What the rules read from a text: the task, and where in the text each field was found. */
export interface RulesAnalysis {
  task: StructuredTask;
  /** The recognised fields in text order; offsets index `request.input` as given. */
  hits: Hit[];
  /** Client markup naming no client of the user's (`+Hooli`, `Hooli:`): the preview offers to create it. */
  unknownClient: { name: string; start: number; end: number } | null;
}

export interface RulesOptions {
  /** Ranges of the input that are plain words of the title, never read as fields (a preview chip the user removed). */
  keepAsText?: ReadonlyArray<{ start: number; end: number }>;
}

/** `structureWithRules` with the positions of what it recognised (the live preview highlights them). */
export function analyseWithRules(request: RulesInput, options: RulesOptions = {}): RulesAnalysis {
  // Trimming and line-break clean-up keep offsets: only leading space is cut, and \r\n becomes " \n".
  const lead = request.input.length - request.input.trimStart().length;
  const input = request.input.normalize('NFC').replace(/\r\n/gu, ' \n').replace(/\r/gu, '\n').slice(lead).trimEnd();
  const literal = literalTitle(input);
  if (literal !== null) return { task: titleOnlyTask(capitalizeFirst(clip(literal, TASK_TITLE_MAX) || clip(input, TASK_TITLE_MAX))), hits: [], unknownClient: null };

  const ctx = createRuleContext(request.now, request.timezone);
  const s = new Scanner(input);
  for (const range of options.keepAsText ?? []) s.protect(Math.max(0, range.start - lead), Math.min(input.length, range.end - lead));
  const matcher = clientMatcher(request.clients, request.aliases);
  const clientReading: ClientReading = { unknown: null, mentions: [] };
  const segments = runRecognizers(s, ctx, matcher, clientReading);

  // Which segments carry words (the title, the description) and which only fields ("URGENT:", "- tomorrow").
  const hasWords = segments.map((seg) => !isMarkerOnly(titleText(s, seg.start, seg.end)));
  const titleIndex = hasWords.indexOf(true);
  const titleSegment = titleIndex >= 0 ? (segments[titleIndex] as Segment) : null;
  let descriptionRange: [number, number] | null = null;
  if (titleIndex >= 0) {
    const firstDescription = hasWords.indexOf(true, titleIndex + 1);
    const lastDescription = hasWords.lastIndexOf(true);
    if (firstDescription > titleIndex) descriptionRange = [(segments[firstDescription] as Segment).start, (segments[lastDescription] as Segment).end];
  }

  // Fields inside the description are context, not fields (RULES §1); priority words there still count;
  // a reminder asked for anywhere is the task's.
  let descriptionPriority: Priority | undefined;
  if (descriptionRange) {
    const [from, to] = descriptionRange;
    for (const hit of [...s.hits]) {
      if (hit.start >= from && hit.end <= to && hit.value.field !== 'client' && hit.value.field !== 'reminder') {
        if (hit.value.field === 'priority' && descriptionPriority === undefined) descriptionPriority = hit.value.priority;
        s.release(hit);
      }
    }
  }
  absorbLinkingWords(s, segments);

  const hits = [...s.hits].sort((a, b) => a.start - b.start);
  const date = first(hits, 'date');
  // A clock time ("at 7") and a part of the day ("in the evening") may both be said: 19:00.
  const times = hits.filter((h) => h.value.field === 'time').map((h) => h.value as TimeValue);
  const clock = times.find((t) => t.part === undefined);
  const partOnly = times.find((t) => t.part !== undefined);
  const time = clock ?? partOnly;
  // Several recurrence phrases ("Weekly review … every Friday"): the first says how often, any may anchor it.
  const recurrences = hits.filter((h) => h.value.field === 'recurrence').map((h) => h.value as RecurrenceValue);
  const anchor = recurrences.find((r) => r.anchor !== undefined)?.anchor;
  const part = recurrences.find((r) => r.part !== undefined)?.part;
  const recurrence = recurrences[0] ? { ...recurrences[0], ...(anchor ? { anchor } : {}), ...(part ? { part } : {}) } : undefined;
  const when = schedule(ctx, date, time, recurrence, partOnly?.part);
  // What each reminder means for this due date and time; one that means nothing gives its words back.
  const reminders = resolveReminders(s, when, ctx);

  // A client named as a word of the sentence ("Call Acme about …") stays in the title.
  // Two clients named: the first one (RULES §2).
  let namedClient: ClientMatch | null = null;
  if (first(hits, 'client') === undefined) {
    const mentions = [...clientReading.mentions, ...findClientMentions(s, matcher)].sort((a, b) => a.start - b.start || b.end - a.end);
    namedClient = mentions[0] ?? null;
  }
  const clientName = first(hits, 'client')?.name ?? namedClient?.name ?? null;

  const estimate = first(hits, 'estimate');
  let title = '';
  if (titleSegment) {
    const raw = titleText(s, titleSegment.start, titleSegment.end);
    const fieldsBefore = titleIndex > 0 || removedBeforeFirstWord(s, titleSegment.start, titleSegment.end);
    title = tidy(stripFiller(raw, fieldsBefore).text);
  }
  // Nothing but fields ("tomorrow at 3pm") or punctuation: the text itself is the title.
  if (title === '') title = tidy(input) || input.replace(/\s+/gu, ' ').trim() || 'Task';
  // A title starts with a capital, always; the rest stays as typed (docs/usage.md).
  title = capitalizeFirst(title);

  // The description as typed (line breaks kept), without separators left at its start.
  let description = descriptionRange
    ? s.text
        .slice(descriptionRange[0], descriptionRange[1])
        .replace(/[ \t]+/gu, ' ')
        .replace(/^[\s,;:\-–—]+/u, '')
        .trim()
    : '';
  if (title.length > TASK_TITLE_MAX) {
    const head = clip(title, TASK_TITLE_MAX);
    description = `${title.slice(head.length).trim()}${description ? `\n\n${description}` : ''}`;
    title = head;
  }
  description = clip(description, TASK_DESCRIPTION_MAX);

  const task: StructuredTask = {
    title,
    description,
    clientName,
    priority: first(hits, 'priority')?.priority ?? descriptionPriority ?? DEFAULT_PRIORITY,
    dueDate: when.dueDate,
    dueTime: when.dueTime,
    estimatedTime: estimate ? statedEstimate(estimate.minutes, request.timeIncrements) : habitualEstimate(title, request),
    isRecurring: when.isRecurring,
    recurringType: when.recurringType,
    recurringInterval: when.recurringInterval,
    reminders,
  };
  const found: Hit[] = s.hits.filter((hit) => hit.value.field !== 'filler');
  if (namedClient) found.push({ start: namedClient.start, end: namedClient.end, value: { field: 'client', name: namedClient.name }, keep: true });
  const shifted = found.map((hit) => ({ ...hit, start: hit.start + lead, end: hit.end + lead }));
  const unknown = clientReading.unknown;
  // Explicit markup naming an unknown client is offered even when the sentence names a known one ("… for Acme +Hooli").
  const unknownClient = unknown && first(hits, 'client') === undefined ? { name: unknown.name, start: unknown.start + lead, end: unknown.end + lead } : null;
  return { task, hits: shifted.sort((a, b) => a.start - b.start), unknownClient };
}
