import { addDays, addMonths, daysInMonth, formatCalendarDate } from '@daybook/shared';
import {
  afterMinutes,
  exactDate,
  lastDayOfMonth,
  nextDayOfMonth,
  nextWeekday,
  upcomingMonthDay,
  type RuleContext,
} from './context';
import { atSegmentEnd, atSegmentStart, beforeHit, FUNCTION_WORDS, nextWord, prevWord } from './helpers';
import { MONTH, monthIndex, ordinalValue, QUANTITY, quantityValue, WB, WE, WEEKDAY, weekdayIndex, WORD_ORDINAL } from './lexicon';
import { scan, type PartOfDay, type Scanner } from './scanner';
import type { Segment } from './segments';

const re = (source: string) => new RegExp(source, 'giu');

const PART = '(morning|afternoon|evening|night|noon|midday|lunch(?:time)?)';
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

/** ISO dates (`2021-07-06`, `2021/07/06`, optionally with a time): as written, past allowed. */
export function recognizeIsoDates(s: Scanner): void {
  scan(s, re(`(?<![\\p{L}\\p{N}_/.-])(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})(?:[T\\s](\\d{1,2}):(\\d{2})(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?(?![\\p{L}\\p{N}_]|[/-]\\d|\\.\\d)`), (m) => {
    const date = exactDate(Number(m[1]), Number(m[3]), Number(m[4]));
    if (!date) return;
    const start = m.index;
    if (m[5] !== undefined && Number(m[5]) < 24 && Number(m[6]) < 60) {
      s.add(start, start + m[0].length, { field: 'date', date, time: `${m[5]!.padStart(2, '0')}:${m[6]}`, fixedTime: true });
    } else {
      const datePart = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}/u.exec(m[0])![0];
      s.add(start, start + datePart.length, { field: 'date', date });
    }
  });
}

/** "in 3 days", "in 2 weeks", "in a month", "in 2 hours", "in 30 minutes", "3 days from now". */
export function recognizeRelativeOffsets(s: Scanner, ctx: RuleContext): void {
  const unit = '(minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|months?|years?|yrs?)';
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
    else if (u.startsWith('w')) s.add(start, end, { field: 'date', date: addDays(ctx.today, Math.round(amount * 7)) });
    else if (u.startsWith('mo')) s.add(start, end, { field: 'date', date: addMonths(ctx.today, Math.round(amount)) });
    else if (u.startsWith('y')) s.add(start, end, { field: 'date', date: addMonths(ctx.today, Math.round(amount * 12)) });
  };
  scan(s, re(`${WB}in\\s+(?:an?\\s+)?(?:hour\\s+and\\s+a\\s+half|(\\d+|${QUANTITY})\\s+and\\s+a\\s+half\\s+hours?)${WE}`), (m) => {
    const whole = m[1] ? (quantityValue(m[1]) ?? 1) : 1;
    apply(m.index, m.index + m[0].length, whole + 0.5, 'hours');
  });
  scan(s, re(`${WB}in\\s+half\\s+an?\\s+(hour|day)${WE}`), (m) => {
    if ((m[1] as string).toLowerCase() === 'hour') apply(m.index, m.index + m[0].length, 30, 'minutes');
  });
  scan(s, re(`${WB}in\\s+(?:a\\s+|one\\s+)?fortnight${WE}`), (m) => apply(m.index, m.index + m[0].length, 2, 'weeks'));
  scan(s, re(`${WB}(?:in|within)\\s+(?:the\\s+next\\s+)?(${QUANTITY})\\s*${unit}${WE}`), (m) => {
    const amount = quantityValue(m[1] as string);
    if (amount !== null) apply(m.index, m.index + m[0].length, amount, m[2] as string);
  });
  scan(s, re(`${WB}(${QUANTITY})\\s+${unit}\\s+from\\s+(now|today|tomorrow)${WE}`), (m) => {
    const amount = quantityValue(m[1] as string);
    if (amount === null) return;
    const from = (m[3] as string).toLowerCase();
    if (from === 'tomorrow' && !/^(?:m|h)/i.test(m[2] as string)) {
      const u = (m[2] as string).toLowerCase();
      const days = u.startsWith('d') ? amount : u.startsWith('w') ? amount * 7 : 0;
      if (days > 0) s.add(m.index, m.index + m[0].length, { field: 'date', date: addDays(ctx.today, Math.round(days) + 1) });
      return;
    }
    apply(m.index, m.index + m[0].length, amount, m[2] as string);
  });
}

/** "jan 27", "27 jan", "21st June", "Mar 8th", "the 2nd of March", "June 1, 2026": past without a year → next year. */
export function recognizeMonthDates(s: Scanner, ctx: RuleContext): void {
  const day = `(\\d{1,2}(?:st|nd|rd|th)?|${WORD_ORDINAL})`;
  const year = `(?:,?\\s+(\\d{4})(?![\\p{N}:]))?`;
  const weekdayPrefix = `(?:${WEEKDAY}\\.?,?\\s+(?:the\\s+)?)?`;
  const make = (m: RegExpExecArray, monthWord: string, dayWord: string, yearWord: string | undefined) => {
    const month = monthIndex(monthWord);
    const d = ordinalValue(dayWord);
    if (month === null || d === null || d < 1 || d > 31) return;
    let date: string | null;
    if (yearWord !== undefined) date = exactDate(Number(yearWord), month, d);
    else date = upcomingMonthDay(ctx, month, d);
    if (!date) return;
    s.add(m.index, m.index + m[0].length, { field: 'date', date });
  };
  // Month first: "March 21", "Mar. 8th", "Friday, March 3", "June the 1st, 2026"
  scan(s, re(`${WB}${weekdayPrefix}(${MONTH})\\.?\\s+(?:the\\s+)?${day}(?:\\s*[-–]\\s*\\d{1,2}(?:st|nd|rd|th)?)?(?![\\p{L}\\p{N}_]|[:.,/]\\d)${year}`), (m) => {
    const dayWord = m[2] as string;
    if (/^\d/.test(dayWord) && Number.parseInt(dayWord, 10) > 31) return;
    make(m, m[1] as string, dayWord, m[3]);
  });
  // Day first: "27 jan", "21st June", "2nd of March", "the twenty fifth of May", "3. März"
  scan(s, re(`${WB}(?<![:./,-])${weekdayPrefix}(?:the\\s+)?${day}\\.?\\s+(?:of\\s+)?(${MONTH})(?:\\.(?=\\s|$))?${WE}${year}`), (m) => {
    const dayWord = m[1] as string;
    const monthWord = (m[2] as string).toLowerCase();
    if (monthWord === 'may' || monthWord === 'mar' || monthWord === 'mars') {
      // "3 may be late": only a date when nothing but an end, punctuation, a year or a time follows.
      const after = nextWord(s, m.index + m[0].length);
      if (!/[a-z]/.test(dayWord) && after && !FUNCTION_WORDS.has(after.word) && !/^\d/.test(after.word)) return;
    }
    make(m, m[2] as string, dayWord, m[3]);
  });
}

/** today, tonight, tomorrow (with a part of day), day after tomorrow, this morning/evening, and a few non-English words. */
export function recognizeRelativeDays(s: Scanner, ctx: RuleContext): void {
  const add = (m: RegExpExecArray, days: number, part?: PartOfDay) => {
    const after = s.view().slice(m.index + m[0].length, m.index + m[0].length + 2);
    if (/^['’]s/u.test(after)) return; // "tomorrow's meeting" names a thing
    s.add(m.index, m.index + m[0].length, { field: 'date', date: addDays(ctx.today, days), ...(part ? { part } : {}) });
  };
  scan(s, re(`${WB}(?:the\\s+)?day\\s+after\\s+tomorrow${WE}|${WB}(?:overmorrow|übermorgen|après[- ]demain|pasado\\s+mañana)${WE}`), (m) => add(m, 2));
  scan(s, re(`${WB}(?:tonight|tonite|heute\\s+abend|ce\\s+soir|esta\\s+noche)${WE}`), (m) => add(m, 0, 'night'));
  scan(s, re(`${WB}(?:today|tdy|heute|aujourd['’]hui|hoy)${PART_SUFFIX}${WE}`), (m) => add(m, 0, partOfDay(m[1])));
  scan(s, re(`${WB}(?:tomorrow|tmrw|tmrow|tmr|tomorow|tommorow|tommorrow|tomorrw|morgen|demain|mañana)${PART_SUFFIX}${WE}`), (m) => {
    if (/^morgen/i.test(m[0]) && /\bguten\s*$/iu.test(s.view().slice(0, m.index))) return;
    add(m, 1, partOfDay(m[1]));
  });
  scan(s, re(`${WB}this\\s+(morning|afternoon|evening)${WE}`), (m) => add(m, 0, partOfDay(m[1])));
}

/** this weekend, next week, end of week, next month, end of month, end of year, end of quarter. */
export function recognizePeriods(s: Scanner, ctx: RuleContext): void {
  const add = (m: RegExpExecArray, date: string) => {
    // "year-end party", "month-end close": an adjective of a noun, not a due date.
    if (/^(?:the\s+)?(?:year|month|quarter)[- ]end$/iu.test(m[0]) && followedByNoun(s, m.index + m[0].length)) return;
    s.add(m.index, m.index + m[0].length, { field: 'date', date });
  };
  const thisWeekendSaturday = () => (ctx.weekday === 6 || ctx.weekday === 0 ? ctx.today : nextWeekday(ctx, 6));
  const nextWeekendSaturday = () => (ctx.weekday === 6 ? addDays(ctx.today, 7) : ctx.weekday === 0 ? addDays(ctx.today, 6) : addDays(nextWeekday(ctx, 6), 7));
  scan(s, re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+next\\s+week)${WE}`), (m) => add(m, addDays(endOfWeek(ctx), 7)));
  scan(s, re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?(?:work\\s*)?week|eow|(?:later\\s+)?this\\s+week)${WE}`), (m) => add(m, endOfWeek(ctx)));
  scan(s, re(`${WB}next\\s+weekend${WE}`), (m) => add(m, nextWeekendSaturday()));
  scan(s, re(`${WB}(?:this\\s+weekend|(?:over|on|at|during|for)\\s+the\\s+weekend|by\\s+the\\s+weekend)${WE}`), (m) => add(m, thisWeekendSaturday()));
  scan(s, re(`${WB}(?:(?:early\\s+|later\\s+)?next\\s+week|(?:the\\s+)?(?:beginning|start)\\s+of\\s+next\\s+week)${WE}`), (m) => {
    const previous = prevWord(s, m.index);
    if (previous && weekdayIndex(previous) !== null) return; // "Friday next week": the weekday recogniser reads both
    // "next week Tuesday" / "next week on Tuesday": that weekday of next week.
    const after = /^\s+(?:on\s+)?([\p{L}]+)/u.exec(s.view().slice(m.index + m[0].length));
    const wd = after ? weekdayIndex(after[1] as string) : null;
    if (after && wd !== null) {
      s.add(m.index, m.index + m[0].length + after[0].length, { field: 'date', date: addDays(mondayNextWeek(ctx), (wd + 6) % 7) });
      return;
    }
    add(m, mondayNextWeek(ctx));
  });
  const nextMonthYear = ctx.month === 12 ? ctx.year + 1 : ctx.year;
  const nextMonth = ctx.month === 12 ? 1 : ctx.month + 1;
  scan(s, re(`${WB}(?:the\\s+)?end\\s+of\\s+next\\s+month${WE}`), (m) => add(m, lastDayOfMonth(nextMonthYear, nextMonth)));
  scan(s, re(`${WB}(?:(?:the\\s+)?(?:beginning|start)\\s+of\\s+)?next\\s+month${WE}`), (m) => add(m, firstOfMonth(nextMonthYear, nextMonth)));
  scan(s, re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?month|eom|(?:the\\s+)?month[- ]end)${WE}`), (m) => add(m, lastDayOfMonth(ctx.year, ctx.month)));
  scan(s, re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?quarter|eoq|(?:the\\s+)?quarter[- ]end)${WE}`), (m) => {
    const lastMonth = Math.ceil(ctx.month / 3) * 3;
    add(m, lastDayOfMonth(ctx.year, lastMonth));
  });
  scan(s, re(`${WB}next\\s+quarter${WE}`), (m) => {
    const firstMonth = Math.ceil(ctx.month / 3) * 3 + 1;
    add(m, firstMonth > 12 ? firstOfMonth(ctx.year + 1, 1) : firstOfMonth(ctx.year, firstMonth));
  });
  scan(s, re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?year|eoy|(?:the\\s+)?year[- ]end)${WE}`), (m) => add(m, `${ctx.year}-12-31`));
  scan(s, re(`${WB}next\\s+year${WE}`), (m) => add(m, `${ctx.year + 1}-01-01`));
}

/** Words before a weekday that make it a name or a holiday, not a due date. */
const NOT_A_WEEKDAY_BEFORE = new Set([
  'mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'dr', 'dr.', 'miss', 'black', 'cyber', 'good', 'ash', 'easter', 'palm', 'holy', 'maundy',
  'shrove', 'fat', 'super', 'girl', 'man', 'blue', 'giving', 'travel', 'last', 'past', 'previous', 'the',
]);

/** Weekdays: "monday", "next fri", "this Thursday", "on Monday", "Friday evening", "Monday next week". */
export function recognizeWeekdays(s: Scanner, ctx: RuleContext): void {
  const pattern = re(`${WB}(?:(this|next|coming|upcoming|following)\\s+)?(${WEEKDAY})(\\.)?(?:\\s+(next|this)\\s+week)?${PART_SUFFIX}${WE}`);
  scan(s, pattern, (m) => {
    const word = m[2] as string;
    const start = m.index;
    const end = start + m[0].length;
    const view = s.view();
    const weekdayEnd = start + m[0].indexOf(word) + word.length;
    const after = view.slice(weekdayEnd, weekdayEnd + 3);
    if (/^['’]s/u.test(after)) return; // "Sunday's match"
    if (/^\.\p{L}/u.test(after) || /^-\p{L}/u.test(after)) return; // "Monday.com", "Friday-ish"
    if (word.length <= 4 && word === word.toUpperCase() && /[A-Z]/.test(word)) return; // "SAT prep", "SUN"
    const before = prevWord(s, start);
    if (!m[1] && before && NOT_A_WEEKDAY_BEFORE.has(before)) return;
    const weekday = weekdayIndex(word);
    if (weekday === null) return;
    const modifier = m[1]?.toLowerCase();
    const weekSuffix = m[4]?.toLowerCase();
    let date: string;
    if (weekSuffix === 'next') date = addDays(mondayNextWeek(ctx), (weekday + 6) % 7);
    else date = nextWeekday(ctx, weekday, modifier === 'this' || weekSuffix === 'this');
    s.add(start, end, { field: 'date', date, ...(partOfDay(m[5]) ? { part: partOfDay(m[5]) } : {}) });
  });
}

const PREPOSITIONS = new Set(['on', 'by', 'due', 'before', 'until', 'till', 'til', 'for', '@', 'at', 'bis', 'am', 'zum', 'le', 'el', 'para']);

/** A noun right after an ordinal or number makes it part of a name ("2nd Floor", "13th floor"). */
function followedByNoun(s: Scanner, end: number): boolean {
  const next = nextWord(s, end);
  if (!next) return false;
  const between = s.view().slice(end, next.start);
  if (/[^\s]/u.test(between)) return false; // punctuation or a consumed field in between
  if (FUNCTION_WORDS.has(next.word)) return false;
  return true;
}

/**
 * Days of the month: "the 15th", "on the 20th", "29th" at the end, "the twenty fifth", "the 15th of next
 * month". Only at the end of the text, after on/by/due/before/until/the, or right before a time; never
 * when a noun follows ("2nd Floor").
 */
export function recognizeOrdinalDays(s: Scanner, ctx: RuleContext, segments: readonly Segment[]): void {
  const pattern = re(`${WB}(?:(the)\\s+)?(?:(\\d{1,2})(st|nd|rd|th)|(${WORD_ORDINAL}))(?:\\s+(?:day\\s+)?of\\s+(the|this|next)\\s+month)?${WE}`);
  scan(s, pattern, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    const hasThe = m[1] !== undefined;
    if (m[4] !== undefined && !hasThe) return; // word ordinals only as "the fifth"
    const day = m[2] !== undefined ? Number(m[2]) : ordinalValue(m[4] as string);
    if (day === null || day < 1 || day > 31) return;
    const before = prevWord(s, start);
    const afterPreposition = before !== null && PREPOSITIONS.has(before);
    const ofMonth = m[5]?.toLowerCase();
    if (!ofMonth && followedByNoun(s, end)) return;
    const accepted =
      ofMonth !== undefined || afterPreposition || hasThe || atSegmentEnd(s, segments, end) || beforeHit(s, end, ['time']) || (atSegmentStart(s, segments, start) && !followedByNoun(s, end));
    if (!accepted) return;
    let date: string | null;
    if (ofMonth === 'next') {
      const year = ctx.month === 12 ? ctx.year + 1 : ctx.year;
      const month = ctx.month === 12 ? 1 : ctx.month + 1;
      date = exactDate(year, month, Math.min(day, daysInMonth(year, month)));
    } else date = nextDayOfMonth(ctx, day);
    if (!date) return;
    s.add(start, end, { field: 'date', date });
  });
}

/**
 * Numeric dates `a/b`, `a-b`, `a.b` with an optional year. M/D in the Americas' zones, else D/M; a part
 * above 12 forces the other reading; dotted dates are always D.M; YY = 20YY; past without a year → next
 * year. Only at the start or end of the text, after on/by/due/before/until/the, or right before a time.
 */
export function recognizeNumericDates(s: Scanner, ctx: RuleContext, segments: readonly Segment[]): void {
  const pattern = re(`(?<![\\p{L}\\p{N}_/.:@#+$€£-])(\\d{1,2})([/.-])(\\d{1,2})(?:\\2(\\d{4}|\\d{2}))?(\\.)?(?![\\p{L}\\p{N}_%]|[/:-]\\d|[.,]\\d)`);
  scan(s, pattern, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    const [a, sep, b, yearText, trailingDot] = [Number(m[1]), m[2] as string, Number(m[3]), m[4], m[5]];
    if (sep === '/' && a === 24 && b === 7) return; // 24/7
    const before = prevWord(s, start);
    const afterPreposition = before !== null && (PREPOSITIONS.has(before) || (before === 'the' && !followedByNoun(s, end)));
    if (sep === '-' && yearText === undefined && !afterPreposition) return; // "1-2 hours", "3-4 people"
    if (sep === '.' && yearText === undefined && !trailingDot && (m[1] as string).length < 2 && (m[3] as string).length < 2) return; // "1.2"
    if (sep === '.' && yearText === undefined && !trailingDot && /^\d+\.\d+$/.test(m[0]) && !afterPreposition) {
      // "1.25 hours", "2.50" are amounts: a dotted date needs a two-digit day or month and no unit after.
      const next = nextWord(s, end);
      if (next && /^(?:h|hrs?|hours?|m|mins?|minutes?|days?|k|m|%|eur|usd|pounds?|dollars?|euros?|kg|km|mi|x)$/u.test(next.word)) return;
    }
    const accepted =
      afterPreposition ||
      atSegmentStart(s, segments, start) ||
      atSegmentEnd(s, segments, trailingDot ? end - 1 : end) ||
      beforeHit(s, end, ['time']);
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
