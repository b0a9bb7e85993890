import { RECURRING_INTERVAL_MAX, type RecurringType } from '@daybook/shared';
import { addDays, daysInMonth, weekdayOf } from '@daybook/shared';
import { nextDayOfMonth, nextWeekday, type RuleContext } from './context';
import { atSegmentStart, prevWord } from './helpers';
import { ordinalValue, QUANTITY, quantityValue, WB, WE, WEEKDAY, WEEKDAY_PLURAL, weekdayIndex, WORD_ORDINAL } from './lexicon';
import { scan, type PartOfDay, type Scanner } from './scanner';
import type { Segment } from './segments';

const re = (source: string) => new RegExp(source, 'giu');

const clampInterval = (n: number) => Math.max(1, Math.min(RECURRING_INTERVAL_MAX, Math.round(n)));

/** Words before "weekly"/"monthly" that make it an adjective of a noun ("the weekly report"). */
const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'his', 'her', 'their', 'its', 'this', 'that', 'these', 'those', 'next', 'last', 'each', 'every', 'per', 'any', 'some', 'no', "today's", "tomorrow's"]);

/** Words right after "weekly"/"daily" that keep it an adverb ("send it weekly on Fridays"). */
const ADVERB_FOLLOWERS = new Set(['at', 'on', 'from', 'starting', 'until', 'till', 'by', 'in', '@', 'for', 'before', 'after', 'and', 'or', 'please', 'basis', 'going', 'forward', 'recurring', 'repeat', 'repeating', 'thereafter']);

const ADVERBS: Record<string, { type: RecurringType; interval: number; part?: PartOfDay; always?: boolean }> = {
  daily: { type: 'daily', interval: 1 },
  nightly: { type: 'daily', interval: 1, part: 'night' },
  weekly: { type: 'weekly', interval: 1 },
  biweekly: { type: 'weekly', interval: 2 },
  'bi-weekly': { type: 'weekly', interval: 2 },
  fortnightly: { type: 'weekly', interval: 2 },
  monthly: { type: 'monthly', interval: 1 },
  bimonthly: { type: 'monthly', interval: 2 },
  'bi-monthly': { type: 'monthly', interval: 2 },
  quarterly: { type: 'monthly', interval: 3 },
  yearly: { type: 'monthly', interval: 12 },
  annually: { type: 'monthly', interval: 12, always: true },
  biannually: { type: 'monthly', interval: 6, always: true },
  'bi-annually': { type: 'monthly', interval: 6, always: true },
  semiannually: { type: 'monthly', interval: 6, always: true },
  'semi-annually': { type: 'monthly', interval: 6, always: true },
  biennially: { type: 'monthly', interval: 24, always: true },
};

/** The next date from today on that is the nth (or last, -1) `weekday` of its month. */
function nextNthWeekday(ctx: RuleContext, nth: number, weekday: number): string {
  for (let offset = 0; offset < 400; offset += 1) {
    const date = addDays(ctx.today, offset);
    if (weekdayOf(date) !== weekday) continue;
    const day = Number(date.slice(8, 10));
    const { year, month } = { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
    const isNth = nth > 0 ? Math.ceil(day / 7) === nth : day + 7 > daysInMonth(year, month);
    if (isNth) return date;
  }
  return ctx.today;
}

/** The next Monday–Friday from today on. */
function nextWorkday(ctx: RuleContext): string {
  if (ctx.weekday >= 1 && ctx.weekday <= 5) return ctx.today;
  return addDays(ctx.today, ctx.weekday === 6 ? 2 : 1);
}

/**
 * Recurrence (RULES §6): every day/week/month/year/quarter (with N or "other"), daily/weekly/monthly…,
 * every <weekday>, on <weekday>s, every morning, once a week, on the 15th of every month. Nouns are not
 * recurrences ("the weekly report", "monthly invoices"); a recurrence word naming the task at its start
 * ("Daily standup") sets the field and stays in the title. Hourly repeats have no mapping and stay text.
 */
export function recognizeRecurrence(s: Scanner, ctx: RuleContext, segments: readonly Segment[]): void {
  // "on the 15th of every month", "the 1st of each month"
  scan(s, re(`${WB}(?:on\\s+)?(?:the\\s+)?(\\d{1,2}(?:st|nd|rd|th)?|${WORD_ORDINAL})\\s+(?:day\\s+)?of\\s+(?:every|each|the)\\s+month${WE}`), (m) => {
    if (!/\b(?:every|each)\b/i.test(m[0])) return;
    const day = ordinalValue(m[1] as string);
    const anchor = day !== null ? nextDayOfMonth(ctx, day) : null;
    if (anchor) s.add(m.index, m.index + m[0].length, { field: 'recurrence', type: 'monthly', interval: 1, anchor });
  });
  // "every 15th", "every 1st of the month", "each first day of the month"
  scan(s, re(`${WB}(?:every|each)\\s+(?:(\\d{1,2}(?:st|nd|rd|th))(?:\\s+(?:day\\s+)?of\\s+the\\s+month)?|(${WORD_ORDINAL})\\s+(?:day\\s+)?of\\s+the\\s+month)${WE}(?!\\s+(?:day|week|month|year|quarter|${WEEKDAY})s?(?![\\p{L}]))`), (m) => {
    const day = ordinalValue((m[1] ?? m[2]) as string);
    const anchor = day !== null ? nextDayOfMonth(ctx, day) : null;
    if (anchor) s.add(m.index, m.index + m[0].length, { field: 'recurrence', type: 'monthly', interval: 1, anchor });
  });
  // "the first Monday of each month", "every last Friday of the month"
  scan(s, re(`${WB}(?:on\\s+)?(?:the\\s+|every\\s+|each\\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+(${WEEKDAY})\\s+of\\s+(?:each|every|the)\\s+month${WE}`), (m) => {
    const nth = ({ first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: -1 } as Record<string, number>)[(m[1] as string).toLowerCase()];
    const weekday = weekdayIndex(m[2] as string);
    if (nth === undefined || weekday === null) return;
    s.add(m.index, m.index + m[0].length, { field: 'recurrence', type: 'monthly', interval: 1, anchor: nextNthWeekday(ctx, nth, weekday) });
  });
  // "every (other|N|second) day/week/month/year/quarter/fortnight/weekday/<weekday>/morning"
  const units = `(days?|weeks?|wks?|months?|years?|yrs?|quarters?|fortnights?|weekdays|weekday|workdays?|business\\s+days?|weekends?|mornings?|afternoons?|evenings?|nights?|${WEEKDAY})`;
  scan(s, re(`${WB}(?:every|each)\\s+(?:(other|second|2nd|third|3rd|fourth|4th|${QUANTITY})\\s+)?${units}(?:\\s+(?:and|&)\\s+(${WEEKDAY}))?${WE}`), (m) => {
    const countWord = m[1]?.toLowerCase();
    let n = 1;
    if (countWord === 'other' || countWord === 'second' || countWord === '2nd') n = 2;
    else if (countWord === 'third' || countWord === '3rd') n = 3;
    else if (countWord === 'fourth' || countWord === '4th') n = 4;
    else if (countWord !== undefined) n = quantityValue(countWord) ?? 1;
    const unit = (m[2] as string).toLowerCase().replace(/\s+/g, ' ');
    const add = (type: RecurringType, interval: number, extra: { anchor?: string; part?: PartOfDay } = {}) =>
      s.add(m.index, m.index + m[0].length, { field: 'recurrence', type, interval: clampInterval(interval), ...extra });
    if (/^days?$/.test(unit)) add('daily', n);
    else if (/^(?:weeks?|wks?)$/.test(unit)) add('weekly', n);
    else if (/^fortnights?$/.test(unit)) add('weekly', 2 * n);
    else if (/^months?$/.test(unit)) add('monthly', n);
    else if (/^quarters?$/.test(unit)) add('monthly', 3 * n);
    else if (/^(?:years?|yrs?)$/.test(unit)) add('monthly', 12 * n);
    else if (/^(?:weekdays?|workdays?|business days?)$/.test(unit)) add('daily', 1, { anchor: nextWorkday(ctx) });
    else if (/^weekends?$/.test(unit)) add('weekly', n, { anchor: ctx.weekday === 6 ? ctx.today : nextWeekday(ctx, 6) });
    else if (/^(?:morning|afternoon|evening|night)s?$/.test(unit)) add('daily', n, { part: unit.replace(/s$/, '') as PartOfDay });
    else {
      const weekday = weekdayIndex(unit);
      const also = m[3] ? weekdayIndex(m[3]) : null;
      // "every Tuesday and Friday": the series starts at whichever comes first.
      const anchors = [weekday, also].filter((d): d is number => d !== null).map((d) => nextWeekday(ctx, d)).sort();
      if (anchors.length > 0) add('weekly', n, { anchor: anchors[0] as string });
    }
  });
  // "once a week", "once per month", "twice a year"
  scan(s, re(`${WB}(once|twice)\\s+(?:a|per|every|each)\\s+(day|week|month|quarter|year)${WE}`), (m) => {
    const twice = (m[1] as string).toLowerCase() === 'twice';
    const unit = (m[2] as string).toLowerCase();
    if (twice && unit !== 'year') return; // twice a day/week/month has no mapping
    const map: Record<string, [RecurringType, number]> = { day: ['daily', 1], week: ['weekly', 1], month: ['monthly', 1], quarter: ['monthly', 3], year: ['monthly', twice ? 6 : 12] };
    const [type, interval] = map[unit] as [RecurringType, number];
    s.add(m.index, m.index + m[0].length, { field: 'recurrence', type, interval });
  });
  // "on Mondays", "Fridays"
  scan(s, re(`${WB}(?:on\\s+)?${WEEKDAY_PLURAL}${WE}(?!['’])`), (m) => {
    const word = /(\p{L}+)$/u.exec(m[0])?.[1] as string;
    const weekday = weekdayIndex(word);
    if (weekday === null) return;
    const before = prevWord(s, m.index);
    if (before && ['the', 'last', 'past'].includes(before)) return;
    s.add(m.index, m.index + m[0].length, { field: 'recurrence', type: 'weekly', interval: 1, anchor: nextWeekday(ctx, weekday) });
  });
  // Adverbs: daily, weekly, monthly, quarterly, yearly, annually, biannually…
  scan(s, re(`${WB}(${Object.keys(ADVERBS).sort((a, b) => b.length - a.length).join('|')})${WE}(?!-)`), (m) => {
    const word = (m[1] as string).toLowerCase();
    const spec = ADVERBS[word];
    if (!spec) return;
    const start = m.index;
    const end = start + m[0].length;
    const add = (keep: boolean) =>
      s.add(start, end, { field: 'recurrence', type: spec.type, interval: spec.interval, ...(spec.part ? { part: spec.part } : {}) }, keep);
    if (spec.always) return void add(false);
    const before = prevWord(s, start);
    if (before && DETERMINERS.has(before)) return;
    const view = s.view();
    const rest = view.slice(end);
    const nextMatch = /^\s*([\p{L}\p{N}@]+)/u.exec(rest);
    const glued = /^\s*[\p{L}\p{N}@]/u.test(rest);
    if (!glued) return void add(false); // end, punctuation or a recognised field follows
    const nextWordText = (nextMatch?.[1] ?? '').toLowerCase();
    if (ADVERB_FOLLOWERS.has(nextWordText)) return void add(false);
    if (atSegmentStart(s, segments, start)) return void add(true); // "Daily standup", "Weekly review with Acme"
  });
}
