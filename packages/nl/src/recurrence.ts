import { addDays, daysInMonth, RECURRING_INTERVAL_MAX, weekdayOf, type RecurringType } from '@daybook/shared';
import { lastDayOfMonth, lastWorkdayOfMonth, nextDayOfMonth, nextWeekday, upcomingMonthDay, workdayFrom, type RuleContext } from './context';
import { atSegmentStart, prevWord, verbFollows } from './helpers';
import { MONTH, monthIndex, ordinalValue, QUANTITY, quantityValue, WB, WE, WEEKDAY, WEEKDAY_PLURAL, weekdayIndex, WORD_ORDINAL } from './lexicon';
import { scan, type PartOfDay, type Scanner } from './scanner';
import type { Segment } from './segments';

// Every pattern is built once here: the structurer runs on each keystroke.
const re = (source: string) => new RegExp(source, 'giu');

const clampInterval = (n: number) => Math.max(1, Math.min(RECURRING_INTERVAL_MAX, Math.round(n)));

/** Words before "weekly"/"monthly" that make it an adjective of a noun ("the weekly report"). */
const DETERMINERS = new Set([
  'the', 'a', 'an', 'my', 'our', 'your', 'his', 'her', 'their', 'its', 'this', 'that', 'these', 'those', 'next', 'last', 'each', 'every', 'per', 'any',
  'some', 'no', "today's", "tomorrow's", 'twice', 'thrice',
]);

/** Words right after "weekly"/"daily" that keep it an adverb ("send it weekly on Fridays"). */
const ADVERB_FOLLOWERS = new Set([
  'at', 'on', 'from', 'starting', 'until', 'till', 'by', 'in', '@', 'for', 'before', 'after', 'and', 'or', 'please', 'basis', 'going', 'forward',
  'recurring', 'repeat', 'repeating', 'thereafter', 'around', 'about',
]);

/**
 * Things that happen (a meeting, a check, a backup): a recurrence adjective before a noun phrase headed by
 * one of them, opening the task, says how often the task repeats ("Daily standup", "Weekly team sync with
 * Acme", "biweekly site safety walk"). Before anything else it names a thing ("Quarterly tax estimate",
 * "Monthly invoices", "Weekly report", "Weekly standup notes"): no recurrence.
 */
const RECURRING_EVENTS = new Set([
  'standup', 'stand-up', 'standups', 'sync', 'sync-up', 'syncs', 'meeting', 'meetings', 'call', 'calls', 'check-in', 'checkin', 'check-ins', 'catch-up',
  'catchup', 'review', 'reviews', 'huddle', 'retro', 'retrospective', 'scrum', '1:1', '1-1', '1-on-1', 'one-on-one', 'session', 'sessions', 'workout',
  'backup', 'backups', 'check', 'checks', 'cleanup', 'clean-up', 'planning', 'briefing', 'debrief', 'touchbase', 'touch-base', 'walk', 'run',
  'reconciliation', 'recon', 'sweep', 'triage', 'supervision', 'appointment', 'meds', 'medication', 'journaling', 'stretch', 'practice',
  'walkthrough', 'walk-through', 'walkthroughs', 'inspection', 'inspections', 'drill', 'drills',
]);
const NEXT_WORD = /^\s+([\p{L}\p{N}:'’-]+)/u;
/** The words of a noun phrase after an adjective, up to a linking word, punctuation or a recognised field. */
const NOUN_PHRASE = /^(?:[ \t]+[\p{L}\p{N}:'’-]+){1,4}?(?=[ \t]*(?:$|[^\p{L}\p{N}:'’\s-]|[ \t]+(?:with|for|at|about|on|in|of|to|from|by|before|after|and|or|re|every|each|next|this)(?![\p{L}\p{N}])))/iu;

/** The head of the noun phrase that starts `text` ("design review with 3M" → review), lower case; '' when there is none. */
function headNoun(text: string): string {
  const phrase = NOUN_PHRASE.exec(text);
  return phrase ? (phrase[0].trim().split(/\s+/u).pop() ?? '').toLowerCase() : '';
}

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
    const isNth = nth > 0 ? Math.ceil(day / 7) === nth : day + 7 > daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
    if (isNth) return date;
  }
  return ctx.today;
}

/** The next last day (or last working day) of a month from today on. */
function nextMonthEnd(ctx: RuleContext, workday: boolean): string {
  const end = (year: number, month: number) => (workday ? lastWorkdayOfMonth(year, month) : lastDayOfMonth(year, month));
  const thisMonth = end(ctx.year, ctx.month);
  if (thisMonth >= ctx.today) return thisMonth;
  return ctx.month === 12 ? end(ctx.year + 1, 1) : end(ctx.year, ctx.month + 1);
}

/** The earliest next date of several weekdays named in a list ("Mondays and Thursdays", "Mon, Wed and Fri"). */
function earliestWeekday(ctx: RuleContext, list: string): string | null {
  const dates = (list.match(WEEKDAY_WORD) ?? [])
    .map((word) => weekdayIndex(word))
    .filter((d): d is number => d !== null)
    .map((d) => nextWeekday(ctx, d))
    .sort();
  return dates[0] ?? null;
}

const WEEKDAY_ANY = `(?:${WEEKDAY_PLURAL}|${WEEKDAY})`;
const WEEKDAY_WORD = new RegExp(`${WB}${WEEKDAY_ANY}${WE}`, 'giu');
/**
 * Between the weekdays of a list: ",", ", and", ", &", "&", "/", "+", " and ", " or ". Each space can be
 * read in one way only (a list of a hundred weekdays that ends in no match must not be tried in 2^100 ways).
 */
const LIST_SEPARATOR = `\\s*(?:,(?:\\s*(?:and\\s|&))?|&|\\/|\\+|\\s(?:and|or)\\s)\\s*`;
/** "Monday", "Mondays and Thursdays", "Mon, Wed & Fri", "Tuesdays/Thursdays". */
const WEEKDAY_LIST = `${WEEKDAY_ANY}\\.?(?:${LIST_SEPARATOR}${WEEKDAY_ANY}\\.?)*`;
const PLURAL_LIST = `(?:${WEEKDAY_ANY}\\.?${LIST_SEPARATOR})*${WEEKDAY_PLURAL}(?:${LIST_SEPARATOR}${WEEKDAY_ANY})*`;
const PART_WORD = '(morning|afternoon|evening|night)s?';

const DAY_OF_EVERY_MONTH = re(`${WB}(?:on\\s+)?(?:the\\s+)?(\\d{1,2}(?:st|nd|rd|th)?|${WORD_ORDINAL})\\s+(?:day\\s+)?of\\s+(?:every|each)\\s+month${WE}`);
const EVERY_NTH_DAY = re(
  `${WB}(?:every|each)\\s+(?:(\\d{1,2}(?:st|nd|rd|th))(?:\\s+(?:day\\s+)?of\\s+the\\s+month)?|(${WORD_ORDINAL})\\s+(?:day\\s+)?of\\s+the\\s+month)${WE}(?!\\s+(?:day|week|month|year|quarter|${WEEKDAY})s?(?![\\p{L}]))`,
);
const EVERY_OR_EACH = /\b(?:every|each|monthly)\b/iu;
const NTH = '(first|1st|second|2nd|third|3rd|fourth|4th|last)';
const NTH_WEEKDAY_OF_MONTH = re(
  `${WB}(?:(?:on\\s+)?(?:the\\s+|every\\s+|each\\s+)?${NTH}\\s+(${WEEKDAY})\\s+of\\s+(?:each|every|the)\\s+month|(?:monthly|(?:every|each)\\s+month)\\s+on\\s+the\\s+${NTH}\\s+(${WEEKDAY}))${WE}`,
);
/** "every last day of the month", "on the last day of each month", "monthly on the last day", "last business day of every month". */
const LAST_DAY_OF_MONTH = re(
  `${WB}(?:(?:(?:every|each)\\s+(?:the\\s+)?|on\\s+the\\s+|the\\s+)?last\\s+(business\\s+|working\\s+|work\\s+)?day\\s+of\\s+(?:the|each|every)\\s+month|(?:(?:every|each)\\s+month|monthly)\\s+on\\s+the\\s+last\\s+(business\\s+|working\\s+|work\\s+)?day)${WE}`,
);
/** "every March 15", "each 1 July": a yearly date. */
const EVERY_MONTH_DAY = re(`${WB}(?:every|each)\\s+(?:(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?|(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH}))${WE}`);
/** Monday to Friday as a repeat: every weekday, weekdays, every working day, Monday to Friday, Mon–Fri, daily except weekends. */
const EVERY_WORKDAY = re(`${WB}(?:every|each)\\s+(?:single\\s+)?(?:week\\s*day|work\\s*day|working\\s+day|business\\s+day)s?(?:\\s+${PART_WORD})?${WE}`);
const ON_WORKDAYS = re(`${WB}(?:on\\s+)?(?:week\\s*days|work\\s*days|working\\s+days|business\\s+days)(?:\\s+${PART_WORD})?${WE}`);
const WEEKDAY_PARTS = re(`${WB}weekday\\s+${PART_WORD}${WE}`);
const DAILY_EXCEPT_WEEKENDS = re(`${WB}(?:every\\s+day|daily|each\\s+day|(?:every|each)\\s+${PART_WORD})\\s*,?\\s+(?:except|but\\s+not|but|excluding|not\\s+on|apart\\s+from)\\s+(?:on\\s+)?(?:the\\s+)?weekends?${WE}`);
const MONDAY_TO_FRIDAY = re(
  `${WB}(?:(?:every|each)\\s+|(from)\\s+)?(?:mondays?|mon)\\.?\\s*(?:-|–|—|to|through|thru|till|until)\\s*(?:fridays?|fri)\\.?${WE}|(?<![\\p{L}\\p{N}_])M-F${WE}`,
);
const FRIDAY_AT_END = /(?:fridays?|fri)\.?$/iu;
const MOVING_VERB = /\b(?:move|moves|moved|moving|push|pushed|reschedule|rescheduled|shift|shifted|postpone|postponed|bump|bumped|change|changed|swap|swapped|switch)\b/iu;
const EVERY_UNIT = re(
  `${WB}(?:every|each)\\s+(?:single\\s+)?(?:(other|second|2nd|third|3rd|fourth|4th|${QUANTITY})\\s+)?(days?|weeks?|wks?|months?|years?|yrs?|quarters?|fortnights?|weekends?|${PART_WORD}|${WEEKDAY_LIST})(?:\\s+${PART_WORD})?${WE}`,
);
const ONCE_A = re(`${WB}(once|twice)\\s+(?:a|per|every|each)\\s+(day|week|month|quarter|year)${WE}`);
const ON_PLURAL_WEEKDAYS = re(`${WB}(?:on\\s+)?${PLURAL_LIST}${WE}(?!['’])(?:\\s+${PART_WORD}${WE})?`);
/** "Tuesday evenings", "Tues & Thurs mornings": a plural part of the day makes the weekdays a repeat. */
const WEEKDAYS_PLURAL_PART = re(`${WB}(?:on\\s+)?${WEEKDAY_LIST}\\s+(morning|afternoon|evening|night)s${WE}`);
const ADVERB = re(`${WB}(${Object.keys(ADVERBS).sort((a, b) => b.length - a.length).join('|')})${WE}(?!-)`);
const REPEAT_WORD_BEFORE = /(?<![\p{L}\p{N}])(repeat(?:s|ing)?|recurring)\s*:?\s*$/iu;
const LEADING_ADVERB_ALONE = /^\s*[\p{L}\p{N}@]/u;

const partOf = (word: string | undefined): PartOfDay | undefined => (word ? (word.toLowerCase().replace(/s$/u, '') as PartOfDay) : undefined);

/**
 * Recurrence (RULES §6): every day/week/month/year/quarter (with N or "other"), daily/weekly/monthly…,
 * every <weekday> (or several), on <weekday>s, every weekday / Monday to Friday (`weekdays`), every
 * morning, once a week, on the 15th of every month, every first Monday / last day of the month. Nouns
 * are not recurrences ("the weekly report", "Quarterly tax estimate"); a recurrence word opening the
 * task before a recurring event or a verb ("Daily standup", "fortnightly tidy the shed") sets the field and
 * leaves the title. Hourly repeats have no mapping and stay text.
 */
export function recognizeRecurrence(s: Scanner, ctx: RuleContext, segments: readonly Segment[]): void {
  const add = (m: RegExpExecArray, type: RecurringType, interval: number, extra: { anchor?: string; part?: PartOfDay } = {}, keep = false) =>
    s.add(m.index, m.index + m[0].length, { field: 'recurrence', type, interval: clampInterval(interval), ...extra }, keep);

  // "on the 15th of every month", "the 1st of each month"
  scan(s, DAY_OF_EVERY_MONTH, (m) => {
    const day = ordinalValue(m[1] as string);
    const anchor = day !== null ? nextDayOfMonth(ctx, day) : null;
    if (anchor) add(m, 'monthly', 1, { anchor });
  });
  // "every 15th", "every 1st of the month", "each first day of the month"
  scan(s, EVERY_NTH_DAY, (m) => {
    const day = ordinalValue((m[1] ?? m[2]) as string);
    const anchor = day !== null ? nextDayOfMonth(ctx, day) : null;
    if (anchor) add(m, 'monthly', 1, { anchor });
  });
  // "the first Monday of each month", "every last Friday of the month"
  scan(s, NTH_WEEKDAY_OF_MONTH, (m) => {
    const nth = ({ first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: -1 } as Record<string, number>)[((m[1] ?? m[3]) as string).toLowerCase()];
    const weekday = weekdayIndex((m[2] ?? m[4]) as string);
    if (nth === undefined || weekday === null) return;
    const anchor = nextNthWeekday(ctx, nth, weekday);
    // "the last Friday of the month" names one day; "every …" or "… of each month" repeats.
    if (!EVERY_OR_EACH.test(m[0])) return void s.add(m.index, m.index + m[0].length, { field: 'date', date: anchor });
    add(m, 'monthly', 1, { anchor });
  });
  scan(s, LAST_DAY_OF_MONTH, (m) => {
    if (!EVERY_OR_EACH.test(m[0])) return; // "the last day of the month" alone is a date
    add(m, 'monthly', 1, { anchor: nextMonthEnd(ctx, (m[1] ?? m[2]) !== undefined) });
  });
  scan(s, EVERY_MONTH_DAY, (m) => {
    const month = monthIndex((m[1] ?? m[4]) as string);
    const day = Number(m[2] ?? m[3]);
    const anchor = month !== null ? upcomingMonthDay(ctx, month, day) : null;
    if (anchor) add(m, 'monthly', 12, { anchor });
  });

  // Monday to Friday (DECISIONS 35): the first occurrence is the next weekday, today included.
  const workdays = (m: RegExpExecArray, part?: PartOfDay) => add(m, 'weekdays', 1, { anchor: workdayFrom(ctx.today), ...(part ? { part } : {}) });
  scan(s, EVERY_WORKDAY, (m) => workdays(m, partOf(m[1])));
  scan(s, DAILY_EXCEPT_WEEKENDS, (m) => workdays(m, partOf(m[1])));
  scan(s, MONDAY_TO_FRIDAY, (m) => {
    const before = prevWord(s, m.index);
    if (before !== null && DETERMINERS.has(before) && before !== 'every' && before !== 'each') return void s.protect(m.index, m.index + m[0].length); // "the Mon-Fri schedule"
    if (MOVING_VERB.test(s.text.slice(0, m.index))) {
      // "Push the review from Monday to Friday": a move, not a repeat; the new day is the date.
      s.add(m.index, m.index + m[0].search(FRIDAY_AT_END), { field: 'filler' });
      return;
    }
    workdays(m);
  });
  scan(s, WEEKDAY_PARTS, (m) => workdays(m, partOf(m[1])));
  scan(s, ON_WORKDAYS, (m) => {
    const before = prevWord(s, m.index);
    const explicitOn = /^on\s/iu.test(m[0]);
    // "within 5 business days", "the weekdays", "a few working days": counts and nouns, not repeats.
    if (!explicitOn && before !== null && /^(?:\d+|the|a|few|couple|of|in|within|next|than|some|several|business|those|these|all|\p{L}+teen|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty)$/u.test(before)) return;
    if (!explicitOn && !/^week\s*days/iu.test(m[0])) return; // bare "business days" is a count's unit
    workdays(m, partOf(m[1]));
  });

  // "every (other|N|second) day/week/month/year/quarter/fortnight/<weekday(s)>/morning"
  scan(s, EVERY_UNIT, (m) => {
    const countWord = m[1]?.toLowerCase();
    let n = 1;
    if (countWord === 'other' || countWord === 'second' || countWord === '2nd') n = 2;
    else if (countWord === 'third' || countWord === '3rd') n = 3;
    else if (countWord === 'fourth' || countWord === '4th') n = 4;
    else if (countWord !== undefined) n = quantityValue(countWord) ?? 1;
    const unit = (m[2] as string).toLowerCase().replace(/\s+/gu, ' ');
    const part = partOf(m[3] ?? m[4]);
    const extra = (anchor?: string) => ({ ...(anchor ? { anchor } : {}), ...(part ? { part } : {}) });
    if (/^days?$/u.test(unit)) add(m, 'daily', n, extra());
    else if (/^(?:weeks?|wks?)$/u.test(unit)) add(m, 'weekly', n, extra());
    else if (/^fortnights?$/u.test(unit)) add(m, 'weekly', 2 * n, extra());
    else if (/^months?$/u.test(unit)) add(m, 'monthly', n, extra());
    else if (/^quarters?$/u.test(unit)) add(m, 'monthly', 3 * n, extra());
    else if (/^(?:years?|yrs?)$/u.test(unit)) add(m, 'monthly', 12 * n, extra());
    else if (/^weekends?$/u.test(unit)) add(m, 'weekly', n, extra(ctx.weekday === 6 ? ctx.today : nextWeekday(ctx, 6)));
    else if (/^(?:morning|afternoon|evening|night)s?$/u.test(unit)) add(m, 'daily', n, { part: partOf(unit) });
    else {
      // "every Tuesday and Friday": the series starts at whichever comes first.
      const anchor = earliestWeekday(ctx, unit);
      if (anchor) add(m, 'weekly', n, extra(anchor));
    }
  });
  // "once a week", "once per month", "twice a year"
  scan(s, ONCE_A, (m) => {
    const twice = (m[1] as string).toLowerCase() === 'twice';
    const unit = (m[2] as string).toLowerCase();
    if (twice && unit !== 'year') return; // twice a day/week/month has no mapping
    const map: Record<string, [RecurringType, number]> = { day: ['daily', 1], week: ['weekly', 1], month: ['monthly', 1], quarter: ['monthly', 3], year: ['monthly', twice ? 6 : 12] };
    const [type, interval] = map[unit] as [RecurringType, number];
    add(m, type, interval);
  });
  scan(s, WEEKDAYS_PLURAL_PART, (m) => {
    const anchor = earliestWeekday(ctx, m[0]);
    if (anchor) add(m, 'weekly', 1, { anchor, part: partOf(m[1]) });
  });
  // "on Mondays", "Fridays", "Mondays and Thursdays", "Mondays and Thursdays at 6"
  scan(s, ON_PLURAL_WEEKDAYS, (m) => {
    const before = prevWord(s, m.index);
    if (before && ['the', 'last', 'past', 'all', 'those', 'these', 'some', 'many', 'most', 'few'].includes(before)) return;
    const anchor = earliestWeekday(ctx, m[0]);
    const part = partOf(m[1]);
    if (anchor) add(m, 'weekly', 1, { anchor, ...(part ? { part } : {}) });
  });
  recognizeAdverbs(s, segments);
  absorbRepeatWord(s);
}

/** "repeat weekly:", "recurring every Monday": the word that announces a repeat goes with it. */
function absorbRepeatWord(s: Scanner): void {
  for (const hit of [...s.hits]) {
    if (hit.value.field !== 'recurrence') continue;
    const before = REPEAT_WORD_BEFORE.exec(s.view().slice(Math.max(0, hit.start - 14), hit.start));
    if (before) s.add(hit.start - before[0].length, hit.start - before[0].length + (before[1] as string).length, { field: 'filler' });
  }
}

function recognizeAdverbs(s: Scanner, segments: readonly Segment[]): void {
  // Adverbs: daily, weekly, monthly, quarterly, yearly, annually, biannually…
  scan(s, ADVERB, (m) => {
    const spec = ADVERBS[(m[1] as string).toLowerCase()];
    if (!spec) return;
    const start = m.index;
    const end = start + m[0].length;
    const addAdverb = (keep: boolean) =>
      s.add(start, end, { field: 'recurrence', type: spec.type, interval: spec.interval, ...(spec.part ? { part: spec.part } : {}) }, keep);
    if (spec.always) return void addAdverb(false);
    const before = prevWord(s, start);
    if (before && DETERMINERS.has(before)) return;
    const rest = s.view().slice(end);
    if (!LEADING_ADVERB_ALONE.test(rest)) return void addAdverb(false); // end, punctuation or a recognised field follows
    const first = (NEXT_WORD.exec(rest)?.[1] ?? '').toLowerCase();
    if (ADVERB_FOLLOWERS.has(first)) return void addAdverb(false);
    if (!atSegmentStart(s, segments, start)) return;
    // Opening the task before its verb ("fortnightly tidy the shed") it says how often the task repeats.
    if (verbFollows(s, end)) return void addAdverb(false);
    // An adjective opening the task: a recurring event ("Daily standup", "biweekly site safety walk") repeats and
    // the word leaves the title (RULES §6 accepts it either way); a thing ("Quarterly tax estimate") does not.
    if (RECURRING_EVENTS.has(headNoun(rest))) addAdverb(false);
  });
}
