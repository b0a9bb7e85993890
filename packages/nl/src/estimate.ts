import { estimateUnit, MINUTES_PER_DAY, MINUTES_PER_UNIT } from '@daybook/shared';
import { atSegmentEnd, FUNCTION_WORDS, nextWord, prevWord } from './helpers';
import { QUANTITY, quantityValue, WB, WE, WORD_NUMBER } from './lexicon';
import { scan, type Scanner } from './scanner';
import type { Segment } from './segments';

const re = (source: string) => new RegExp(source, 'giu');

/** Words before a duration that make it something else: a due time ("in 30 minutes"), a delay, a repeat. */
const NOT_AN_ESTIMATE_BEFORE = new Set(['in', 'within', 'every', 'each', 'after', 'per', 'last', 'past', 'next', 'since', 'ago', 'than', 'other']);
/** Words after a duration that make it something else ("2 days before the launch", "3 hours ago"). */
const NOT_AN_ESTIMATE_AFTER = /^\s*(?:ago|from|before|after|later|earlier|early|late|prior|left|remaining|old|overdue|notice|delay|delayed|behind|ahead|out|per|a\s+(?:day|week|month)|each|every)(?![\p{L}])/iu;

const QUALIFIER = '(?:(?:about|around|roughly|approx\\.?|approximately|~|≈|ca\\.?|circa|est\\.?|estimated|estimate|eta|takes?|taking|will\\s+take|should\\s+take|needs?|allow|budget|block|for|maybe|max|at\\s+most|under|up\\s+to)\\s*[:=]?\\s*)';
const UNIT = '(minutes?|mins?|m|hours?|hrs?|hr|h|days?|d)';

/** Minutes in one of UNIT's words or an adjective's unit ("30-minute"); each of them is a shared estimate unit. */
const unitMinutes = (word: string) => MINUTES_PER_UNIT[estimateUnit(word) ?? 'minutes'];

/** A content word (not "on", "for", …) follows: the duration is an adjective ("full-day workshop"). */
function nounFollows(s: Scanner, end: number): boolean {
  const next = nextWord(s, end);
  return next !== null && !FUNCTION_WORDS.has(next.word) && s.view().slice(end, next.start).trim() === '';
}

/**
 * Estimated time (RULES §5), only from a stated duration: `30 mins`, `~45m`, `(5 min)`, `an hour`, `1.5 hours`,
 * `1h30`, `a couple of hours`, `half a day`, `full-day`, `2 days of work` (a day of effort is 8 h). Not
 * estimates: `in 30 minutes` (a due time), counts (`3 samples`), names. A compound adjective
 * ("Full-day workshop", "a 30-minute call") sets the estimate and stays in the title.
 */
export function recognizeEstimates(s: Scanner, segments: readonly Segment[]): void {
  const add = (start: number, end: number, minutes: number, keep = false) => {
    if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 480 * 60) return;
    s.add(start, end, { field: 'estimate', minutes }, keep);
  };
  const blockedBefore = (start: number) => {
    const before = prevWord(s, start);
    return before !== null && NOT_AN_ESTIMATE_BEFORE.has(before);
  };
  const blockedAfter = (end: number) => NOT_AN_ESTIMATE_AFTER.test(s.view().slice(end));

  // Compound adjectives: "full-day workshop", "half-day training", "a 2-hour session", "30-minute call"
  scan(s, re(`${WB}(?:(full|whole|all)|(half))[- ]day${WE}(?=\\s+\\p{L})`), (m) => {
    if (!nounFollows(s, m.index + m[0].length)) return;
    if (/^[A-Z]/.test(m[0]) && /^\s+[A-Z][a-z]+\s+[A-Z]/.test(s.text.slice(m.index + m[0].length))) return;
    add(m.index, m.index + m[0].length, m[2] ? MINUTES_PER_DAY / 2 : MINUTES_PER_DAY, true);
  });
  scan(s, re(`(?<![\\p{L}\\p{N}_.])(\\d+(?:\\.\\d+)?|${WORD_NUMBER})-(minute|min|hour|hr|day)${WE}(?=\\s+\\p{L})`), (m) => {
    if (!nounFollows(s, m.index + m[0].length)) return;
    const titleCase = /\p{Lu}/u.test(m[2]?.[0] ?? '');
    if (titleCase) return; // "The 4-Hour Workweek"
    const n = quantityValue(m[1] as string);
    if (n !== null) add(m.index, m.index + m[0].length, n * unitMinutes(m[2] as string), true);
  });

  // Whole phrases first
  const phrases: Array<[string, number]> = [
    [`(?:an?|one)\\s+hour\\s+and\\s+a\\s+half`, 90],
    [`(?:one|1)\\s+and\\s+a\\s+half\\s+hours?`, 90],
    [`(?:two|2)\\s+and\\s+a\\s+half\\s+hours?`, 150],
    [`half\\s+an?\\s+hour`, 30],
    [`(?:a\\s+)?half[\\s-]?(?:a\\s+)?day(?:\\s+(?:of\\s+)?(?:work|effort))?`, MINUTES_PER_DAY / 2],
    [`(?:a\\s+)?(?:full|whole)[\\s-]day(?:\\s+(?:of\\s+)?(?:work|effort))?`, MINUTES_PER_DAY],
    [`(?:a|one)\\s+day\\s+(?:of\\s+)?(?:work|effort)`, MINUTES_PER_DAY],
    [`(?:a\\s+)?quarter\\s+(?:of\\s+)?an?\\s+hour`, 15],
  ];
  for (const [source, minutes] of phrases) {
    scan(s, re(`${WB}${QUALIFIER}*${source}${WE}`), (m) => {
      if (blockedBefore(m.index) || blockedAfter(m.index + m[0].length)) return;
      add(m.index, m.index + m[0].length, minutes);
    });
  }

  // "1h30", "1h 30m", "1 hour 30 minutes", "2 hrs 15 mins"
  scan(s, re(`${WB}${QUALIFIER}*(\\d+)\\s*(?:h|hrs?|hours?)\\s*(?:and\\s+)?(\\d{1,2})\\s*(?:m|mins?|minutes?)?${WE}`), (m) => {
    if (blockedBefore(m.index) || blockedAfter(m.index + m[0].length)) return;
    add(m.index, m.index + m[0].length, Number(m[1]) * 60 + Number(m[2]));
  });

  // "30 mins", "~45m", "(5 min)", "1.5 hours", "2h", "an hour", "a couple of hours", "2 days of work"
  scan(s, re(`(?<![\\p{L}\\p{N}_.,/:$€£#+-])${QUALIFIER}*(${QUANTITY})\\s*-?\\s*${UNIT}(?:\\s+(?:of\\s+)?(?:work|effort|dev(?:elopment)?|focus(?:ed)?\\s+time))?(?![\\p{L}\\p{N}_])`), (m) => {
    const start = m.index;
    const end = start + m[0].length;
    const qty = m[1] as string;
    const unit = m[2] as string;
    if (/\d-\s*\p{L}/u.test(m[0]) || /-(?:minute|min|hour|hr|day)$/iu.test(m[0])) return; // "4-Hour Workweek": an adjective, handled above
    const spaced = /\s/.test(m[0].slice(m[0].indexOf(qty) + qty.length, m[0].lastIndexOf(unit)));
    const single = unit.length === 1;
    if (single && ((spaced && unit.toLowerCase() !== 'h') || !/^\d/.test(qty))) return; // "5 m" (metres), "a m"
    if (single && unit.toLowerCase() === 'd' && !/^\d/.test(qty)) return;
    if (blockedBefore(start) || blockedAfter(end)) return;
    const n = quantityValue(qty);
    if (n === null || n <= 0) return;
    const wordQuantity = !/^\d/.test(qty);
    const qualified = new RegExp(`^${QUALIFIER}`, 'iu').test(m[0]);
    const afterOther = /[,(;–—-]\s*$/u.test(s.view().slice(0, start)) || /^\s*[,);]/u.test(s.view().slice(end));
    // Word quantities ("an hour", "a day") only when clearly a duration: qualified, set apart, or last.
    if (wordQuantity && !qualified && !afterOther && !atSegmentEnd(s, segments, end)) return;
    if (/^d/i.test(unit) && wordQuantity && !qualified && !/work|effort/i.test(m[0]) && !afterOther) return; // "a day" alone
    add(start, end, n * unitMinutes(unit));
  });
  // An estimate in brackets leaves "()" behind: the title clean-up drops empty brackets.
}
