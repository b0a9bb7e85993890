import { estimateUnit, MINUTES_PER_DAY, MINUTES_PER_UNIT } from '@daybook/shared';
import { atSegmentEnd, FUNCTION_WORDS, nextWord, prevWord, previousWord } from './helpers';
import { QUANTITY, quantityValue, WB, WE } from './lexicon';
import { scan, type Scanner } from './scanner';
import { stripFiller } from './title';
import { segmentAt, type Segment } from './segments';

/**
 * Estimated time (RULES §5), only from a stated duration: `30 mins`, `~45m`, `(5 min)`, `an hour`, `1.5 hours`,
 * `1h30`, `1h 30m`, ranges (`1-2 hours` → the upper end), `a couple of hours`, `half a day`, `full-day`,
 * `2 days of work` (a day of effort is 8 h), `takes 20 mins`. Not estimates: `in 30 minutes` (a due time),
 * `within 3 days`, durations of past events, billed or logged hours, rates (`2 pills a day`), counts, names
 * (`The 4-Hour Workweek`), and durations describing another noun (`the 3-day workshop`) unless that noun is the
 * task's own length (`Block a 2 hour slot`, `Full-day workshop with …`), which sets the estimate and stays.
 */

const g = (source: string) => new RegExp(source, 'giu');

/**
 * Words said before a duration that belong to it ("about", "~", "takes", "for", "should take roughly").
 * Said one after another, each run of them reads in one way only (spaces after the word, "time" of
 * "estimate time estimate", "probably" before "takes"): a long run that ends in no duration is not
 * tried in 2^n ways.
 */
const QUALIFIER =
  "(?:(?:about|around|roughly|approx\\.?|approximately|~|≈|ca\\.?|circa|est\\.?|(?:time\\s+)?estimated?(?:\\s+time(?!\\s+estimate))?|duration|eta|(?:it(?:'|’)ll\\s+|it\\s+will\\s+|will\\s+|should\\s+|might\\s+|may\\s+|usually\\s+)?(?:takes?|taking)|needs?|allow|budget|for|maybe|perhaps|probably|likely|max|at\\s+most|under|up\\s+to|just|only|like|something\\s+like|give\\s+or\\s+take)\\s*(?:[:=]\\s*)?)";
/** At most eight of them ("it'll take maybe about roughly 2 hours" is four): a run of a thousand is not read again from each of its words. */
const QUALIFIERS = `${QUALIFIER}{0,8}`;
const UNIT = "(minutes?|mins?|min\\.|m|hours?|hrs?|hr|h|days?|d)";
/** Words after a duration that belong to it ("2 days of work", "an hour or so", "30 min tops"). */
const SUFFIX = "(?:-?ish)?(?:\\s+(?:of\\s+)?(?:work|effort|dev(?:elopment)?|focus(?:ed)?\\s+time|time))?(?:\\s+(?:or\\s+so|tops|max|long|in\\s+total|total))?";
/** "2-ish hours" */
const ISH = "(?:\\s*-?\\s*ish)?";
const START = "(?<![\\p{L}\\p{N}_.,/:$€£#+-])";

/** Words before a duration that make it something else: a due time ("in 30 minutes"), a delay, a repeat, a rate. */
const NOT_AN_ESTIMATE_BEFORE = new Set([
  'in', 'within', 'every', 'each', 'after', 'per', 'last', 'past', 'next', 'since', 'ago', 'than', 'other', 'once', 'twice', 'thrice', 'times', 'before', 'until', 'till', 'at', '@',
  // "an hour a day", "2 hours a week": a rate
  'hour', 'hours', 'hr', 'hrs', 'minute', 'minutes', 'min', 'mins', 'day', 'days', 'week', 'weeks',
]);
/** Words after a duration that make it something else ("2 days before the launch", "3 hours ago", "an hour a day"). */
const NOT_AN_ESTIMATE_AFTER = /^\s*(?:ago|from|before|after|later|earlier|early|late|prior|left|remaining|old|overdue|notice|delay|delayed|behind|ahead|out|off|away|per|a\s+(?:day|week|month|year)|each|every|of\s+(?:leave|vacation|holiday|pto|notice|delay))(?![\p{L}])/iu;
/** A past event in the same clause ("it was down for half a day", "took 3 hours last time"). */
const PAST = /(?<![\p{L}])(?:was|were|been|had|spent|took|lasted|waited|ran|went|used\s+to)(?![\p{L}])/iu;
/** Hours billed or logged are quantities, not the task's length ("Invoice Globex for 3 hours", "log 2 hours"). */
const BILLING_VERBS = new Set(['invoice', 'invoiced', 'bill', 'billed', 'charge', 'charged', 'log', 'logged', 'record', 'recorded', 'track', 'tracked', 'pay', 'paid', 'reimburse', 'claim', 'claimed']);
/** "I logged 2 hours", "billed 5 hours": after these the hours are a quantity. */
const BILLED = new Set(['invoiced', 'billed', 'charged', 'logged', 'recorded', 'tracked', 'paid', 'claimed']);
/** Qualifiers that say the duration is the task's length. */
const LENGTH_WORDS = /^(?:about|around|roughly|approx|approximately|~|≈|est|estimated|estimate|time|duration|it|will|should|might|may|probably|usually|takes?|taking|allow|budget|maybe|like|perhaps|likely)(?![\p{L}])/iu;
/** A quick look before the first pass: any word of LENGTH_WORDS (or "ish") at all. */
const MAY_BE_SAID_AS_LENGTH = /about|around|rough|approx|~|≈|est|time|duration|it|will|should|might|may|probably|usually|tak|allow|budget|maybe|like|perhaps|ish/iu;
/** Verbs whose object is a length of the task's own time: the duration is read and stays ("Spend 2 hours on the audit"). */
const SPEND_VERBS = new Set(['spend', 'block', 'reserve', 'allocate', 'set', 'carve', 'put', 'devote', 'dedicate', 'give', 'book', 'schedule', 'hold']);
/** Particles of phrasal verbs: the verb is the word before ("set up a 15 min call", "carve out 2 hours"). */
const PARTICLES = new Set(['up', 'out', 'aside', 'off', 'in']);
/** Determiners that make a duration describe some other, known thing ("the 3-day workshop", "our 2 hour call"). */
const DEFINITE = new Set(['the', 'this', 'that', 'these', 'those', 'my', 'our', 'your', 'their', 'his', 'her', 'its', 'whose', 'every', 'each']);
/** Verbs whose object's length is the task's own length ("Block a 2 hour slot", "Run a 90-minute workshop"). */
const OWN_LENGTH_VERBS = new Set(
  'block reserve hold book schedule run host lead facilitate teach give deliver do have take attend join set carve allocate need want get grab find put squeeze fit'.split(' '),
);
/** Nouns that are lengths of time themselves ("a 2 hour slot"). */
const TIME_NOUNS = new Set(['slot', 'block', 'window', 'session', 'timebox', 'chunk', 'stretch', 'sprint', 'shift']);
/** Words after a duration that do not make it an adjective. */
const NOT_A_NOUN = new Set(['each', 'long', 'total', 'max', 'tops', 'only', 'maybe', 'approx', 'ish', 'estimated', 'est', 'or', 'and', 'please']);

/** A duration written as an adjective: hyphenated ("2-hour", "90-minute", "full-day") or a number before a singular unit ("3 day", "full day"). */
const ADJECTIVE_FORM = /(?:[\p{L}\p{N}]-\s*\p{L}|(?<![\p{L}])(?!(?:an?|half\s+an?)\s)(?:\d+(?:[.,]\d+)?|\p{L}+)\s+(?:hour|minute|day|week)$)/iu;

const unitMinutes = (word: string) => MINUTES_PER_UNIT[estimateUnit(word.replace(/\.$/u, '')) ?? 'minutes'];

const RANGE = g(`${START}${QUALIFIERS}(?:between\\s+)?(${QUANTITY})\\s*${UNIT}?\\s*(?:-|–|—|to|or|and)\\s*(${QUANTITY})\\s*-?\\s*${UNIT}${SUFFIX}${WE}`);
const ONE_OR_TWO = g(`${WB}${QUALIFIERS}(an?|one)\\s+(hour|day|minute)\\s+or\\s+(two|three|so)${WE}`);
const HOURS_MINUTES = g(`${START}${QUALIFIERS}(\\d+|an?|one)\\s*(?:h|hrs?|hours?)\\s*(?:and\\s+)?(\\d{1,2})\\s*(?:m|mins?|minutes?)?${SUFFIX}${WE}`);
const AND_A_HALF = g(`${WB}${QUALIFIERS}(?:(an?|one)\\s+(hour|day)\\s+and\\s+a\\s+half|(${QUANTITY})\\s+and\\s+a\\s+half\\s+(hours?|days?|minutes?))${SUFFIX}${WE}`);
const PHRASES: ReadonlyArray<[RegExp, number]> = [
  [g(`${WB}${QUALIFIERS}(?:a\\s+)?half[\\s-](?:an?\\s+)?hour${SUFFIX}${WE}`), 30],
  [g(`${WB}${QUALIFIERS}(?:three\\s+quarters|3\\s*/\\s*4)\\s+of\\s+an\\s+hour${WE}`), 45],
  [g(`${WB}${QUALIFIERS}(?:a\\s+)?quarter\\s+(?:of\\s+)?an?\\s+hour${WE}`), 15],
  [g(`${WB}${QUALIFIERS}(?:a\\s+)?half[\\s-]?(?:a\\s+)?day${SUFFIX}${WE}`), MINUTES_PER_DAY / 2],
  [g(`${WB}${QUALIFIERS}(?:a\\s+)?(?:full|whole)[\\s-]day${SUFFIX}${WE}`), MINUTES_PER_DAY],
];
const SIMPLE = g(`${START}${QUALIFIERS}(${QUANTITY})${ISH}(\\s*-?\\s*)${UNIT}${SUFFIX}(?![\\p{L}\\p{N}_])`);
const QUALIFIED = new RegExp(`^${QUALIFIER}`, 'iu');
const WORD_QUANTITY = /^(?:an?|one|(?:a\s+)?couple|(?:a\s+)?few)$/iu;

/** The clause a position is in: from the last clause punctuation (or the segment start) to `index`. */
function clauseBefore(s: Scanner, segments: readonly Segment[], index: number): string {
  const segment = segmentAt(segments, Math.max(0, index - 1));
  const before = s.view().slice(segment.start, index);
  const cut = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf('('), before.lastIndexOf(' - '), before.lastIndexOf(' – '));
  return cut >= 0 ? before.slice(cut + 1) : before;
}

/**
 * Reads the estimate phrases of the text. `saidAsLength`: only durations qualified as a length ("takes around
 * 2h", "about 2 hours"); that pass runs before the times, whose "around 2" would otherwise take the number.
 */
export function recognizeEstimates(s: Scanner, segments: readonly Segment[], saidAsLength = false): void {
  if (saidAsLength && !MAY_BE_SAID_AS_LENGTH.test(s.view())) return;
  /** What follows the duration: nothing, a function word or punctuation; or a noun it describes ("3-day workshop"). */
  const describedNoun = (end: number): string | null => {
    const next = nextWord(s, end);
    if (next === null) return null;
    const between = s.view().slice(end, next.start);
    if (!/^(?:[ \t]+|-)$/u.test(between)) return null;
    if (FUNCTION_WORDS.has(next.word) || NOT_A_NOUN.has(next.word) || !/^\p{L}/u.test(next.word)) return null;
    return next.word;
  };

  /** "Block a 2 hour slot", "Full-day workshop": the described thing is the task itself. */
  const ownLength = (start: number, noun: string): boolean => {
    const before = previousWord(s, start);
    if (before === null) return !s.hasContent(segmentAt(segments, start).start, start);
    if (DEFINITE.has(before.word) || /['’]s$/u.test(before.word)) return false;
    if (before.word === 'a' || before.word === 'an' || before.word === 'one') {
      let verb = previousWord(s, before.start);
      if (verb !== null && PARTICLES.has(verb.word)) verb = previousWord(s, verb.start);
      if (verb === null) return !s.hasContent(segmentAt(segments, start).start, before.start);
      if (FUNCTION_WORDS.has(verb.word)) return false;
      return OWN_LENGTH_VERBS.has(verb.word) || TIME_NOUNS.has(noun);
    }
    return false;
  };

  const accept = (start: number, end: number, minutes: number, quantity: string) => {
    if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MINUTES_PER_DAY * 60) return;
    const before = prevWord(s, start);
    if (before !== null && NOT_AN_ESTIMATE_BEFORE.has(before)) return;
    if (NOT_AN_ESTIMATE_AFTER.test(s.view().slice(end))) return;
    const clause = clauseBefore(s, segments, start);
    if (PAST.test(clause)) return;
    // The qualifier read with the duration may be the "for" of "invoice Globex for 3 hours".
    // Hours billed or logged ("Invoice Globex for 3 hours", "Bill Initech 5 hours"), unless said as a length ("takes").
    // The duration is the billing verb's object: right after it, after "for", or after the name billed ("Bill Initech 5 hours").
    const opening = /^[^\p{L}]*(\p{L}+)(.*)$/su.exec(stripFiller(clause.trimStart()).text);
    const verb = opening?.[1]?.toLowerCase();
    const between = (opening?.[2] ?? '').trim();
    const objectIsName = between === '' || /^for$/iu.test(between) || /^(?:[\p{Lu}\u0002][^\s]*\s*)+(?:for)?$/u.test(between);
    const afterFor = before === 'for' || /^for(?![\p{L}])/iu.test(s.view().slice(start, end));
    const billed = (verb !== undefined && BILLING_VERBS.has(verb) && (objectIsName || afterFor)) || (before !== null && BILLED.has(before));
    if (billed && !LENGTH_WORDS.test(s.view().slice(start, end))) return;
    // A rate: "an hour a day" (handled above), "2 pills a day", "$40 an hour".
    if (/^(?:an?|one)$/iu.test(quantity) && /\d+\s+\p{L}+s\s*$/u.test(clause)) return;
    if (/[$€£]\s*\d[\d.,]*\s*$/u.test(s.view().slice(Math.max(0, start - 12), start))) return;
    if (saidAsLength && !LENGTH_WORDS.test(s.view().slice(start, end)) && !/ish/iu.test(s.view().slice(start, end))) return;
    const noun = describedNoun(end);
    if (noun !== null) {
      // "The 4-Hour Workweek": a capitalised unit before a capitalised word is a name.
      if (/\d[\s-]*\p{Lu}\p{Ll}/u.test(s.text.slice(start, end)) && /^\p{Lu}/u.test(s.text.slice(s.nextNonSpace(end + 1)))) return;
      if (!ownLength(start, noun)) return;
      // "Full-day workshop", "Block a 2 hour slot": the adjective names the thing and stays; "2h 30m treatment
      // plan writeups", "half an hour prep …" open the text with the task's length, which leaves the title.
      const opening = previousWord(s, start) === null && !ADJECTIVE_FORM.test(s.view().slice(start, end));
      s.add(start, end, { field: 'estimate', minutes }, !opening);
      return;
    }
    const matched = s.view().slice(start, end);
    // Word quantities ("an hour", "a day") only when clearly a duration: qualified, set apart, or last.
    if (WORD_QUANTITY.test(quantity.trim())) {
      const qualified = QUALIFIED.test(matched);
      const apart = /[,(;–—-]\s*$/u.test(s.view().slice(0, start)) || /^\s*[,);]/u.test(s.view().slice(end));
      if (!qualified && !apart && !atSegmentEnd(s, segments, end)) return;
    }
    // "Spend 2 hours on the audit": the duration is the verb's object and stays in the title.
    s.add(start, end, { field: 'estimate', minutes }, before !== null && SPEND_VERBS.has(before));
  };

  scan(s, ONE_OR_TWO, (m) => {
    const upper = (m[3] as string).toLowerCase();
    const n = upper === 'so' ? 1 : (quantityValue(upper) ?? 1);
    accept(m.index, m.index + m[0].length, n * unitMinutes(m[2] as string), m[1] as string);
  });
  scan(s, RANGE, (m) => {
    const low = quantityValue(m[1] as string);
    const high = quantityValue(m[3] as string);
    if (low === null || high === null || high <= 0) return;
    const unit = m[4] as string;
    const lowUnit = m[2] ?? unit;
    if (unit.length === 1 && !/^\d/u.test(m[3] as string)) return;
    const a = low * unitMinutes(lowUnit);
    const b = high * unitMinutes(unit);
    if (m[2] === undefined && low >= high) return; // "3-2 hours" is no range
    accept(m.index, m.index + m[0].length, Math.max(a, b), m[3] as string);
  });
  scan(s, HOURS_MINUTES, (m) => {
    const hours = quantityValue(m[1] as string) ?? 0;
    const minutes = Number(m[2]);
    if (minutes >= 60) return;
    accept(m.index, m.index + m[0].length, hours * 60 + minutes, m[1] as string);
  });
  scan(s, AND_A_HALF, (m) => {
    if (m[1] !== undefined) accept(m.index, m.index + m[0].length, 1.5 * unitMinutes(m[2] as string), m[1]);
    else {
      const n = quantityValue(m[3] as string);
      if (n !== null) accept(m.index, m.index + m[0].length, (n + 0.5) * unitMinutes(m[4] as string), m[3] as string);
    }
  });
  for (const [pattern, minutes] of PHRASES) scan(s, pattern, (m) => accept(m.index, m.index + m[0].length, minutes, 'phrase'));
  scan(s, SIMPLE, (m) => {
    const [qty, between, unit] = [m[1] as string, m[2] as string, m[3] as string];
    const numeric = /^\d/u.test(qty);
    if (unit.length === 1) {
      if (!numeric) return; // "a m", "an h"
      if (/\s/u.test(between) && unit.toLowerCase() !== 'h') return; // "5 m" are metres
      if (unit === 'D') return; // "3D printer"
    }
    const n = quantityValue(qty);
    if (n === null || n <= 0) return;
    accept(m.index, m.index + m[0].length, n * unitMinutes(unit), qty);
  });
  // An estimate in brackets leaves "()" behind: the title clean-up drops empty brackets.
}
