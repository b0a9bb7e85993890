import * as chrono from 'chrono-node';
import {
  addDays,
  DEFAULT_PRIORITY,
  DEFAULT_RECURRING_INTERVAL,
  titleOnlyTask,
  estimateAsTimeIncrement,
  nextRecurrenceDate,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  utcOffsetMinutes,
  type Priority,
  type RecurringType,
  type StructuredTask,
  type TimeIncrementChoice,
} from '@daybook/shared';
import { findClientInText, recognizeClientMarkup, recognizeLeadingClient } from './clients';
import { createRuleContext, exactDate, upcomingMonthDay, type RuleContext } from './context';
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
import { hhmm } from './helpers';
import { MONTH, WB, WE } from './lexicon';
import { recognizePriority } from './priority';
import { literalTitle, protectLiterals } from './protect';
import { recognizeRecurrence } from './recurrence';
import { PART_OF_DAY_TIME, Scanner, type Hit, type HitValue, type PartOfDay } from './scanner';
import { splitSegments, type Segment } from './segments';
import { recognizeTimes } from './times';
import { absorbLinkingWords, capitalizeFirst, removedBeforeFirstWord, stripFiller, tidy, titleText } from './title';

export interface RulesInput {
  input: string;
  /** The instant the user submitted. */
  now: Date;
  timezone: string;
  clients: readonly string[];
  timeIncrements: readonly TimeIncrementChoice[];
}

type DateValue = Extract<HitValue, { field: 'date' }>;
type TimeValue = Extract<HitValue, { field: 'time' }>;
type RecurrenceValue = Extract<HitValue, { field: 'recurrence' }>;


/** A segment with nothing but fields and filler words ("URGENT:", "Every other Friday:", "Reminder:"). */
const MARKER_ONLY = /^[\s\p{P}\p{S}]*(?:(?:reminder|note|todo|to-?do|task|fyi|ps|hey|hi|ok(?:ay)?|so|please|quick(?:\s+one)?|asap)[\s\p{P}\p{S}]*)*$/iu;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trim();
}

const MONTH_NAME = new RegExp(`${WB}${MONTH}${WE}`, 'iu');

/** Month-day dates in forms the recognisers above do not know, found by chrono in the zone's offset. */
function chronoFallback(s: Scanner, ctx: RuleContext): void {
  const view = s.view().replace(/[\u0001\u0002]/gu, ' ');
  if (!MONTH_NAME.test(view)) return; // only month-day forms are taken from chrono
  const offset = utcOffsetMinutes(ctx.now, ctx.timezone);
  let results: chrono.ParsedResult[];
  try {
    results = chrono.strict.parse(view, { instant: ctx.now, timezone: offset }, { forwardDate: true });
  } catch {
    return;
  }
  for (const result of results) {
    const start = result.index;
    const end = start + result.text.length;
    const c = result.start;
    if (!c.isCertain('month') || !c.isCertain('day') || !MONTH_NAME.test(result.text) || !s.isFree(start, end)) continue;
    const month = c.get('month');
    const day = c.get('day');
    if (month === null || day === null) continue;
    const year = c.isCertain('year') ? c.get('year') : null;
    const date = year !== null ? exactDate(year, month, day) : upcomingMonthDay(ctx, month, day);
    if (!date) continue;
    const hour = c.isCertain('hour') ? c.get('hour') : null;
    const minute = c.get('minute') ?? 0;
    // chrono read the wall clock in a fixed offset; the components are the user's local values.
    s.add(start, end, { field: 'date', date, ...(hour !== null ? { time: hhmm(hour, minute), fixedTime: true } : {}) });
  }
}

function runRecognizers(s: Scanner, ctx: RuleContext, clients: readonly string[]): Segment[] {
  protectLiterals(s);
  recognizeClientMarkup(s, clients);
  const segments = splitSegments(s);
  recognizeLeadingClient(s, segments, clients);
  recognizeRecurrence(s, ctx, segments);
  recognizeIsoDates(s);
  recognizeRelativeOffsets(s, ctx);
  recognizeMonthDates(s, ctx);
  recognizeRelativeDays(s, ctx);
  recognizePeriods(s, ctx);
  recognizeWeekdays(s, ctx);
  recognizeTimes(s);
  recognizePriority(s, segments);
  recognizeEstimates(s, segments);
  recognizeOrdinalDays(s, ctx, segments);
  recognizeNumericDates(s, ctx, segments);
  chronoFallback(s, ctx);
  return segments;
}

function first<F extends HitValue['field']>(hits: readonly Hit[], field: F): Extract<HitValue, { field: F }> | undefined {
  return hits.find((h) => h.value.field === field)?.value as Extract<HitValue, { field: F }> | undefined;
}

/** The hour a bare time ("at 8") means with a part of the day ("tonight", "in the morning"). */
function timeWithPart(time: TimeValue, part: PartOfDay | undefined): string {
  if (!time.bare || time.hour === undefined || part === undefined) return time.time;
  const minute = time.minute ?? 0;
  if (part === 'morning' && time.hour >= 1 && time.hour <= 11) return hhmm(time.hour, minute);
  if ((part === 'afternoon' || part === 'evening' || part === 'night') && time.hour >= 1 && time.hour <= 11) return hhmm(time.hour + 12, minute);
  return time.time;
}

interface Schedule {
  dueDate: string | null;
  dueTime: string | null;
  isRecurring: boolean;
  recurringType: RecurringType | null;
  recurringInterval: number;
}

function schedule(
  ctx: RuleContext,
  date: DateValue | undefined,
  time: TimeValue | undefined,
  recurrence: RecurrenceValue | undefined,
  spokenPart?: PartOfDay,
): Schedule {
  let dueDate = date?.date ?? null;
  let dueTime: string | null = date?.fixedTime ? (date.time ?? null) : null;
  const part = date?.part ?? recurrence?.part ?? time?.part;
  if (dueTime === null) {
    if (time) dueTime = timeWithPart(time, date?.part ?? recurrence?.part ?? spokenPart);
    else if (part) dueTime = PART_OF_DAY_TIME[part];
    else if (date?.time) dueTime = date.time;
  }
  if (recurrence) {
    if (dueDate === null) dueDate = recurrence.anchor ?? ctx.today;
    if (dueTime !== null && dueDate === ctx.today && dueTime <= ctx.time) {
      dueDate = nextRecurrenceDate({ dueDate: ctx.today, recurringType: recurrence.type, recurringInterval: recurrence.interval }, ctx.today);
    }
    return { dueDate, dueTime, isRecurring: true, recurringType: recurrence.type, recurringInterval: recurrence.interval };
  }
  if (dueDate === null && dueTime !== null) dueDate = dueTime > ctx.time ? ctx.today : addDays(ctx.today, 1);
  return { dueDate, dueTime, isRecurring: false, recurringType: null, recurringInterval: DEFAULT_RECURRING_INTERVAL };
}

/**
 * The built-in structurer (DECISIONS 16, RULES.md): free text + now, zone, the user's clients and time
 * increments → a structured task. Pure and synchronous; it never throws on odd text.
 */
export function structureWithRules(request: RulesInput): StructuredTask {
  const input = request.input.normalize('NFC').replace(/\r\n?/gu, '\n').trim();
  const literal = literalTitle(input);
  if (literal !== null) return titleOnlyTask(clip(literal, TASK_TITLE_MAX) || clip(input, TASK_TITLE_MAX));

  const ctx = createRuleContext(request.now, request.timezone);
  const s = new Scanner(input);
  const segments = runRecognizers(s, ctx, request.clients);

  // Which segments carry words (the title, the description) and which only fields ("URGENT:", "- tomorrow").
  const hasWords = segments.map((seg) => MARKER_ONLY.test(titleText(s, seg.start, seg.end)) === false);
  const titleIndex = hasWords.indexOf(true);
  const titleSegment = titleIndex >= 0 ? (segments[titleIndex] as Segment) : null;
  let descriptionRange: [number, number] | null = null;
  if (titleIndex >= 0) {
    const firstDescription = hasWords.indexOf(true, titleIndex + 1);
    const lastDescription = hasWords.lastIndexOf(true);
    if (firstDescription > titleIndex) descriptionRange = [(segments[firstDescription] as Segment).start, (segments[lastDescription] as Segment).end];
  }

  // Fields inside the description are context, not fields (RULES §1); priority words there still count.
  let descriptionPriority: Priority | undefined;
  if (descriptionRange) {
    const [from, to] = descriptionRange;
    for (const hit of [...s.hits]) {
      if (hit.start >= from && hit.end <= to && hit.value.field !== 'client') {
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

  let clientName = first(hits, 'client')?.name ?? null;
  if (clientName === null && titleSegment) clientName = findClientInText(s, request.clients, titleSegment.start, titleSegment.end)?.name ?? null;
  if (clientName === null && descriptionRange) clientName = findClientInText(s, request.clients, descriptionRange[0], descriptionRange[1])?.name ?? null;
  if (clientName === null) {
    for (const seg of segments) {
      clientName = findClientInText(s, request.clients, seg.start, seg.end)?.name ?? null;
      if (clientName !== null) break;
    }
  }

  const estimate = first(hits, 'estimate');
  let title = '';
  let removedBefore = false;
  if (titleSegment) {
    const raw = titleText(s, titleSegment.start, titleSegment.end);
    const fieldsBefore = titleIndex > 0 || removedBeforeFirstWord(s, titleSegment.start, titleSegment.end);
    const { text, stripped } = stripFiller(raw, fieldsBefore);
    title = tidy(text);
    removedBefore = stripped || fieldsBefore;
  }
  if (title === '') {
    // Nothing but fields ("tomorrow at 3pm") or punctuation: the text itself is the title.
    title = tidy(input) || input.replace(/\s+/gu, ' ').trim() || 'Task';
    removedBefore = false;
  }
  if (removedBefore) title = capitalizeFirst(title);

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

  return {
    title,
    description,
    clientName,
    priority: first(hits, 'priority')?.priority ?? descriptionPriority ?? DEFAULT_PRIORITY,
    dueDate: when.dueDate,
    dueTime: when.dueTime,
    estimatedTime: estimate ? estimateAsTimeIncrement(estimate.minutes, request.timeIncrements) : null,
    isRecurring: when.isRecurring,
    recurringType: when.recurringType,
    recurringInterval: when.recurringInterval,
  };
}
