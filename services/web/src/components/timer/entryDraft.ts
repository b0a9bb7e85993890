import {
  addDays,
  formatDuration,
  isValidCalendarDate,
  isValidTimeOfDay,
  localDate,
  localTime,
  parseEstimateMinutes,
  TIME_ENTRY_MAX_SECONDS,
  zonedDateTimeToInstant,
  type TimeEntry,
  type TimeEntryUpdateInput,
} from '@daybook/shared';

/**
 * A time entry as its form shows it (DECISIONS 31): a day, a start and an end on the user's clock (an end
 * not after the start is on the next day), and the duration between them (`1 h 30 min`, as every duration is shown). Each field changes
 * only what it must: a new start keeps the end (the duration follows), a new end or duration keeps the
 * start (the other follows), a new day moves the whole entry.
 */
export interface EntryDraft {
  date: string;
  start: string;
  end: string;
  duration: string;
  note: string;
  billable: boolean;
}

const MINUTE_MS = 60_000;

const instantOf = (date: string, time: string, timeZone: string) => zonedDateTimeToInstant(date, time, timeZone).getTime();
const wallClockOf = (ms: number, timeZone: string) => ({ date: localDate(new Date(ms), timeZone), time: localTime(new Date(ms), timeZone) });

/** A new entry: the half hour that ended now (to the five minutes), billable as its client is. */
export function newEntryDraft(now: Date, timeZone: string, billable: boolean): EntryDraft {
  const endMs = Math.floor(now.getTime() / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
  const start = wallClockOf(endMs - 30 * MINUTE_MS, timeZone);
  return { date: start.date, start: start.time, end: wallClockOf(endMs, timeZone).time, duration: formatDuration(30), note: '', billable };
}

/** A stored entry as its form shows it (a running one has no end yet). */
export function draftOf(entry: TimeEntry, timeZone: string): EntryDraft {
  const start = wallClockOf(Date.parse(entry.startedAt), timeZone);
  const endMs = entry.endedAt === null ? null : Date.parse(entry.endedAt);
  return {
    date: start.date,
    start: start.time,
    end: endMs === null ? '' : wallClockOf(endMs, timeZone).time,
    duration: endMs === null ? '' : formatDuration((endMs - Date.parse(entry.startedAt)) / MINUTE_MS),
    note: entry.note,
    billable: entry.billable,
  };
}

/** The start and end instants of a draft (ms), or null while its day or times are not complete. */
export function draftSpan(draft: Pick<EntryDraft, 'date' | 'start' | 'end'>, timeZone: string): { startMs: number; endMs: number } | null {
  if (!isValidCalendarDate(draft.date) || !isValidTimeOfDay(draft.start) || !isValidTimeOfDay(draft.end)) return null;
  const startMs = instantOf(draft.date, draft.start, timeZone);
  const endDate = draft.end > draft.start ? draft.date : addDays(draft.date, 1);
  return { startMs, endMs: instantOf(endDate, draft.end, timeZone) };
}

/** The draft with its duration worked out from its start and end (kept while they are not complete). */
function withDurationOfSpan(draft: EntryDraft, timeZone: string): EntryDraft {
  const span = draftSpan(draft, timeZone);
  return span ? { ...draft, duration: formatDuration((span.endMs - span.startMs) / MINUTE_MS) } : draft;
}

/** The draft with a new start: the end stays, the duration follows. */
export function withStart(draft: EntryDraft, start: string, timeZone: string): EntryDraft {
  return withDurationOfSpan({ ...draft, start }, timeZone);
}

/** The draft with a new end: the start stays, the duration follows. */
export function withEnd(draft: EntryDraft, end: string, timeZone: string): EntryDraft {
  return withDurationOfSpan({ ...draft, end }, timeZone);
}

/** The draft with a new duration text: the end follows when it can be read. */
export function withDuration(draft: EntryDraft, duration: string, timeZone: string): EntryDraft {
  const minutes = parseEstimateMinutes(duration);
  if (minutes === null || minutes <= 0 || !isValidCalendarDate(draft.date) || !isValidTimeOfDay(draft.start)) return { ...draft, duration };
  return { ...draft, duration, end: wallClockOf(instantOf(draft.date, draft.start, timeZone) + minutes * MINUTE_MS, timeZone).time };
}

/** What is wrong with a draft before it is sent, or null. `running`: the entry's timer runs (no end). */
export function draftProblem(draft: EntryDraft, timeZone: string, running = false): string | null {
  if (!isValidCalendarDate(draft.date)) return 'Enter the day';
  if (!isValidTimeOfDay(draft.start)) return 'Enter the start time';
  if (running) return null;
  if (!isValidTimeOfDay(draft.end)) return 'Enter the end time or the duration';
  if (parseEstimateMinutes(draft.duration) === null) return 'Enter the duration like 1 h 30 min';
  const span = draftSpan(draft, timeZone)!;
  if (span.endMs - span.startMs > TIME_ENTRY_MAX_SECONDS * 1000) return 'An entry can be at most 24 hours long';
  return null;
}

/** The body of a new entry. */
export function createBodyOf(draft: EntryDraft, taskId: string, timeZone: string) {
  const span = draftSpan(draft, timeZone)!;
  return { taskId, startedAt: new Date(span.startMs).toISOString(), endedAt: new Date(span.endMs).toISOString(), note: draft.note, billable: draft.billable };
}

/** True when the form holds something the user changed: an edit not yet saved. */
export const draftChanged = (before: EntryDraft, after: EntryDraft) => (Object.keys(before) as Array<keyof EntryDraft>).some((field) => before[field] !== after[field]);

/**
 * The changes of an edited entry: only what the form changed, so an untouched start or end keeps its
 * instant to the second (a new start alone sends only the start: the api keeps the end). The end is sent
 * when it lands on another instant (a new end or duration, a new day, or a start moved past it, which puts
 * the end on the next day), and only when the entry has one.
 */
export function changesOf(entry: TimeEntry, before: EntryDraft, after: EntryDraft, timeZone: string): TimeEntryUpdateInput {
  const changes: TimeEntryUpdateInput = {};
  if (after.date !== before.date || after.start !== before.start) changes.startedAt = new Date(instantOf(after.date, after.start, timeZone)).toISOString();
  const endMs = entry.endedAt === null ? null : draftSpan(after, timeZone)!.endMs;
  if (endMs !== null && endMs !== draftSpan(before, timeZone)!.endMs) changes.endedAt = new Date(endMs).toISOString();
  if (after.note !== before.note) changes.note = after.note;
  if (after.billable !== before.billable) changes.billable = after.billable;
  return changes;
}
