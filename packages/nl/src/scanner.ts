import type { Priority, RecurringType, ReminderSpec } from '@daybook/shared';

/** A part of the day named in the text ('tomorrow morning', 'tonight', 'EOD'). */
export type PartOfDay = 'morning' | 'noon' | 'afternoon' | 'evening' | 'night' | 'endOfDay' | 'midnight';

export const PART_OF_DAY_TIME: Record<PartOfDay, string> = {
  morning: '09:00',
  noon: '12:00',
  afternoon: '15:00',
  evening: '18:00',
  night: '21:00',
  endOfDay: '17:00',
  midnight: '23:59',
};

export type HitValue =
  /** A calendar date; `time` when the phrase carries one ('in 2 hours', 'tonight'). */
  | { field: 'date'; date: string; time?: string; part?: PartOfDay; fixedTime?: boolean }
  /** A time of day; `bare` when said without am/pm ('at 4'), so a part of day may move it ('at 8 tonight'). */
  | {
      field: 'time';
      time: string;
      bare?: boolean;
      hour?: number;
      minute?: number;
      part?: PartOfDay;
      /** The time was said in another zone ('3pm EST', '9am UTC'): an IANA name, converted to the user's zone. */
      zone?: string;
    }
  | { field: 'recurrence'; type: RecurringType; interval: number; anchor?: string; part?: PartOfDay }
  | { field: 'priority'; priority: Priority }
  | { field: 'estimate'; minutes: number }
  | { field: 'client'; name: string }
  /**
   * A reminder as said (DECISIONS 29): `request` is relative to the task's due date and time, `spec` the
   * reminder it gives once they are known. `pending`: a phrase ("30 min before", "the day before") waiting
   * for the "remind me" it belongs to (reminders.ts).
   */
  | { field: 'reminder'; request: ReminderRequest; pending?: boolean; spec?: ReminderSpec }
  /** Words that carry no field but go from the title (filler, linking words). */
  | { field: 'filler' };

type TimeOfDayValue = Extract<HitValue, { field: 'time' }>;

/** A reminder as the text says it, before the task's due date and time are known (reminders.ts). */
export type ReminderRequest =
  /** "30 min before", "an hour ahead", "2 days before" (`days`: said in whole days or weeks). */
  | { kind: 'before'; minutes: number; days?: number }
  /** "the day before (at 6pm)", "the night before", "2 days before at 10", "the morning of" (days 0). */
  | { kind: 'day-before'; days: number; time?: string; part?: PartOfDay }
  /** "when it's due", "at the time"; and a "remind me at 3pm" whose time became the due time. */
  | { kind: 'at-due' }
  /** "at 8": a time of the due day (or of the day before, when 8 would come after the due time). */
  | { kind: 'clock'; time: TimeOfDayValue }
  /** "tomorrow at 9", "on Thursday", "in 2 hours" (`exact`: an instant from now). */
  | { kind: 'moment'; date: string; time: string | null; exact: boolean };

export type Field = HitValue['field'];

export interface Hit {
  start: number;
  end: number;
  value: HitValue;
  /** The words stay in the title although they set a field ('Full-day workshop', 'Daily standup'). */
  keep?: boolean;
}

const FREE = 0;
const CONSUMED = 1;
const PROTECTED = 2;

/** Placeholders in `view()`: neither letters nor spaces, so they end words and block matches. */
export const CONSUMED_CHAR = '\u0001';
export const PROTECTED_CHAR = '\u0002';

const CONTENT = /[\p{L}\p{N}\p{Extended_Pictographic}\u0002]/u;

/**
 * The text being parsed, with a state per UTF-16 unit: free, consumed by a recognised field, or protected
 * (quoted parts, URLs, unknown markup: kept as they are and never parsed). Recognisers match regular
 * expressions against `view()`, in which consumed and protected units are replaced by placeholders, so
 * indices always point into the original text.
 */
export class Scanner {
  readonly hits: Hit[] = [];
  private readonly state: Uint8Array;
  /** Which units are words, numbers or pictographs (CONTENT), read once: `hasContent` is asked around every hit. */
  private contentUnits: Uint8Array | null = null;
  private cached: string | null = null;

  constructor(readonly text: string) {
    this.state = new Uint8Array(text.length);
  }

  view(): string {
    if (this.cached === null) this.cached = this.render(0, this.text.length);
    return this.cached;
  }

  /** The view of [start, end) from the current states. */
  private render(start: number, end: number): string {
    let out = '';
    for (let i = start; i < end; i += 1) {
      const s = this.state[i];
      out += s === CONSUMED ? CONSUMED_CHAR : s === PROTECTED ? PROTECTED_CHAR : this.text[i];
    }
    return out;
  }

  /** Brings the cached view up to date after the states of [start, end) changed (the structurer runs per keystroke). */
  private changed(from: number, to: number): void {
    const start = Math.max(0, from);
    const end = Math.min(this.text.length, to);
    if (this.cached !== null && end > start) this.cached = this.cached.slice(0, start) + this.render(start, end) + this.cached.slice(end);
  }

  protect(start: number, end: number): void {
    for (let i = start; i < end; i += 1) if (this.state[i] === FREE) this.state[i] = PROTECTED;
    this.changed(start, end);
  }

  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i += 1) if (this.state[i] !== FREE) return false;
    return true;
  }

  isConsumed(index: number): boolean {
    return this.state[index] === CONSUMED;
  }

  isProtected(index: number): boolean {
    return this.state[index] === PROTECTED;
  }

  /** Records a hit and consumes its text (unless it overlaps what is already taken). */
  add(start: number, end: number, value: HitValue, keep = false): Hit | null {
    if (end <= start || !this.isFree(start, end)) return null;
    const hit: Hit = { start, end, value, keep };
    this.hits.push(hit);
    for (let i = start; i < end; i += 1) this.state[i] = CONSUMED;
    this.changed(start, end);
    return hit;
  }

  /** Gives a hit's text back (a field found in the description is context, not a field). */
  release(hit: Hit): void {
    const index = this.hits.indexOf(hit);
    if (index >= 0) this.hits.splice(index, 1);
    for (let i = hit.start; i < hit.end; i += 1) this.state[i] = FREE;
    this.changed(hit.start, hit.end);
  }

  /** True when [from, to) holds words, numbers or protected text (not only fields, spaces, punctuation). */
  hasContent(from: number, to: number): boolean {
    const content = (this.contentUnits ??= Uint8Array.from({ length: this.text.length }, (_, i) => Number(CONTENT.test(this.text[i] as string))));
    const state = this.state;
    const end = Math.min(to, this.text.length);
    for (let i = Math.max(0, from); i < end; i += 1) {
      const unit = state[i];
      if (unit === CONSUMED) continue;
      if (unit === PROTECTED || content[i] === 1) return true;
    }
    return false;
  }

  /** The next unit after `index` that is not white space (consumed units included), or -1. */
  nextNonSpace(index: number): number {
    for (let i = index; i < this.text.length; i += 1) if (!/\s/.test(this.text[i] as string)) return i;
    return -1;
  }

  prevNonSpace(index: number): number {
    for (let i = index - 1; i >= 0; i -= 1) if (!/\s/.test(this.text[i] as string)) return i;
    return -1;
  }
}

/** Runs a global regex over the scanner's view and calls `onMatch` for each match (the view may change). */
export function scan(scanner: Scanner, pattern: RegExp, onMatch: (match: RegExpExecArray) => void): void {
  // A global pattern (built once at module level) is reused as it is; anything else is copied once here.
  const re = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  re.lastIndex = 0;
  let match: RegExpExecArray | null;
  let view = scanner.view();
  while ((match = re.exec(view)) !== null) {
    if (match[0].length === 0) {
      re.lastIndex += 1;
      continue;
    }
    const before = scanner.hits.length;
    onMatch(match);
    if (scanner.hits.length !== before) {
      // The view changed: carry on after this match in the new view.
      const last = re.lastIndex;
      view = scanner.view();
      re.lastIndex = last;
    }
  }
}
