import { afterHit, bareHour, beforeHit, FUNCTION_WORDS, hhmm, nextWord, prevWord, verbFollows } from './helpers';
import { MONTH, WB, WE, WEEKDAY, wordNumberValue } from './lexicon';
import { PART_OF_DAY_TIME, scan, type Hit, type HitValue, type PartOfDay, type Scanner } from './scanner';
import { ZONE_AFTER_TIME, zoneOfOffset, zoneOfWord } from './zones';

type TimeValue = Extract<HitValue, { field: 'time' }>;

// Every pattern is built once here: the structurer runs on each keystroke.
const re = (source: string) => new RegExp(source, 'giu');

/** Digits not glued to other numbers, letters or date/ratio punctuation. */
const NUM_START = '(?<![\\p{L}\\p{N}_:./,$€£#+-])';

/** am/pm, also spaced or dotted as people dictate it: 'pm', 'p.m.', 'p m', 'P. M.'. */
const MERIDIEM = '([ap])\\.?\\s?m\\.?(?![\\p{L}\\p{N}])';
const NO_MERIDIEM_AFTER = '(?!\\s*[ap]\\.?\\s?m\\.?(?![\\p{L}\\p{N}]))';

/** Words that link a time to the sentence ('at 9', 'um 10', 'around 3'). */
const TIME_LINK = '(?:at|@|um|around|à|a\\s+las|by|before|until|till|from)';
/** Linking words that also come before counts ("by 5 votes", "from 3 suppliers"): a bare hour after them needs more (see LINKED_HOUR). */
const COUNT_LINKS = new Set(['by', 'before', 'until', 'till', 'from']);
/** Spoken filler inside a time phrase ('at like 3', 'at around 4', 'about 5ish'), at most eight words: a long run of them is not read again from each of its words. */
const TIME_FILLER = '(?:(?:like|about|around|roughly|approximately|approx\\.?|maybe|say|um+|uh+|erm)\\s+){0,8}';
const ISH = '(?:\\s*-?\\s*ish)?';

/** Words after a bare hour ("at 4 …") that keep it a time, not a count ("at 2 locations"). */
const AFTER_BARE_HOUR = new RegExp(
  `^(?:${[...FUNCTION_WORDS].join('|')}|sharp|o'?clock|oclock|uhr|h|today|tomorrow|tonight|tmrw|this|next|every|daily|morning|afternoon|evening|night|${WEEKDAY}|${MONTH})$`,
  'iu',
);

const HOUR_WORD = '(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const MINUTE_WORD = "(o'?\\s?clock|oh[\\s-](?:one|two|three|four|five|six|seven|eight|nine)|five|ten|fifteen|twenty(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|thirty(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|forty(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|fifty(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?)";
/** Minutes that make "four thirty" a time anywhere (other pairs, "two fifty", may be amounts). */
const COMMON_MINUTE_WORD = "(o['’]?\\s?clock|fifteen|thirty|forty[\\s-]five|oh[\\s-]five)";
const MINUTES_BEFORE_PAST = '(\\d{1,2}|five|ten|twenty(?:[\\s-]five)?|quarter|half|a\\s+quarter)';

const END_OF_DAY = re(
  `${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?(?:business\\s+|work(?:ing)?\\s+)?day|eod|cob|eob|close\\s+of\\s+(?:business|play)|end\\s+of\\s+(?:business|play)|eop)${WE}`,
);
const NOON = re(`${WB}(?:12\\s+)?(?:noon|midday|lunchtime|lunch\\s+time)${WE}`);
const MIDNIGHT = re(`${WB}(?:12\\s+)?midnight${WE}`);
const FIRST_THING = re(`${WB}first\\s+thing(?:\\s+in\\s+the\\s+morning)?${WE}`);
const IN_THE_PART = re(`${WB}in\\s+the\\s+(morning|afternoon|evening)${WE}`);
const AT_NIGHT = re(`${WB}at\\s+night${WE}`);
const RANGE = re(
  `${NUM_START}(\\d{1,2})(?:[:.](\\d{2}))?\\s*(?:([ap])\\.?\\s?m\\.?)?\\s*(?:-|–|to|until|till)\\s*(\\d{1,2})(?:[:.](\\d{2}))?\\s*${MERIDIEM}`,
);
const MERIDIEM_TIME = re(`${NUM_START}(\\d{1,2})(?:[:.](\\d{2}))?\\s*${MERIDIEM}(?:\\s+sharp${WE})?`);
/** "930am", "1030 pm": an hour and minutes written without a separator. */
const COMPACT_TIME = re(`${NUM_START}(\\d{1,2})(\\d{2})\\s*${MERIDIEM}`);
const CLOCK_TIME = re(`${NUM_START}(\\d{1,2}):(\\d{2})(?::\\d{2})?(?:\\s*(?:uhr|h)(?![\\p{L}]))?(?![\\p{N}]|:\\d|[.,]\\d)(?:\\s+sharp${WE})?`);
const DOTTED_TIME = re(
  `${WB}(?:at|@|um|around|by|from|à)\\s*(\\d{1,2})\\.(\\d{2})(?:\\s*(?:uhr|h)(?![\\p{L}]))?(?![\\p{N}]|[.:,]\\d)${NO_MERIDIEM_AFTER}`,
);
const LINKED_HOUR = re(
  `${WB}${TIME_LINK}\\s*${TIME_FILLER}(\\d{1,2})(?:\\s*(o['’]?clock|uhr|h(?![\\p{L}\\p{N}])))?${ISH}(?![\\p{L}\\p{N}_%]|[:./,-]\\d)${NO_MERIDIEM_AFTER}`,
);
/** "10.30" with no linking word: a time only right before or after a date ("10.30 tomorrow", "Friday 9.15"). */
const DOTTED_NEAR_DATE = re(`${NUM_START}(\\d{1,2})\\.([0-5]\\d)(?![\\p{N}]|[.,:]\\d)${NO_MERIDIEM_AFTER}`);
/** "at 10 30" (dictated "ten thirty" written as digits). */
const LINKED_SPACED_MINUTES = re(`${WB}(?:at|@|um|around)\\s+(\\d{1,2})\\s+([0-5]\\d)(?![\\p{L}\\p{N}_%:./,-])${NO_MERIDIEM_AFTER}`);
const HOUR_OCLOCK = re(`${NUM_START}(\\d{1,2})\\s*(?:o['’]?clock|uhr|sharp)${WE}`);
const HOUR_ISH = re(`${NUM_START}(\\d{1,2})-?ish${WE}`);
const WORD_MERIDIEM = re(`${WB}${HOUR_WORD}(?:[\\s-]+${MINUTE_WORD})?\\s*${MERIDIEM}`);
const LINKED_WORD_HOUR = re(`${WB}(?:at|@|by|around|um)\\s+${TIME_FILLER}${HOUR_WORD}(?:[\\s-]+${MINUTE_WORD})?(?:-?ish)?${WE}`);
const WORD_HOUR_MINUTES = re(`${WB}${HOUR_WORD}[\\s-]+${COMMON_MINUTE_WORD}${WE}(?![-‐])`);
const PAST_TO = re(`${WB}(?:(?:at|@|by|around)\\s+${TIME_FILLER})?${MINUTES_BEFORE_PAST}\\s+(past|after|to|before|of|til)\\s+(\\d{1,2}|${HOUR_WORD})${WE}`);
/** British "half ten" = 10:30. */
const BRITISH_HALF = re(`${WB}(?:(?:at|@|by|around|from)\\s+${TIME_FILLER})?half\\s+(\\d{1,2}|${HOUR_WORD})${WE}(?![:.]\\d)${NO_MERIDIEM_AFTER}`);
const PART_AFTER_DATE = re(`${WB}(morning|afternoon|evening|night)${WE}`);
/** A bare number right before a date that names a part of the day ("8 tonight", "7 tomorrow evening"). */
const HOUR_BEFORE_PART = re(`${NUM_START}(\\d{1,2})(?:[:.](\\d{2}))?(?=\\s+\\u0001)`);
/** A bare number right after one ("tonight 8", "tomorrow morning 7.30"). */
const HOUR_AFTER_PART = re(`(?<=\\u0001\\s+)(\\d{1,2})(?:[:.](\\d{2}))?(?![\\p{L}\\p{N}_%:./,-])`);

/**
 * Words right before a recognised time that go with it: "at" and spoken filler ("at 8:30", "like 3pm",
 * "at about 4pm", "like at 3"). So "Every weekday at 8:30: …" opens with nothing but fields.
 */
const WORDS_BEFORE_TIME = /(?:^|[\s(,;])((?:(?:at|@|around)\s*)?(?:(?:like|about|roughly|approximately|approx\.?|maybe)(?:\s+at)?)?)\s*$/iu;

function meridiemHour(hour: number, meridiem: string): number | null {
  if (hour < 1 || hour > 12) return null;
  const pm = meridiem.toLowerCase().startsWith('p');
  if (pm) return hour === 12 ? 12 : hour + 12;
  return hour === 12 ? 0 : hour;
}

function minuteWordValue(word: string | undefined): number {
  if (!word) return 0;
  const w = word.toLowerCase();
  if (/^o['’]?\s?clock$/u.test(w)) return 0;
  if (w === 'half') return 30;
  if (/^(?:a\s+)?quarter$/u.test(w)) return 15;
  const oh = /^oh[\s-](.+)$/u.exec(w);
  if (oh) return wordNumberValue(oh[1] as string) ?? 0;
  if (/^\d+$/u.test(w)) return Number(w);
  return wordNumberValue(w) ?? 0;
}

const hourValue = (text: string) => (/^\d/u.test(text) ? Number(text) : (wordNumberValue(text) ?? 0));

/** A content word directly follows (a count or a noun: "at 2 locations", "half ten copies"). */
function nounFollows(s: Scanner, end: number): boolean {
  const next = nextWord(s, end);
  if (!next || s.view().slice(end, next.start).trim() !== '') return false;
  return !AFTER_BARE_HOUR.test(next.word);
}

/** A day of the month or a numeric date right before (read after the times). */
const DATE_TOKEN_BEFORE = /(?:^|[\s(])(?:\d{1,2}(?:st|nd|rd|th)|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?)\s*$/iu;

/** Nothing but fields, spaces and punctuation before `index` (a time opening the text: "At 9 call the bank"). */
const atTextStart = (s: Scanner, index: number) => !s.hasContent(0, index);

/** A bare hour after "at" counts unless a noun follows it, except right after a date or repeat, or at the start. */
function bareHourAllowed(s: Scanner, start: number, end: number): boolean {
  if (!nounFollows(s, end) || ZONE_AFTER_TIME.test(s.view().slice(end))) return true;
  return afterDate(s, start) || atTextStart(s, start);
}

/** Right after a date or a repeat, also one read later ("on the 3rd at 2 sign the lease", "on 4/2 at 10 call"). */
function afterDate(s: Scanner, start: number): boolean {
  return afterHit(s, start, ['date', 'recurrence']) || DATE_TOKEN_BEFORE.test(s.view().slice(Math.max(0, start - 12), start));
}

/**
 * Times of day (RULES §3): `3pm`, `3:12 pm`, `15:30`, `12:00 am`, noon/midday, midnight (00:00, dated in
 * `schedule`), `at 9` (a bare hour: 7–11 am, 12 noon, 1–6 pm, 0 and 13–23 as written), `um 10`, spoken
 * forms (`four thirty`, `half past two`, `quarter to five`, British `half ten`, `five p m`, `at like 3`),
 * parts of the day (morning 09:00, afternoon 15:00, evening 18:00, night 21:00, end of day / EOD / COB
 * 17:00) and an explicit zone after a time (`3pm EST`, `9am UTC`).
 */
export function recognizeTimes(s: Scanner): void {
  const addPart = (m: RegExpExecArray, part: PartOfDay) =>
    s.add(m.index, m.index + m[0].length, { field: 'time', time: PART_OF_DAY_TIME[part], part });
  const addClock = (m: RegExpExecArray, hour: number, minute: number, bare: boolean, raw = hour) =>
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(bare ? bareHour(hour) : hour, minute), ...(bare ? { bare: raw <= 12, hour: raw, minute } : {}) });

  // End of day and named times
  scan(s, END_OF_DAY, (m) => addPart(m, 'endOfDay'));
  scan(s, NOON, (m) => addPart(m, 'noon'));
  scan(s, MIDNIGHT, (m) => s.add(m.index, m.index + m[0].length, { field: 'time', time: '00:00', part: 'midnight' }));
  scan(s, FIRST_THING, (m) => addPart(m, 'morning'));
  scan(s, IN_THE_PART, (m) => addPart(m, (m[1] as string).toLowerCase() as PartOfDay));

  // Ranges "2-3pm", "9am-10am": the start, with the end's am/pm when the start has none
  scan(s, RANGE, (m) => {
    const startHour = Number(m[1]);
    const endHour = Number(m[4]);
    let meridiem = m[3] ?? m[6] ?? 'a';
    if (!m[3] && m[6] && /^p/iu.test(m[6]) && startHour > endHour && endHour !== 12) meridiem = 'a';
    const hour = meridiemHour(startHour, meridiem);
    const minute = Number(m[2] ?? 0);
    if (hour === null || minute > 59 || meridiemHour(endHour, m[6] as string) === null) return;
    addClock(m, hour, minute, false);
  });

  // Explicit am/pm: "3pm", "3 pm", "3:12 PM", "9 a.m.", "10.30pm", "5 p m"
  scan(s, MERIDIEM_TIME, (m) => {
    const hour = meridiemHour(Number(m[1]), m[3] as string);
    const minute = Number(m[2] ?? 0);
    if (hour === null || minute > 59) return;
    addClock(m, hour, minute, false);
  });
  scan(s, COMPACT_TIME, (m) => {
    const minute = Number(m[2]);
    const hour = meridiemHour(Number(m[1]), m[3] as string);
    if (hour === null || minute > 59) return;
    addClock(m, hour, minute, false);
  });

  // Clock times "15:30", "10:00", "3:12" (a bare 1–6 reads as afternoon), "10:30 Uhr"
  scan(s, CLOCK_TIME, (m) => {
    const rawHour = Number(m[1]);
    const minute = Number(m[2]);
    if (rawHour > 23 || minute > 59) return;
    const leadingZero = (m[1] as string).length === 2 && (m[1] as string).startsWith('0');
    addClock(m, rawHour, minute, !leadingZero);
  });

  // "at 10.30", "um 9.15 Uhr": a dotted clock time after a linking word (elsewhere "1.30" may be an amount)
  scan(s, DOTTED_TIME, (m) => {
    const rawHour = Number(m[1]);
    const minute = Number(m[2]);
    if (rawHour > 23 || minute > 59) return;
    addClock(m, rawHour, minute, true);
  });

  scan(s, DOTTED_NEAR_DATE, (m) => {
    const raw = Number(m[1]);
    if (raw > 23) return;
    if (afterHit(s, m.index, ['date']) || beforeHit(s, m.index + m[0].length, ['date'])) addClock(m, raw, Number(m[2]), true);
  });
  scan(s, LINKED_SPACED_MINUTES, (m) => {
    const raw = Number(m[1]);
    if (raw >= 1 && raw <= 12 && !nounFollows(s, m.index + m[0].length)) addClock(m, raw, Number(m[2]), true);
  });

  // "at 9", "@ 4", "um 10", "around 3", "by 5", "at like 3", "at 3ish", "10 o'clock", "10 Uhr"
  scan(s, LINKED_HOUR, (m) => {
    const raw = Number(m[1]);
    if (raw > 23) return;
    const end = m.index + m[0].length;
    const linking = /^(\S+)/u.exec(m[0])?.[1]?.toLowerCase();
    if (!m[2]) {
      if (!bareHourAllowed(s, m.index, end)) return; // "at 2 locations"
      if (linking !== undefined && COUNT_LINKS.has(linking) && !afterDate(s, m.index) && !atTextStart(s, m.index) && !verbFollows(s, end)) {
        // "by 5" is a time only at the end, before a date ("by 5 tomorrow"), after one ("friday by 5 send …"),
        // opening the text ("by 5 send …") or before a verb ("… the deck by 5 send it to Bob")
        const next = nextWord(s, end);
        if (next && s.view().slice(end, next.start).trim() === '' && !/^(?:today|tomorrow|tonight|tmrw|on|this|next)$/u.test(next.word)) return;
      }
    }
    addClock(m, raw, 0, true);
  });
  scan(s, HOUR_OCLOCK, (m) => {
    const raw = Number(m[1]);
    if (raw <= 23) addClock(m, raw, 0, true);
  });
  scan(s, HOUR_ISH, (m) => {
    const raw = Number(m[1]);
    if (raw >= 1 && raw <= 12) addClock(m, raw, 0, true);
  });

  // Words: "five p m", "ten a.m.", "at four thirty", "at ten o'clock", "four thirty", "half past four", "quarter to five"
  scan(s, WORD_MERIDIEM, (m) => {
    const hour = meridiemHour(wordNumberValue(m[1] as string) ?? 0, m[3] as string);
    const minute = minuteWordValue(m[2]);
    if (hour !== null && minute <= 59) addClock(m, hour, minute, false);
  });
  scan(s, LINKED_WORD_HOUR, (m) => {
    const raw = wordNumberValue(m[1] as string) ?? 0;
    const minute = minuteWordValue(m[2]);
    if (minute > 59) return;
    if (!m[2] && !bareHourAllowed(s, m.index, m.index + m[0].length)) return; // "at one point", "at two sites"
    addClock(m, raw, minute, true);
  });
  scan(s, WORD_HOUR_MINUTES, (m) => {
    const raw = wordNumberValue(m[1] as string) ?? 0;
    addClock(m, raw, minuteWordValue(m[2]), true);
  });
  scan(s, PAST_TO, (m) => {
    let raw = hourValue(m[3] as string);
    let minute = minuteWordValue(m[1]);
    const relation = (m[2] as string).toLowerCase();
    if (raw < 1 || raw > 12 || minute < 1 || minute > 30) return;
    if (relation === 'of' && !/quarter/iu.test(m[1] as string)) return; // only the American "quarter of five"
    const digits = /^\d/u.test(m[1] as string);
    if (digits && minute % 5 !== 0) return; // "step 1 after 3": clock minutes come in fives
    const countLike = digits || relation === 'to' || relation === 'before' || relation === 'of' || relation === 'til';
    if (countLike && !bareHourAllowed(s, m.index, m.index + m[0].length)) return; // "five to ten people", "5 after 6 days"
    if (relation === 'to' || relation === 'before' || relation === 'of' || relation === 'til') {
      if (minute === 30) return;
      if (/^\d/u.test(m[1] as string) && /^\d/u.test(m[3] as string)) return; // "5 to 10": a range
      minute = 60 - minute;
      raw = raw === 1 ? 12 : raw - 1;
    }
    addClock(m, raw, minute, true);
  });
  scan(s, BRITISH_HALF, (m) => {
    const raw = hourValue(m[1] as string);
    if (raw < 1 || raw > 12) return;
    const before = prevWord(s, m.index);
    if (before !== null && /^(?:a|and|in|the|one|by|than|\d+)$/u.test(before) && !/^(?:at|@|by|around|from)\s/iu.test(m[0])) return;
    if (!bareHourAllowed(s, m.index, m.index + m[0].length)) return; // "half ten copies"
    addClock(m, raw, 30, true);
  });

  // A part of the day right after a date or a repeat ("March 3 evening"), "at 9 at night"
  scan(s, PART_AFTER_DATE, (m) => {
    if (afterHit(s, m.index, ['date', 'recurrence'])) addPart(m, (m[1] as string).toLowerCase() as PartOfDay);
  });
  scan(s, AT_NIGHT, (m) => {
    if (afterHit(s, m.index, ['time'])) addPart(m, 'night');
  });
  // "8 tonight", "7 tomorrow evening": a bare number before a date that names a part of the day
  scan(s, HOUR_BEFORE_PART, (m) => {
    const next = s.hits.find((h) => h.start === s.nextNonSpace(m.index + m[0].length));
    if (!next || next.value.field !== 'date' || next.value.part === undefined) return;
    if (prevWord(s, m.index) === 'for') return; // "a table for 8 tonight": a count
    const raw = Number(m[1]);
    const minute = Number(m[2] ?? 0);
    if (raw < 1 || raw > 12 || minute > 59) return;
    addClock(m, raw, minute, true);
  });

  scan(s, HOUR_AFTER_PART, (m) => {
    const previous = s.hits.find((h) => h.end === s.prevNonSpace(m.index) + 1);
    if (!previous || previous.value.field !== 'date' || previous.value.part === undefined) return;
    const raw = Number(m[1]);
    const minute = Number(m[2] ?? 0);
    if (raw < 1 || raw > 12 || minute > 59 || nounFollows(s, m.index + m[0].length)) return;
    addClock(m, raw, minute, true);
  });

  absorbZones(s);
  absorbTimeFiller(s);
}

/** Parts of the day that name a clock time a zone can follow ("noon ET", "EOD Pacific time"). */
const ZONED_PARTS = new Set<PartOfDay>(['noon', 'midnight', 'endOfDay']);

/** A zone right after a clock time ('3pm EST', '14:00 (CET)', '9am UTC+2', 'noon ET') goes with the time. */
function absorbZones(s: Scanner): void {
  for (const hit of [...s.hits]) {
    const value = hit.value;
    if (value.field !== 'time' || (value.part !== undefined && !ZONED_PARTS.has(value.part))) continue;
    const match = ZONE_AFTER_TIME.exec(s.view().slice(hit.end));
    if (!match) continue;
    const word = match[5];
    // Short codes that are also words ("pt", "ist") count only written as codes: PT, IST.
    if (word !== undefined && word.length <= 3 && !/^(?:utc|gmt)$/iu.test(word) && word !== word.toUpperCase() && (word.length === 2 || /^ist$/iu.test(word))) continue;
    const zone = word !== undefined ? zoneOfWord(word) : zoneOfOffset(match[2] as string, Number(match[3]), Number(match[4] ?? 0));
    if (zone === null) continue;
    const end = hit.end + match[0].trimEnd().length;
    s.release(hit);
    const zoned: TimeValue = { ...value, zone };
    if (!s.add(hit.start, end, zoned, hit.keep)) s.add(hit.start, hit.end, value, hit.keep);
  }
}

/** "at 8:30", "like 3pm", "at about 4": the words before a recognised time leave the title as filler (no part of the chip). */
function absorbTimeFiller(s: Scanner): void {
  for (const hit of [...s.hits] as Hit[]) {
    if (hit.value.field !== 'time' || hit.value.part !== undefined) continue;
    const before = s.view().slice(Math.max(0, hit.start - 30), hit.start);
    const match = WORDS_BEFORE_TIME.exec(before);
    const word = match?.[1];
    if (!match || !word) continue;
    const start = hit.start - before.length + match.index + match[0].indexOf(word);
    s.add(start, start + word.length, { field: 'filler' });
  }
}
