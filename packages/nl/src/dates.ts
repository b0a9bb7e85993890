import { addDays, addMonths, daysInMonth, formatCalendarDate, weekdayOf } from '@daybook/shared';
import {
  addWorkdays,
  afterMinutes,
  exactDate,
  lastDayOfMonth,
  lastWorkdayOfMonth,
  nextDayOfMonth,
  nextWeekday,
  upcomingMonthDay,
  type RuleContext,
} from './context';
import { afterHit, atSegmentEnd, atSegmentStart, beforeHit, DATE_FOLLOWERS, FUNCTION_WORDS, nextWord, prevWord, verbFollows, weekdayModifiesNoun } from './helpers';
import { MONTH, monthIndex, ordinalValue, QUANTITY, quantityValue, WB, WE, WEEKDAY, weekdayIndex, WORD_ORDINAL } from './lexicon';
import { scan, type PartOfDay, type Scanner } from './scanner';
import type { Segment } from './segments';

// Every pattern is built once here: the structurer runs on each keystroke.
const re = (source: string) => new RegExp(source, 'giu');

/** A part of the day after a date ("tomorrow morning", "Friday at lunch"); a bare "lunch" is a noun ("tmrw lunch with …"). */
const PART = '(morning|afternoon|evening|night|noon|midday|lunchtime|(?<=at\\s+)lunch)';
const PART_SUFFIX = `(?:\\s+(?:in\\s+the\\s+|at\\s+)?${PART}${WE})?`;

export function partOfDay(word: string | undefined): PartOfDay | undefined {
  if (!word) return undefined;
  const w = word.toLowerCase();
  if (w === 'noon' || w === 'midday' || w.startsWith('lunch')) return 'noon';
  if (w === 'morning' || w === 'afternoon' || w === 'evening' || w === 'night') return w;
  return undefined;
}

/** The Friday of this week (today if Friday; on Saturday and Sunday the next Friday). */
function endOfWeek(ctx: RuleContext): string {
  return nextWeekday(ctx, 5, true);
}

/** Monday of next week (Monday-based weeks; on Sunday that is tomorrow). */
function mondayNextWeek(ctx: RuleContext): string {
  return addDays(ctx.today, 7 - ((ctx.weekday + 6) % 7));
}

const firstOfMonth = (year: number, month: number) => formatCalendarDate({ year, month, day: 1 });

function nextMonthOf(ctx: RuleContext): { year: number; month: number } {
  return ctx.month === 12 ? { year: ctx.year + 1, month: 1 } : { year: ctx.year, month: ctx.month + 1 };
}

/** A noun right after a word makes it part of a name or a noun phrase ("2nd Floor", "Christmas party"); a verb does not ("the 29th send …"). */
function followedByNoun(s: Scanner, end: number): boolean {
  const next = nextWord(s, end);
  if (!next || verbFollows(s, end)) return false;
  if (/^[-–—]+$/u.test(next.word)) return false; // a dash between spaces separates a description
  const between = s.view().slice(end, next.start);
  if (/[^\s]/u.test(between)) return false; // punctuation or a consumed field in between
  if (FUNCTION_WORDS.has(next.word)) return false;
  return true;
}

/** "tomorrow's meeting", "Christmas's": a possessive names a thing, not a due date. */
const possessiveAfter = (s: Scanner, end: number) => /^['’]s(?![\p{L}])/u.test(s.view().slice(end, end + 3));

const ISO_DATE = re(
  `(?<![\\p{L}\\p{N}_/.-])(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})(?:[T\\s](\\d{1,2}):(\\d{2})(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?(?![\\p{L}\\p{N}_]|[/-]\\d|\\.\\d)`,
);

/** ISO dates (`2021-07-06`, `2021/07/06`, optionally with a time): as written, past allowed. */
export function recognizeIsoDates(s: Scanner): void {
  scan(s, ISO_DATE, (m) => {
    const date = exactDate(Number(m[1]), Number(m[3]), Number(m[4]));
    if (!date) return;
    const start = m.index;
    if (m[5] !== undefined && Number(m[5]) < 24 && Number(m[6]) < 60) {
      s.add(start, start + m[0].length, { field: 'date', date, time: `${m[5].padStart(2, '0')}:${m[6]}`, fixedTime: true });
    } else {
      const datePart = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}/u.exec(m[0])![0];
      s.add(start, start + datePart.length, { field: 'date', date });
    }
  });
}

const OFFSET_UNIT = '(minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|fortnights?|months?|years?|yrs?)';
const IN_HOUR_AND_HALF = re(`${WB}in\\s+(?:an?\\s+)?(?:hour\\s+and\\s+a\\s+half|(\\d+|${QUANTITY})\\s+and\\s+a\\s+half\\s+hours?)${WE}`);
const IN_HALF = re(`${WB}in\\s+half\\s+an?\\s+(hour|day)${WE}`);
const IN_FORTNIGHT = re(`${WB}(?:in|within)\\s+(?:a\\s+|one\\s+)?fortnight${WE}`);
/** "in 3 business days", "within 10 working days", "5 business days from today". */
const IN_WORKDAYS = re(
  `${WB}(?:(?:in|within)\\s+(?:the\\s+next\\s+)?(${QUANTITY})\\s+(?:business|working|work)\\s+days?|(${QUANTITY})\\s+(?:business|working|work)\\s+days?\\s+from\\s+(?:now|today))${WE}`,
);
/** "in 3 days", "within the next 5 days", British "in two weeks' time". */
const IN_AMOUNT = re(`${WB}(?:in|within)\\s+(?:the\\s+next\\s+)?(${QUANTITY})\\s*${OFFSET_UNIT}(?:['’]s?\\s+time|\\s+time${WE})?(?![\\p{L}\\p{N}_'’])`);
const WITHIN_THE_HOUR = re(`${WB}within\\s+(?:the|an|the\\s+next)\\s+hour${WE}`);
const AMOUNT_FROM = re(`${WB}(${QUANTITY})\\s+${OFFSET_UNIT}\\s+from\\s+(now|today|tomorrow)${WE}`);
/** British "a week today", "a week tomorrow", "a fortnight today". */
const WEEK_TODAY = re(`${WB}(a|one|two|2)\\s+(weeks?|fortnight)\\s+(today|tomorrow)${WE}`);
const WITHIN_THE_PERIOD = re(`${WB}within\\s+the\\s+(week|month)${WE}`);

/** "in 3 days", "in 2 weeks", "in a month", "in 2 hours", "in 30 minutes", "3 days from now", "within 5 days". */
export function recognizeRelativeOffsets(s: Scanner, ctx: RuleContext): void {
  const apply = (start: number, end: number, amount: number, unitWord: string) => {
    const u = unitWord.toLowerCase();
    if (!Number.isFinite(amount) || amount < 0 || amount > 10_000) return;
    if (u.startsWith('min')) {
      const { date, time } = afterMinutes(ctx, amount);
      s.add(start, end, { field: 'date', date, time, fixedTime: true });
    } else if (u.startsWith('h')) {
      const { date, time } = afterMinutes(ctx, amount * 60);
      s.add(start, end, { field: 'date', date, time, fixedTime: true });
    } else if (u.startsWith('d')) s.add(start, end, { field: 'date', date: addDays(ctx.today, Math.round(amount)) });
    else if (u.startsWith('f')) s.add(start, end, { field: 'date', date: addDays(ctx.today, Math.round(amount * 14)) });
    else if (u.startsWith('w')) s.add(start, end, { field: 'date', date: addDays(ctx.today, Math.round(amount * 7)) });
    else if (u.startsWith('mo')) s.add(start, end, { field: 'date', date: addMonths(ctx.today, Math.round(amount)) });
    else if (u.startsWith('y')) s.add(start, end, { field: 'date', date: addMonths(ctx.today, Math.round(amount * 12)) });
  };
  scan(s, IN_HOUR_AND_HALF, (m) => {
    const whole = m[1] ? (quantityValue(m[1]) ?? 1) : 1;
    apply(m.index, m.index + m[0].length, whole + 0.5, 'hours');
  });
  scan(s, IN_HALF, (m) => {
    if ((m[1] as string).toLowerCase() === 'hour') apply(m.index, m.index + m[0].length, 30, 'minutes');
  });
  scan(s, IN_FORTNIGHT, (m) => apply(m.index, m.index + m[0].length, 2, 'weeks'));
  scan(s, IN_WORKDAYS, (m) => {
    const amount = quantityValue((m[1] ?? m[2]) as string);
    if (amount !== null && amount > 0 && amount <= 1000) s.add(m.index, m.index + m[0].length, { field: 'date', date: addWorkdays(ctx.today, Math.round(amount)) });
  });
  scan(s, WITHIN_THE_HOUR, (m) => apply(m.index, m.index + m[0].length, 60, 'minutes'));
  scan(s, IN_AMOUNT, (m) => {
    const amount = quantityValue(m[1] as string);
    if (amount !== null) apply(m.index, m.index + m[0].length, amount, m[2] as string);
  });
  scan(s, AMOUNT_FROM, (m) => {
    const amount = quantityValue(m[1] as string);
    if (amount === null) return;
    const from = (m[3] as string).toLowerCase();
    if (from === 'tomorrow' && !/^(?:m|h)/iu.test(m[2] as string)) {
      const u = (m[2] as string).toLowerCase();
      const days = u.startsWith('d') ? amount : u.startsWith('f') ? amount * 14 : u.startsWith('w') ? amount * 7 : 0;
      if (days > 0) s.add(m.index, m.index + m[0].length, { field: 'date', date: addDays(ctx.today, Math.round(days) + 1) });
      return;
    }
    apply(m.index, m.index + m[0].length, amount, m[2] as string);
  });
  scan(s, WEEK_TODAY, (m) => {
    const count = /^(?:two|2)$/iu.test(m[1] as string) ? 2 : 1;
    const days = count * (/^f/iu.test(m[2] as string) ? 14 : 7) + ((m[3] as string).toLowerCase() === 'tomorrow' ? 1 : 0);
    s.add(m.index, m.index + m[0].length, { field: 'date', date: addDays(ctx.today, days) });
  });
  scan(s, WITHIN_THE_PERIOD, (m) => {
    const date = (m[1] as string).toLowerCase() === 'week' ? endOfWeek(ctx) : lastDayOfMonth(ctx.year, ctx.month);
    s.add(m.index, m.index + m[0].length, { field: 'date', date });
  });
}

const DAY_OF_MONTH = `(\\d{1,2}(?:st|nd|rd|th)?|${WORD_ORDINAL})`;
const YEAR_AFTER = `(?:,?\\s+(\\d{4})(?![\\p{N}:]))?`;
const WEEKDAY_PREFIX = `(?:${WEEKDAY}\\.?,?\\s+(?:the\\s+)?)?`;
const MONTH_FIRST = re(`${WB}${WEEKDAY_PREFIX}(${MONTH})\\.?\\s+(?:the\\s+)?${DAY_OF_MONTH}(?:\\s*[-–]\\s*\\d{1,2}(?:st|nd|rd|th)?)?(?![\\p{L}\\p{N}_]|[:.,/]\\d)${YEAR_AFTER}`);
const DAY_FIRST = re(`${WB}(?<![:./,-])${WEEKDAY_PREFIX}(?:the\\s+)?${DAY_OF_MONTH}\\.?\\s+(?:of\\s+)?(${MONTH})(?:\\.(?=\\s|$))?${WE}${YEAR_AFTER}`);

/** "Friday the 14th", "Tue 18th": the next date with that day of the month falling on that weekday. */
const WEEKDAY_ORDINAL = re(`${WB}(${WEEKDAY})\\.?,?\\s+(?:(the)\\s+)?(\\d{1,2}(?:st|nd|rd|th)|${WORD_ORDINAL})${WE}`);

/** The first date from today on with day of month `day` that falls on `weekday` (within about a year), else the next such day. */
function dayOfMonthOnWeekday(ctx: RuleContext, day: number, weekday: number): string | null {
  for (let offset = 0; offset < 430; offset += 1) {
    const date = addDays(ctx.today, offset);
    if (Number(date.slice(8, 10)) === day && weekdayOf(date) === weekday) return date;
  }
  return nextDayOfMonth(ctx, day);
}

/** "jan 27", "27 jan", "21st June", "Mar 8th", "the 2nd of March", "June 1, 2026": past without a year → next year. */
export function recognizeMonthDates(s: Scanner, ctx: RuleContext): void {
  const make = (m: RegExpExecArray, monthWord: string, dayWord: string, yearWord: string | undefined) => {
    const month = monthIndex(monthWord);
    const d = ordinalValue(dayWord);
    if (month === null || d === null || d < 1 || d > 31) return;
    // Without a year the next existing date: Feb 29 in a year without one is the next leap year's.
    const date = yearWord !== undefined ? exactDate(Number(yearWord), month, d) : upcomingMonthDay(ctx, month, d);
    if (!date) return;
    s.add(m.index, m.index + m[0].length, { field: 'date', date });
  };
  // Month first: "March 21", "Mar. 8th", "Friday, March 3", "June the 1st, 2026"
  scan(s, MONTH_FIRST, (m) => {
    const dayWord = m[2] as string;
    if (/^\d/u.test(dayWord) && Number.parseInt(dayWord, 10) > 31) return;
    make(m, m[1] as string, dayWord, m[3]);
  });
  // Day first: "27 jan", "21st June", "2nd of March", "the twenty fifth of May", "3. März"
  scan(s, DAY_FIRST, (m) => {
    const dayWord = m[1] as string;
    const monthWord = (m[2] as string).toLowerCase();
    if (monthWord === 'may' || monthWord === 'mar' || monthWord === 'mars') {
      // "3 may be late": only a date when nothing but an end, punctuation, a year or a time follows.
      const after = nextWord(s, m.index + m[0].length);
      if (!/[a-z]/u.test(dayWord) && after && !FUNCTION_WORDS.has(after.word) && !/^\d/u.test(after.word)) return;
    }
    make(m, m[2] as string, dayWord, m[3]);
  });
  scan(s, WEEKDAY_ORDINAL, (m) => {
    const word = m[1] as string;
    if (word.length <= 4 && word === word.toUpperCase()) return; // "SAT 2nd attempt"
    if (!m[2] && !/^\d/u.test(m[3] as string)) return; // word ordinals only as "the fifth"
    if (!m[2] && followedByNoun(s, m.index + m[0].length)) return; // "Monday 2nd shift"
    const weekday = weekdayIndex(word);
    const day = ordinalValue(m[3] as string);
    const date = weekday !== null && day !== null ? dayOfMonthOnWeekday(ctx, day, weekday) : null;
    if (date) s.add(m.index, m.index + m[0].length, { field: 'date', date });
  });
}

const DAY_AFTER_TOMORROW = re(`${WB}(?:the\\s+)?day\\s+after\\s+(?:tomorrow|tmrw|tmr)${WE}|${WB}(?:overmorrow|übermorgen|après[- ]demain|pasado\\s+mañana)${WE}`);
const TONIGHT = re(`${WB}(?:later\\s+)?(?:tonight|tonite|2nite|heute\\s+abend|ce\\s+soir|esta\\s+noche)${WE}`);
const TODAY = re(`${WB}(?:later\\s+)?(?:today|tdy|heute|aujourd['’]hui|hoy)${PART_SUFFIX}${WE}`);
const TOMORROW = re(
  `${WB}(?:tomorrow|tmrw|tmrow|tmr|tmw|2moro|2morro|2morrow|2mrw|tomoz|tomorow|tommorow|tommorrow|tomorrw|tomorro|morgen|demain|mañana)${PART_SUFFIX}${WE}`,
);
const THIS_PART = re(`${WB}this\\s+(morning|afternoon|evening)${WE}`);
const GUTEN_BEFORE = /\bguten\s*$/iu;

const CAPITALISED_WORD_BEFORE = /(\p{Lu}[\p{L}'’.&-]*)[ \t]+$/u;

/** A lower-case word that is not a small word: the text is written as a sentence, not in title case. */
const SENTENCE_CASE_WORD = /(?<![\p{L}\p{N}'’])\p{Ll}[\p{L}'’-]*/gu;

/**
 * "update my Psychology Today profile", "pitch the essay to Psychology Today": in a sentence written in lower
 * case, a capitalised day word after a capitalised word (not the sentence's first) is part of a name, not a
 * date, unless a linking word, a date word or a verb follows ("Email Sarah Today about …"). In title case
 * ("Submit the Report Today") it stays a date.
 */
function dayWordInName(s: Scanner, start: number, end: number): boolean {
  if (!/^\p{Lu}/u.test(s.text.slice(start, end))) return false;
  const before = CAPITALISED_WORD_BEFORE.exec(s.text.slice(Math.max(0, start - 40), start));
  if (!before) return false;
  const nameStart = start - before[0].length;
  if (!s.hasContent(0, nameStart) || /[.!?:;]\s*$/u.test(s.text.slice(0, nameStart))) return false;
  const next = nextWord(s, end);
  if (next && /^[ \t]+$/u.test(s.view().slice(end, next.start))) {
    if (!/^\p{Ll}/u.test(s.text.slice(next.start))) return false;
    return !FUNCTION_WORDS.has(next.word) && !DATE_FOLLOWERS.has(next.word) && !verbFollows(s, end);
  }
  // Last word of its clause: a name when the sentence around it is written in lower case.
  return (s.text.match(SENTENCE_CASE_WORD) ?? []).some((word) => !FUNCTION_WORDS.has(word.toLowerCase()));
}

/** today, tonight, tomorrow (with a part of day; also tmrw, tmr, 2moro), day after tomorrow, this morning/evening. */
export function recognizeRelativeDays(s: Scanner, ctx: RuleContext): void {
  const add = (m: RegExpExecArray, days: number, part?: PartOfDay) => {
    if (possessiveAfter(s, m.index + m[0].length)) return; // "tomorrow's meeting" names a thing
    if (dayWordInName(s, m.index, m.index + m[0].length)) return;
    s.add(m.index, m.index + m[0].length, { field: 'date', date: addDays(ctx.today, days), ...(part ? { part } : {}) });
  };
  scan(s, DAY_AFTER_TOMORROW, (m) => add(m, 2));
  scan(s, TONIGHT, (m) => add(m, 0, 'night'));
  scan(s, TODAY, (m) => add(m, 0, partOfDay(m[1])));
  scan(s, TOMORROW, (m) => {
    if (/^morgen/iu.test(m[0]) && GUTEN_BEFORE.test(s.view().slice(0, m.index))) return;
    add(m, 1, partOfDay(m[1]));
  });
  scan(s, THIS_PART, (m) => add(m, 0, partOfDay(m[1])));
}

/** Holidays people date tasks by; each is its next occurrence from today on. */
const HOLIDAY = re(
  `${WB}(?:(christmas|xmas|x-mas)\\s+eve|(christmas|xmas|x-mas)(?:\\s+day)?|(new\\s+year['’]?s\\s+eve|nye)|(new\\s+year['’]?s(?:\\s+day)?|new\\s+year\\s+day)|(boxing\\s+day)|(valentine['’]?s(?:\\s+day)?)|(hallowe['’]?en)|(thanksgiving)(?:\\s+day)?|(good\\s+friday)|(easter)(?:\\s+(sunday|monday))?)${WE}`,
);
/** "by the new year", "before new year": only after a linking word (a "new year greeting" is a noun). */
const BY_NEW_YEAR = re(`${WB}(?<=(?:by|before|until|till|for|over|at)\\s+(?:the\\s+)?)new\\s+year${WE}`);
/** Words before a holiday that make it no due date ("after Christmas", "last Christmas"). */
const NOT_A_HOLIDAY_BEFORE = new Set(['after', 'since', 'last', 'past', 'previous', 'post', 'pre', 'til', 'during', 'from']);
const DEADLINE_WORDS = new Set(['by', 'before', 'until', 'till', 'due']);
const CANADIAN_ZONES = /^America\/(?:Toronto|Vancouver|Montreal|Edmonton|Winnipeg|Halifax|Regina|St_Johns|Moncton|Whitehorse|Yellowknife|Iqaluit)$/u;

/** Easter Sunday of a year (the Gregorian computus). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatCalendarDate({ year, month, day });
}

/** The nth `weekday` of a month (Thanksgiving: the 4th Thursday of November; Canada: the 2nd Monday of October). */
function nthWeekdayOf(year: number, month: number, nth: number, weekday: number): string {
  const first = formatCalendarDate({ year, month, day: 1 });
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return addDays(first, offset + 7 * (nth - 1));
}

/** The first date from today on that `dateIn(year)` gives, this year or next. */
function upcoming(ctx: RuleContext, dateIn: (year: number) => string): string {
  const thisYear = dateIn(ctx.year);
  return thisYear >= ctx.today ? thisYear : dateIn(ctx.year + 1);
}

/** Christmas, Christmas Eve, New Year's Eve/Day, and a few other holidays (next occurrence ≥ today). */
function recognizeHolidays(s: Scanner, ctx: RuleContext): void {
  const fixed = (month: number, day: number) => upcoming(ctx, (year) => formatCalendarDate({ year, month, day }));
  scan(s, HOLIDAY, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    const before = prevWord(s, start);
    if (before !== null && NOT_A_HOLIDAY_BEFORE.has(before)) return;
    // "the Christmas party", "Thanksgiving dinner", "New Year's resolutions": a noun phrase, not a date
    // (after a deadline word it is the date whatever follows: "before Easter finalise the will").
    if (possessiveAfter(s, end) || (followedByNoun(s, end) && !DEADLINE_WORDS.has(before ?? ''))) return;
    let date: string;
    if (m[1]) date = fixed(12, 24);
    else if (m[2]) date = fixed(12, 25);
    else if (m[3]) date = fixed(12, 31);
    else if (m[4]) date = fixed(1, 1);
    else if (m[5]) date = fixed(12, 26);
    else if (m[6]) date = fixed(2, 14);
    else if (m[7]) date = fixed(10, 31);
    else if (m[8]) date = upcoming(ctx, (year) => (CANADIAN_ZONES.test(ctx.timezone) ? nthWeekdayOf(year, 10, 2, 1) : nthWeekdayOf(year, 11, 4, 4)));
    else if (m[9]) date = upcoming(ctx, (year) => addDays(easterSunday(year), -2));
    else {
      const shift = m[11]?.toLowerCase() === 'monday' ? 1 : 0;
      date = upcoming(ctx, (year) => addDays(easterSunday(year), shift));
    }
    s.add(start, end, { field: 'date', date });
  });
  scan(s, BY_NEW_YEAR, (m) => {
    if (!followedByNoun(s, m.index + m[0].length)) s.add(m.index, m.index + m[0].length, { field: 'date', date: fixed(1, 1) });
  });
}

const WEEKDAY_WEEK = re(`${WB}(?:(?:this|next|coming)\\s+)?(${WEEKDAY})\\s+(week|fortnight)${WE}(?!['’-])`);
const WEEKS_ON_WEEKDAY = re(`${WB}(a|one|two|three|\\d)\\s+(weeks?|fortnight)\\s+(?:on|from|after)?\\s*(?:(?:this|next|coming)\\s+)?(${WEEKDAY})${WE}(?!['’])`);
const WEEKDAY_AFTER_NEXT = re(`${WB}(?:the\\s+)?(${WEEKDAY})\\s+after\\s+next${WE}`);
const WEEK_AFTER_NEXT = re(`${WB}(?:the\\s+)?week\\s+after\\s+next${WE}`);

/** "Tuesday week", "a week on Tuesday", "two weeks from Friday", "Friday after next", "the week after next". */
function recognizeWeeksFromWeekday(s: Scanner, ctx: RuleContext): void {
  const weekdayPlus = (word: string, days: number) => {
    const weekday = weekdayIndex(word);
    return weekday === null ? null : addDays(nextWeekday(ctx, weekday), days);
  };
  scan(s, WEEKDAY_WEEK, (m) => {
    const word = m[1] as string;
    if (word.length <= 4 && word === word.toUpperCase()) return; // "SAT week": an exam
    if (NOT_A_WEEKDAY_BEFORE.has(prevWord(s, m.index) ?? '')) return;
    const date = weekdayPlus(word, (m[2] as string).toLowerCase() === 'fortnight' ? 14 : 7);
    if (date) s.add(m.index, m.index + m[0].length, { field: 'date', date });
  });
  scan(s, WEEKS_ON_WEEKDAY, (m) => {
    const count = quantityValue(m[1] as string) ?? 1;
    const days = count * ((m[2] as string).toLowerCase() === 'fortnight' ? 14 : 7);
    const date = weekdayPlus(m[3] as string, days);
    if (date) s.add(m.index, m.index + m[0].length, { field: 'date', date });
  });
  scan(s, WEEKDAY_AFTER_NEXT, (m) => {
    const date = weekdayPlus(m[1] as string, 7);
    if (date) s.add(m.index, m.index + m[0].length, { field: 'date', date });
  });
  scan(s, WEEK_AFTER_NEXT, (m) => s.add(m.index, m.index + m[0].length, { field: 'date', date: addDays(mondayNextWeek(ctx), 7) }));
}

const END_OF_NEXT_WEEK = re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+next\\s+week)${WE}`);
const END_OF_WEEK = re(
  `${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?(?:work(?:ing)?\\s*)?week|eow|(?:later\\s+)?this\\s+week|before\\s+(?:the\\s+|this\\s+)?weekend)${WE}`,
);
const NEXT_WEEKEND = re(`${WB}next\\s+weekend${WE}`);
const THIS_WEEKEND = re(`${WB}(?:this\\s+weekend|(?:over|on|at|during|for)\\s+the\\s+weekend|by\\s+the\\s+weekend)${WE}`);
const NEXT_WEEK = re(`${WB}(?:(?:early\\s+|later\\s+)?next\\s+week|(?:the\\s+)?(?:beginning|start)\\s+of\\s+next\\s+week)${WE}`);
const WEEKDAY_AFTER = /^\s+(?:on\s+)?([\p{L}]+)/u;
const END_OF_NEXT_MONTH = re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+next\\s+month|(?:the\\s+)?last\\s+day\\s+of\\s+next\\s+month)${WE}`);
const FIRST_OF_NEXT_MONTH = re(`${WB}(?:(?:the\\s+)?(?:beginning|start)\\s+of\\s+next\\s+month|(?:the\\s+)?(?:first|1st)\\s+(?:day\\s+)?of\\s+next\\s+month|next\\s+month)${WE}`);
const LAST_WORKDAY_OF_MONTH = re(`${WB}(?:the\\s+)?last\\s+(?:business|working|work)\\s+day\\s+of\\s+(?:the\\s+|this\\s+)?month${WE}`);
const END_OF_MONTH = re(
  `${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?month|eom|(?:the\\s+)?month[- ]end|(?:the\\s+)?last\\s+(?:day\\s+)?of\\s+(?:the\\s+|this\\s+)?month)${WE}`,
);
const END_OF_QUARTER = re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?quarter|eoq|(?:the\\s+)?quarter[- ]end)${WE}`);
const NEXT_QUARTER = re(`${WB}next\\s+quarter${WE}`);
const END_OF_YEAR = re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?year|eoy|(?:the\\s+)?year[- ]end)${WE}`);
const NEXT_YEAR = re(`${WB}next\\s+year${WE}`);
const PERIOD_ADJECTIVE = /^(?:the\s+)?(?:year|month|quarter)[- ]end$/iu;

/**
 * Periods (RULES §3): this weekend, next week, end of (next) week, EOW, before the weekend, next month,
 * end of (next) month, EOM, the last day of the month, first of next month, year end, EOY, end of quarter;
 * "Tuesday week", "a week on Tuesday"; holidays.
 */
export function recognizePeriods(s: Scanner, ctx: RuleContext): void {
  const add = (m: RegExpExecArray, date: string) => {
    // "year-end party", "month-end close": an adjective of a noun, not a due date.
    if (PERIOD_ADJECTIVE.test(m[0]) && followedByNoun(s, m.index + m[0].length)) return;
    s.add(m.index, m.index + m[0].length, { field: 'date', date });
  };
  recognizeHolidays(s, ctx);
  recognizeWeeksFromWeekday(s, ctx);
  const thisWeekendSaturday = () => (ctx.weekday === 6 || ctx.weekday === 0 ? ctx.today : nextWeekday(ctx, 6));
  const nextWeekendSaturday = () => (ctx.weekday === 6 ? addDays(ctx.today, 7) : ctx.weekday === 0 ? addDays(ctx.today, 6) : addDays(nextWeekday(ctx, 6), 7));
  scan(s, END_OF_NEXT_WEEK, (m) => add(m, addDays(mondayNextWeek(ctx), 4)));
  scan(s, END_OF_WEEK, (m) => add(m, endOfWeek(ctx)));
  scan(s, NEXT_WEEKEND, (m) => add(m, nextWeekendSaturday()));
  scan(s, THIS_WEEKEND, (m) => add(m, thisWeekendSaturday()));
  scan(s, NEXT_WEEK, (m) => {
    const previous = prevWord(s, m.index);
    if (previous && weekdayIndex(previous) !== null) return; // "Friday next week": the weekday recogniser reads both
    // "next week Tuesday" / "next week on Tuesday": that weekday of next week.
    const after = WEEKDAY_AFTER.exec(s.view().slice(m.index + m[0].length));
    const wd = after ? weekdayIndex(after[1] as string) : null;
    if (after && wd !== null) {
      s.add(m.index, m.index + m[0].length + after[0].length, { field: 'date', date: addDays(mondayNextWeek(ctx), (wd + 6) % 7) });
      return;
    }
    add(m, mondayNextWeek(ctx));
  });
  const next = nextMonthOf(ctx);
  scan(s, END_OF_NEXT_MONTH, (m) => add(m, lastDayOfMonth(next.year, next.month)));
  scan(s, FIRST_OF_NEXT_MONTH, (m) => add(m, firstOfMonth(next.year, next.month)));
  scan(s, LAST_WORKDAY_OF_MONTH, (m) => add(m, lastWorkdayOfMonth(ctx.year, ctx.month)));
  scan(s, END_OF_MONTH, (m) => add(m, lastDayOfMonth(ctx.year, ctx.month)));
  scan(s, END_OF_QUARTER, (m) => add(m, lastDayOfMonth(ctx.year, Math.ceil(ctx.month / 3) * 3)));
  scan(s, NEXT_QUARTER, (m) => {
    const firstMonth = Math.ceil(ctx.month / 3) * 3 + 1;
    add(m, firstMonth > 12 ? firstOfMonth(ctx.year + 1, 1) : firstOfMonth(ctx.year, firstMonth));
  });
  scan(s, END_OF_YEAR, (m) => add(m, `${ctx.year}-12-31`));
  scan(s, NEXT_YEAR, (m) => add(m, `${ctx.year + 1}-01-01`));
}

/** Words before a weekday that make it a name or a holiday, not a due date. */
const NOT_A_WEEKDAY_BEFORE = new Set([
  'mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'dr', 'dr.', 'miss', 'black', 'cyber', 'good', 'ash', 'easter', 'palm', 'holy', 'maundy',
  'shrove', 'fat', 'super', 'girl', 'man', 'blue', 'giving', 'travel', 'last', 'past', 'previous', 'the',
]);

/** Groups: 1 modifier, 2 weekday, 3 dot, 4 next/this week, 5 part of day, 6 "first thing" (09:00 that day). */
const WEEKDAY_DATE = re(
  `${WB}(?:(first\\s+thing)\\s+(?:on\\s+)?)?(?:(this\\s+coming|this|next|coming|upcoming|following)\\s+)?(${WEEKDAY})(\\.)?(?:\\s+(next|this)\\s+week)?${PART_SUFFIX}${WE}`,
);

/**
 * Weekdays: "monday", "next fri", "this Thursday", "on Monday", "Friday evening", "Monday next week".
 * `onlyOpening`: a second pass after the other fields, for a weekday that opens its segment behind them
 * ("midday friday lunch with …", "half ten monday …"): there it is a date whatever follows (RULES §1).
 */
export function recognizeWeekdays(s: Scanner, ctx: RuleContext, onlyOpening?: readonly Segment[]): void {
  scan(s, WEEKDAY_DATE, (m) => {
    const word = m[3] as string;
    const start = m.index;
    if (onlyOpening && !atSegmentStart(s, onlyOpening, start)) return;
    const end = start + m[0].length;
    const view = s.view();
    const weekdayEnd = start + m[0].indexOf(word) + word.length;
    const after = view.slice(weekdayEnd, weekdayEnd + 3);
    if (/^['’]s/u.test(after)) return; // "Sunday's match"
    if (/^\.\p{L}/u.test(after) || /^-\p{L}/u.test(after)) return; // "Monday.com", "Friday-ish"
    if (/[\p{L}\p{N}][-/–]$/u.test(view.slice(Math.max(0, start - 2), start))) return; // "Mon-Fri", "Tue/Thu": a range or list
    if (word.length <= 4 && word === word.toUpperCase() && /[A-Z]/u.test(word)) return; // "SAT prep", "SUN"
    const before = prevWord(s, start);
    if (!m[1] && !m[2] && before && NOT_A_WEEKDAY_BEFORE.has(before)) return;
    if (!m[1] && !m[2] && !m[5] && !m[6] && weekdayModifiesNoun(s, start, end)) return; // "slides for monday meeting" (RULES §1)
    const weekday = weekdayIndex(word);
    if (weekday === null) return;
    const modifier = m[2]?.toLowerCase();
    const weekSuffix = m[5]?.toLowerCase();
    let date: string;
    if (weekSuffix === 'next') date = addDays(mondayNextWeek(ctx), (weekday + 6) % 7);
    else date = nextWeekday(ctx, weekday, modifier === 'this' || weekSuffix === 'this');
    const part = m[1] ? 'morning' : partOfDay(m[6]);
    s.add(start, end, { field: 'date', date, ...(part ? { part } : {}) });
  });
}

const LINK_AT_END = /(?:on|by|due|before|until|till)\s*$/iu;

/** A date, time or repeat right before `index`, past a linking word ("every month on | the 15th"). */
function afterFieldAndLink(s: Scanner, index: number): boolean {
  const link = LINK_AT_END.exec(s.view().slice(Math.max(0, index - 12), index));
  const at = link ? index - link[0].length : index;
  return afterHit(s, at, ['date', 'time', 'recurrence']);
}

const PREPOSITIONS = new Set(['on', 'by', 'due', 'before', 'until', 'till', 'til', 'for', '@', 'at', 'bis', 'am', 'zum', 'le', 'el', 'para']);

const ORDINAL_DAY = re(`${WB}(?:(the)\\s+)?(?:(\\d{1,2})(st|nd|rd|th)|(${WORD_ORDINAL}))(?:\\s+(?:day\\s+)?of\\s+(the|this|next)\\s+month)?${WE}`);

/**
 * Days of the month: "the 15th", "on the 20th", "29th" at the end, "the twenty fifth", "the 15th of next
 * month", "first of the month". Only at the end of the text, after on/by/due/before/until/the, or right
 * before a time; never when a noun follows ("2nd Floor").
 */
export function recognizeOrdinalDays(s: Scanner, ctx: RuleContext, segments: readonly Segment[]): void {
  scan(s, ORDINAL_DAY, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    const hasThe = m[1] !== undefined;
    const ofMonth = m[5]?.toLowerCase();
    if (m[4] !== undefined && !hasThe && ofMonth === undefined) return; // word ordinals only as "the fifth", "first of the month"
    const day = m[2] !== undefined ? Number(m[2]) : ordinalValue(m[4] as string);
    if (day === null || day < 1 || day > 31) return;
    const before = prevWord(s, start);
    const afterPreposition = before !== null && PREPOSITIONS.has(before);
    // "2nd Floor" is a name; "every month on the 15th pay the tax" is a date (a field came right before).
    if (!ofMonth && followedByNoun(s, end) && !afterFieldAndLink(s, start)) return;
    const accepted =
      ofMonth !== undefined || afterPreposition || hasThe || atSegmentEnd(s, segments, end) || beforeHit(s, end, ['time', 'filler']) || (atSegmentStart(s, segments, start) && !followedByNoun(s, end));
    if (!accepted) return;
    let date: string | null;
    if (ofMonth === 'next') {
      const { year, month } = nextMonthOf(ctx);
      date = exactDate(year, month, Math.min(day, daysInMonth(year, month)));
    } else date = nextDayOfMonth(ctx, day);
    if (!date) return;
    s.add(start, end, { field: 'date', date });
  });
}

const NUMERIC_DATE = re(`(?<![\\p{L}\\p{N}_/.:@#+$€£-])(\\d{1,2})([/.-])(\\d{1,2})(?:\\2(\\d{4}|\\d{2}))?(\\.)?(?![\\p{L}\\p{N}_%]|[/:-]\\d|[.,]\\d)`);
const AMOUNT_UNIT = /^(?:h|hrs?|hours?|m|mins?|minutes?|days?|k|%|eur|usd|pounds?|dollars?|euros?|kg|km|mi|x)$/u;

/**
 * Numeric dates `a/b`, `a-b`, `a.b` with an optional year. M/D in the Americas' zones, else D/M; a part
 * above 12 forces the other reading; dotted dates are always D.M; YY = 20YY; past without a year → next
 * year. Only at the start or end of the text, after on/by/due/before/until/the, or right before a time.
 */
export function recognizeNumericDates(s: Scanner, ctx: RuleContext, segments: readonly Segment[]): void {
  scan(s, NUMERIC_DATE, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    const [a, sep, b, yearText, trailingDot] = [Number(m[1]), m[2] as string, Number(m[3]), m[4], m[5]];
    if (sep === '/' && a === 24 && b === 7) return; // 24/7
    const before = prevWord(s, start);
    const afterPreposition = before !== null && (PREPOSITIONS.has(before) || (before === 'the' && !followedByNoun(s, end)));
    if (sep === '-' && yearText === undefined && !afterPreposition) return; // "1-2 hours", "3-4 people"
    if (sep === '.' && yearText === undefined && !trailingDot && (m[1] as string).length < 2 && (m[3] as string).length < 2) return; // "1.2"
    if (sep === '.' && yearText === undefined && !trailingDot && /^\d+\.\d+$/u.test(m[0]) && !afterPreposition) {
      // "1.25 hours", "2.50" are amounts: a dotted date needs a two-digit day or month and no unit after.
      const next = nextWord(s, end);
      if (next && AMOUNT_UNIT.test(next.word)) return;
    }
    const accepted =
      afterPreposition ||
      atSegmentStart(s, segments, start) ||
      atSegmentEnd(s, segments, trailingDot ? end - 1 : end) ||
      beforeHit(s, end, ['time', 'filler']);
    if (!accepted) return;
    let month: number;
    let day: number;
    if (sep === '.') [day, month] = [a, b];
    else if (ctx.monthFirst) [month, day] = a > 12 ? [b, a] : [a, b];
    else [day, month] = b > 12 ? [b, a] : [a, b];
    if (month < 1 || month > 12 || day < 1 || day > 31) return;
    let date: string | null;
    if (yearText !== undefined) date = exactDate(yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText), month, day);
    else date = upcomingMonthDay(ctx, month, day);
    if (!date) return;
    s.add(start, trailingDot && yearText === undefined && sep !== '.' ? end - 1 : end, { field: 'date', date });
  });
}
