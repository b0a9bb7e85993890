import {
  daysBetween,
  REMINDER_BEFORE_MAX_MINUTES,
  REMINDER_DAYS_BEFORE_MAX,
  REMINDERS_PER_TASK_MAX,
  reminderKey,
  zonedDateTimeToInstant,
  type ReminderSpec,
} from '@daybook/shared';
import type { RuleContext } from './context';
import { hhmm } from './helpers';
import { QUANTITY, quantityValue, WB, WE } from './lexicon';
import { PART_OF_DAY_TIME, scan, type Hit, type PartOfDay, type ReminderRequest, type Scanner } from './scanner';
import { schedule, timeWithPart, type DateValue, type Schedule, type TimeValue } from './schedule';
import { segmentAt, type Segment } from './segments';
import { stripFiller, tidy, titleText } from './title';
import { fromZone } from './zones';

/**
 * Reminders said with the task (DECISIONS 29): "remind me 30 min before", "ping me an hour beforehand",
 * "remind me the day before at 6pm", "remind me when it's due", "… tomorrow 9am, remind me at 8". Read in
 * two steps. First the phrases that only a reminder says ("30 min before", "the day before", "when it's
 * due") are taken before the estimates and dates can read them, when a "remind me" comes earlier in their
 * part of the text. Then, after every other field, each "remind me" is joined with what directly follows
 * it: those phrases, and dates and times. A date or time after "remind me" is the task's own due date when
 * the task says no other ("remind me at noon to call X", "buy milk, remind me at 6pm": then also a reminder
 * at the due time), and a reminder when the task has its own ("call Acme tomorrow 9am, remind me at 8").
 * What a reminder means in the end depends on the due date and time: `resolveReminder`.
 */

const re = (source: string) => new RegExp(source, 'giu');

/** A quick look before any work: no word that can say a reminder, no reminder. */
const MAY_SAY_REMINDER = /remind|ping|alert|notif|nudge|buzz|heads/iu;

/** Who is asked to remind: "remind me", "ping me", "set a reminder", "with a reminder", "give me a heads-up". */
const LEAD_SOURCE =
  `(?:(?:and|&|plus|but|also)\\s+)?(?:(?:please|pls|also|just|then)\\s+)?(?:(?:can|could|would|will)\\s+(?:you|u)\\s+(?:please\\s+|also\\s+)?)?` +
  `(?:(?<verb>remind|ping|alert|notify|nudge|buzz|warn)\\s+(?:me|us)(?:\\s+(?:about|of)\\s+(?:it|this|that))?` +
  `|(?:(?<asked>(?:set|add|send|give|schedule|create|put\\s+in|get|with|w/)\\s+(?:me\\s+|up\\s+)?|(?:i|we)\\s+(?:want|need|would\\s+like)\\s+|(?:i|we)['’]d\\s+like\\s+))?(?:an?\\s+|one\\s+|some\\s+)?(?:reminders?|heads[\\s-]?up|(?<=(?:give|send|get|with|want|need|like)\\s+(?:me\\s+)?(?:an?\\s+)?)(?:alert|notification|nudge|ping))` +
  `|(?<bare>remind))`;
const LEAD = re(`${WB}${LEAD_SOURCE}${WE}`);
/** The same, anywhere before a position (a phrase "30 min before" belongs to a reminder only after one). */
const LEAD_BEFORE = new RegExp(`${WB}${LEAD_SOURCE}${WE}`, 'iu');
/** A part of the text that ends with one ("Reminder: 30 min before"). */
const LEAD_AT_END = new RegExp(`${WB}${LEAD_SOURCE}\\s*$`, 'iu');
/** A noun "reminder" is the lead only where a clause starts ("…, reminder at 8"), not as an object ("send Acme a reminder"). */
const CLAUSE_OPEN = /(?:^|[,;:(\u0001]|(?<![\p{L}])(?:and|then|plus|also|but))\s*$/iu;

/** A length of time: "30 min", "an hour", "1.5 hours", "half an hour", "an hour and a half", "1h30", "2 days", "a week". */
const DURATION = `(?:(?:an?|one)\\s+(?:hour|day|week)\\s+and\\s+a\\s+half|(?:a\\s+)?half(?:\\s+an?)?[\\s-](?:hour|day)|(?:an?\\s+)?quarter\\s+(?:of\\s+)?an?\\s+hour|\\d+\\s*h\\s*\\d{1,2}\\s*m(?:ins?)?|${QUANTITY}(?:\\s+and\\s+a\\s+half)?\\s*-?\\s*(?:minutes?|mins?|m|hours?|hrs?|hr|h|days?|d|weeks?|wks?|w))`;
/** What a reminder is before: the task itself, said in a few words ("before it's due", "before the meeting"). */
const OBJECT =
  "(?:it(?:['’]s|\\s+is)?(?:\\s+(?:due|starts?|begins?|time))?|(?:the|my|our|its|this|that)\\s+(?:start|deadline|due\\s+(?:date|time)|meeting|call|appointment|appt|event|session|class|flight|interview|thing|task|game|party|dinner|lunch|visit|time)|(?:the\\s+)?due\\s+(?:date|time)|then|that|starting)";
const APPROXIMATELY = '(?:(?:like|about|around|roughly|approximately|approx\\.?|maybe|say|some)\\s+)?';

/** "30 min before", "an hour beforehand", "2 days ahead", "15 minutes before it starts", "a week in advance". */
const OFFSET = re(
  `${WB}${APPROXIMATELY}(${DURATION})\\s*(?:(?:before|ahead\\s+of|prior\\s+to)\\s+${OBJECT}|before(?:hand)?|ahead(?:\\s+of\\s+time)?|in\\s+advance|prior|early|earlier|out)${WE}`,
);
/** "a 15-minute reminder", "with a 30 min heads-up": the length and the reminder in one phrase. */
const LENGTH_REMINDER = re(
  `${WB}(?:with\\s+)?(?:an?\\s+)?(${DURATION})[\\s-]*(?:(?:advance|early)\\s+)?(?:reminder|heads[\\s-]?up)${WE}(?=\\s*(?:$|[,.;:!?)]|(?:before|ahead|for|on|please|and)${WE}))`,
);
/** "the 2-day reminder email": a reminder that is the task's subject, not one for the task. */
const DEFINITE_BEFORE = /(?:^|[^\p{L}])(?:the|this|that|my|our|your|their|his|her)\s+$/iu;
/** "the day before", "the night before", "the evening prior", "the previous day", "the week before". */
const DAY_BEFORE = re(
  `${WB}(?:on\\s+)?(?:(?:the\\s+)?(day|night|evening|morning|afternoon|week)\\s+(?:before|prior)(?:\\s+${OBJECT})?|the\\s+(?:previous|prior)\\s+(day|night|evening|morning|afternoon|week))${WE}`,
);
/** "the morning of", "that morning", "on the day", "the same day": on the due day. */
const SAME_DAY = re(`${WB}(?:(?:on\\s+)?(?:the\\s+)?(morning|day|afternoon|evening)\\s+of(?:\\s+(?:it|${OBJECT}))?(?=\\s*(?:$|[,.;:!?)\\u0001–—-]|(?:and|at|@|too)(?![\\p{L}])))|(?:on\\s+)?that\\s+(morning|day|afternoon|evening)|on\\s+the\\s+day|(?:on\\s+)?the\\s+same\\s+day)${WE}`);
/** "when it's due", "at the time", "at the due time", "when it starts", "at the start" ("on time" is "punctually"). */
const AT_DUE = re(
  `${WB}(?:when\\s+(?:it(?:['’]s|\\s+is|\\s+gets|\\s+falls)?\\s+)?(?:due|time)|when\\s+it\\s+(?:starts|begins)|(?:right\\s+)?at\\s+the\\s+(?:due\\s+|start\\s+)?time|at\\s+(?:the\\s+)?(?:due\\s+time|deadline)|at\\s+that\\s+time|as\\s+it\\s+starts|at\\s+the\\s+start(?=\\s*(?:$|[,.;:!?)]|and${WE})))${WE}`,
);

const UNIT_MINUTES: ReadonlyArray<[RegExp, number]> = [
  [/^(?:minutes?|mins?|m)$/iu, 1],
  [/^(?:hours?|hrs?|hr|h)$/iu, 60],
  [/^(?:days?|d)$/iu, 24 * 60],
  [/^(?:weeks?|wks?|w)$/iu, 7 * 24 * 60],
];
const unitMinutes = (unit: string) => UNIT_MINUTES.find(([pattern]) => pattern.test(unit))?.[1] ?? null;
const COUNTED = new RegExp(`^(${QUANTITY})(\\s+and\\s+a\\s+half)?\\s*-?\\s*(\\p{L}+)$`, 'iu');

/** A DURATION in minutes, with whole days when said in days or weeks ("2 days" → 2880, days 2). */
export function durationOf(text: string): { minutes: number; days?: number } | null {
  const t = text.toLowerCase().trim().replace(/\s+/gu, ' ');
  const half = /^(?:an?|one) (hour|day|week) and a half$/u.exec(t);
  if (half) return { minutes: 1.5 * (unitMinutes(half[1] as string) ?? 0) };
  const halfOf = /^(?:a )?half(?: an?)?[ -](hour|day)$/u.exec(t);
  if (halfOf) return { minutes: 0.5 * (unitMinutes(halfOf[1] as string) ?? 0) };
  if (/^(?:an? )?quarter (?:of )?an? hour$/u.test(t)) return { minutes: 15 };
  const hoursMinutes = /^(\d+)\s*h\s*(\d{1,2})\s*m/u.exec(t);
  if (hoursMinutes) return Number(hoursMinutes[2]) < 60 ? { minutes: Number(hoursMinutes[1]) * 60 + Number(hoursMinutes[2]) } : null;
  const counted = COUNTED.exec(t);
  if (!counted) return null;
  const amount = quantityValue(counted[1] as string);
  const unit = unitMinutes(counted[3] as string);
  if (amount === null || unit === null) return null;
  const total = (amount + (counted[2] ? 0.5 : 0)) * unit;
  const days = unit >= 24 * 60 && total % (24 * 60) === 0 ? total / (24 * 60) : undefined;
  return { minutes: total, ...(days !== undefined ? { days } : {}) };
}

const PARTS: Record<string, PartOfDay> = { night: 'night', evening: 'evening', morning: 'morning', afternoon: 'afternoon' };

/**
 * Step one: the phrases only a reminder says, read before the estimates and dates ("15 minutes beforehand"
 * would be an estimate, "the day before" a date), each only when a "remind me" (or "reminder") comes before
 * it in its part of the text, and left pending for step two.
 */
export function recognizeReminderPhrases(s: Scanner, segments: readonly Segment[]): void {
  if (!MAY_SAY_REMINDER.test(s.view())) return;
  const afterLead = (index: number) => {
    const segment = segmentAt(segments, index);
    if (LEAD_BEFORE.test(s.view().slice(segment.start, index))) return true;
    const previous = segments[segments.indexOf(segment) - 1];
    return previous?.separator === 'colon' && LEAD_AT_END.test(s.view().slice(previous.start, previous.end));
  };
  const add = (m: RegExpExecArray, request: ReminderRequest, pending = true) => {
    if (pending && !afterLead(m.index)) return;
    s.add(m.index, m.index + m[0].length, { field: 'reminder', request, pending });
  };
  scan(s, LENGTH_REMINDER, (m) => {
    const duration = durationOf(m[1] as string);
    if (duration && !DEFINITE_BEFORE.test(s.view().slice(Math.max(0, m.index - 12), m.index))) add(m, { kind: 'before', ...duration }, false);
  });
  scan(s, OFFSET, (m) => {
    const duration = durationOf(m[1] as string);
    if (duration) add(m, { kind: 'before', ...duration });
  });
  scan(s, DAY_BEFORE, (m) => {
    const word = ((m[1] ?? m[2]) as string).toLowerCase();
    const part = PARTS[word];
    add(m, { kind: 'day-before', days: word === 'week' ? 7 : 1, ...(part ? { part } : {}) });
  });
  scan(s, SAME_DAY, (m) => {
    const part = PARTS[((m[1] ?? m[2]) as string | undefined)?.toLowerCase() ?? ''];
    add(m, { kind: 'day-before', days: 0, ...(part ? { part } : {}) });
  });
  scan(s, AT_DUE, (m) => add(m, { kind: 'at-due' }));
}

/** What may lie between "remind me" and its phrases: spaces, commas, linking words, "and" between two reminders. */
const GAP = /^(?:[\s,:]|(?:at|@|on|for|by|around|about|like|and|&|plus|also|again|then|too|it|of|as\s+well)(?![\p{L}\p{N}]))*/iu;
const CONNECTS = /,|(?<![\p{L}])(?:and|&|plus|also|again|then)(?![\p{L}])/iu;

interface Group {
  start: number;
  end: number;
  hits: Hit[];
}

const isTimed = (hit: Hit) =>
  hit.value.field === 'time' || (hit.value.field === 'date' && (hit.value.time !== undefined || hit.value.part !== undefined)) || (hit.value.field === 'recurrence' && hit.value.part !== undefined);
const isDated = (hit: Hit) => hit.value.field === 'date' || hit.value.field === 'recurrence';
const isPart = (hit: Hit) => hit.value.field === 'reminder' && hit.value.pending === true;

/** The time a group of time hits says: "at 8" with "in the evening" is 20:00 (no longer a bare hour). */
function combinedTime(times: readonly TimeValue[]): TimeValue | undefined {
  const clock = times.find((t) => t.part === undefined);
  const part = times.find((t) => t.part !== undefined);
  if (clock && part?.part) {
    const time = timeWithPart(clock, part.part);
    return time === clock.time ? clock : { field: 'time', time };
  }
  return clock ?? part;
}

/** The reminder a group of hits after "remind me" says (none: the group says none). */
function requestOf(group: Group, ctx: RuleContext): ReminderRequest | null {
  const values = group.hits.map((hit) => hit.value);
  const part = values.find((v) => v.field === 'reminder');
  const times = values.filter((v): v is TimeValue => v.field === 'time');
  const time = combinedTime(times);
  if (part && part.field === 'reminder') {
    const request = part.request;
    if (time === undefined) return request;
    // "2 days before at 10", "the day before at 6pm", "at 8 the night before": a time on that day.
    if (request.kind === 'before' && request.days !== undefined) return { kind: 'day-before', days: request.days, time: time.time };
    if (request.kind === 'day-before') return { kind: 'day-before', days: request.days, time: timeWithPart(time, request.part) };
    return request;
  }
  if (values.some((v) => v.field === 'recurrence')) return null;
  const date = values.find((v): v is DateValue => v.field === 'date');
  if (date === undefined) return time ? { kind: 'clock', time } : null;
  const when = schedule(ctx, date, time, undefined);
  return when.dueDate === null ? null : { kind: 'moment', date: when.dueDate, time: when.dueTime, exact: date.fixedTime === true };
}

/**
 * Step two, after every other field: each "remind me" with what directly follows it becomes the task's
 * reminders (or leaves its date and time to the task, see the module comment). Phrases of step one that
 * no "remind me" reached go back to the text.
 */
export function attachReminderLeads(s: Scanner, segments: readonly Segment[], ctx: RuleContext): void {
  if (!MAY_SAY_REMINDER.test(s.text)) return;
  const leads: Lead[] = [];
  scan(s, LEAD, (m) => {
    const groups = m.groups ?? {};
    const noun = groups.verb === undefined && groups.bare === undefined && groups.asked === undefined;
    // "Send Acme a reminder tomorrow": the reminder is what the task sends.
    if (noun && !CLAUSE_OPEN.test(s.view().slice(segmentAt(segments, m.index).start, m.index))) return;
    leads.push({ start: m.index, end: m.index + m[0].length, bare: groups.bare !== undefined, asks: !noun && groups.bare === undefined });
  });
  for (const lead of leads) readLead(s, segments, ctx, lead);
  for (const hit of [...s.hits]) {
    if (!isPart(hit) || hit.value.field !== 'reminder') continue;
    // "remind me about the Acme call tomorrow at 3pm 30 minutes before": a phrase that ends the text of a
    // "remind me" is its reminder; anywhere else ("… 2 days before the launch") it goes back to the text.
    const segment = segmentAt(segments, hit.start);
    const { request } = hit.value;
    s.release(hit);
    const ledBy = leads.some((lead) => lead.asks && lead.start < hit.start && lead.end <= segment.end && lead.end > segment.start);
    if (ledBy && !s.hasContent(hit.end, segment.end)) s.add(hit.start, hit.end, { field: 'reminder', request });
  }
}

interface Lead {
  start: number;
  end: number;
  /** "remind" without "me": only with a phrase that says a reminder ("remind 30 min before"). */
  bare: boolean;
  /** Someone asks to be reminded ("remind me", "set a reminder"), not only the word "reminder". */
  asks: boolean;
}

/** Nothing but filler in `text` ("hey, can you", "so um", "Alright,"): the "remind me" after it opens the task. */
function onlyFiller(text: string): boolean {
  const words = tidy(text);
  // Read as the title's clean-up reads an opening: followed by its "remind me to".
  return words === '' || stripFiller(`${words} remind me to x`).text === 'x';
}

function readLead(s: Scanner, segments: readonly Segment[], ctx: RuleContext, lead: Lead): void {
  if (!s.isFree(lead.start, lead.end)) return;
  const segment = segmentAt(segments, lead.start);
  const view = s.view();
  // "Reminder: 30 min before": a lead that ends its part of the text before a colon reads on after it.
  const following = segments[segments.indexOf(segment) + 1];
  const limit = segment.separator === 'colon' && following !== undefined && view.slice(lead.end, segment.end).trim() === '' ? following.end : segment.end;
  // The chain: the hits right after the lead, split into groups where "and" or a comma joins two reminders.
  const groups: Group[] = [];
  let position = lead.end;
  for (;;) {
    const gap = GAP.exec(view.slice(position, limit))?.[0] ?? '';
    const next = position + gap.length;
    if (next >= limit || !s.isConsumed(next)) break;
    const hit = s.hits.find((h) => h.start === next);
    if (hit === undefined) break;
    const field = hit.value.field;
    if (field === 'filler') {
      if (groups.length > 0) (groups.at(-1) as Group).end = hit.end;
      position = hit.end;
      continue;
    }
    if (field !== 'date' && field !== 'time' && field !== 'recurrence' && !isPart(hit)) break;
    const current = groups.at(-1);
    const startsReminder = current !== undefined && (CONNECTS.test(gap) || (isPart(hit) && current.hits.some(isPart)));
    const connector = gap.search(/\S/u);
    if (current === undefined || startsReminder) groups.push({ start: current === undefined ? lead.start : connector >= 0 ? position + connector : next, end: hit.end, hits: [hit] });
    else {
      current.hits.push(hit);
      current.end = hit.end;
    }
    position = hit.end;
  }
  const [first] = groups;
  if (first === undefined || (lead.bare && !groups.some((g) => g.hits.some(isPart)))) return;

  // A first group of dates and times only: the task's own due date, unless the task says its own.
  if (!first.hits.some(isPart)) {
    const inChain = new Set(groups.flatMap((g) => g.hits));
    const rest = s.hits.filter((h) => !inChain.has(h) && h.value.field !== 'reminder' && (isDated(h) || h.value.field === 'time'));
    const restDated = rest.some(isDated);
    const restTimed = rest.some(isTimed);
    // "hey, can you remind me at noon to call X": the lead opens the task (nothing but filler before it, the
    // task's words after its date or time).
    const opening = onlyFiller(titleText(s, segment.start, lead.start)) && /[\p{L}\p{N}\u0002]/u.test(s.view().slice(first.end, Math.max(limit, segmentAt(segments, first.end - 1).end)));
    const wDated = first.hits.some(isDated);
    const wTimed = first.hits.some(isTimed);
    const isReminder = !first.hits.some((h) => h.value.field === 'recurrence') && (opening ? (wTimed && restTimed) || (wDated && restDated) : restDated || restTimed);
    if (!isReminder) {
      // "remind me at noon to call X", "buy milk, remind me at 6pm": the due time, and a reminder at it.
      // An opening "remind me" stays in the text, where the title's clean-up takes it with its "to".
      if (wTimed) s.add(lead.start, lead.end, { field: 'reminder', request: { kind: 'at-due' } }, opening);
      else if (!opening) s.add(lead.start, lead.end, { field: 'filler' });
      groups.shift();
    }
  }
  for (const group of groups) {
    const request = requestOf(group, ctx);
    if (request === null) continue;
    for (const hit of group.hits) s.release(hit);
    for (const hit of [...s.hits]) if (hit.value.field === 'filler' && hit.start >= group.start && hit.end <= group.end) s.release(hit);
    s.add(group.start, group.end, { field: 'reminder', request });
  }
}

/** Bare hours are read as said (7–11 morning, 1–6 afternoon) and also the other way round. */
function readingsOf(time: TimeValue): string[] {
  if (!time.bare || time.hour === undefined || time.hour < 1 || time.hour > 12) return [time.time];
  const minute = time.minute ?? 0;
  return [hhmm(time.hour % 12, minute), hhmm((time.hour % 12) + 12, minute)];
}

const onDay = (daysBefore: number, time: string): ReminderSpec | null => (daysBefore >= 0 && daysBefore <= REMINDER_DAYS_BEFORE_MAX ? { kind: 'on-day', daysBefore, time } : null);
const DEFAULT_TIME = PART_OF_DAY_TIME.morning;

/** A day said without a time: 09:00, or today, when 09:00 has passed, the next full hour ("remind me later today"). */
function defaultTimeOn(date: string, ctx: RuleContext): string {
  if (date !== ctx.today || DEFAULT_TIME > ctx.time) return DEFAULT_TIME;
  const hour = Number(ctx.time.slice(0, 2)) + 1;
  return hour <= 23 ? hhmm(hour, 0) : '23:59';
}

/** A date and time on the user's clock as a reminder: that many days before the due date, or the instant. */
function reminderAt(date: string, time: string, due: Schedule, ctx: RuleContext, exact: boolean): ReminderSpec {
  if (!exact && due.dueDate !== null) {
    const days = daysBetween(date, due.dueDate);
    if (days >= 0 && days <= REMINDER_DAYS_BEFORE_MAX && (days > 0 || due.dueTime === null || time <= due.dueTime)) return { kind: 'on-day', daysBefore: days, time };
  }
  return { kind: 'at', at: zonedDateTimeToInstant(date, time, ctx.timezone).toISOString() };
}

/**
 * What a reminder means for the task's due date and time (null: nothing that can be kept).
 * - "30 min before" / "an hour before": before the due time; whole days ("2 days before") on a task with a
 *   date and no time: that many days before at 09:00.
 * - "the day before" (at a time, else 09:00 or the part of the day said: "the night before" 21:00).
 * - "when it's due": at the due time; on a task with a date only, 09:00 that day.
 * - "at 8": on the due day at 8, read as 08:00 or 20:00, whichever is the latest before the due time; when
 *   both come after it, the day before ("flight Friday 6am, remind me at 9" → 21:00 on Thursday).
 * - "tomorrow at 9", "on Thursday": that day, as days before the due date, else the instant ("in 2 hours").
 */
export function resolveReminder(request: ReminderRequest, due: Schedule, ctx: RuleContext): ReminderSpec | null {
  switch (request.kind) {
    case 'before': {
      if (request.days !== undefined && due.dueDate !== null && due.dueTime === null) return onDay(request.days, DEFAULT_TIME);
      const minutes = Math.round(request.minutes);
      return minutes >= 0 && minutes <= REMINDER_BEFORE_MAX_MINUTES ? { kind: 'before', minutes } : null;
    }
    case 'day-before':
      return onDay(request.days, request.time ?? (request.part ? PART_OF_DAY_TIME[request.part] : DEFAULT_TIME));
    case 'at-due':
      return due.dueDate !== null && due.dueTime === null ? onDay(0, DEFAULT_TIME) : { kind: 'before', minutes: 0 };
    case 'moment':
      return reminderAt(request.date, request.time ?? defaultTimeOn(request.date, ctx), due, ctx, request.exact);
    case 'clock': {
      const { time } = request;
      if (due.dueDate === null) return onDay(0, time.time);
      if (time.zone !== undefined) {
        const local = fromZone(ctx, due.dueDate, time.time, time.zone);
        return reminderAt(local.date, local.time, due, ctx, false);
      }
      if (due.dueTime === null) return onDay(0, time.time);
      const dueTime = due.dueTime;
      const latest = (candidates: string[]) => candidates.sort().at(-1);
      const sameDay = latest(readingsOf(time).filter((reading) => reading <= dueTime));
      return sameDay !== undefined ? onDay(0, sameDay) : onDay(1, latest(readingsOf(time)) as string);
    }
  }
}

/**
 * The task's reminders from its reminder hits, in text order: each resolved against the due date and
 * time, the same reminder once, at most REMINDERS_PER_TASK_MAX. Hits that give none (or one too many)
 * go back to the text; the rest carry their reminder (the preview's chips show it).
 */
export function resolveReminders(s: Scanner, due: Schedule, ctx: RuleContext): ReminderSpec[] {
  const specs: ReminderSpec[] = [];
  const keys = new Set<string>();
  const hits = s.hits.filter((hit) => hit.value.field === 'reminder').sort((a, b) => a.start - b.start);
  for (const hit of hits) {
    if (hit.value.field !== 'reminder') continue;
    const spec = resolveReminder(hit.value.request, due, ctx);
    const key = spec === null ? null : reminderKey(spec);
    if (spec === null || key === null || (!keys.has(key) && specs.length >= REMINDERS_PER_TASK_MAX)) {
      s.release(hit);
      continue;
    }
    hit.value.spec = spec;
    if (keys.has(key)) continue;
    keys.add(key);
    specs.push(spec);
  }
  return specs;
}
