import type { Priority } from '@daybook/shared';
import { atSegmentEnd, atSegmentStart, FUNCTION_WORDS, nextWord, verbFollows } from './helpers';
import { WB, WE } from './lexicon';
import { scan, type Scanner } from './scanner';
import type { Segment } from './segments';

type Kind =
  /** Explicit markers and phrases: always a priority, always removed. */
  | 'marker'
  /** A priority word that may be part of the sentence: removed only when it stands apart. */
  | 'word'
  /** Only when it stands apart (start, end, between commas): "critical", "important". */
  | 'detached'
  /** Only as the last word: "…, high". */
  | 'trailing';

const PRIORITY_WORDS = '(?:priority|prio|pri)';
const PATTERNS: ReadonlyArray<[string, Priority, Kind]> = [
  // Vikunja !n rises with n (1 = low); Todoist pN falls (p1 = urgent). `!9999` is plain text.
  ['(?<![\\p{L}\\p{N}!])!([0-5])(?![\\p{L}\\p{N}])', 'medium', 'marker'],
  ['(?<![\\p{L}\\p{N}_])[pP]([1-4])(?![\\p{L}\\p{N}_])', 'medium', 'marker'],
  // "priority 2", "prio: 1" — not "priority 1 hour" (an estimate follows).
  [`${WB}${PRIORITY_WORDS}\\s*[:=]?\\s*([1-4])${WE}(?!\\s*(?:h|hrs?|hours?|m|mins?|minutes?|d|days?|weeks?)${WE})`, 'medium', 'marker'],
  // low
  [`${WB}not\\s+(?:that\\s+|very\\s+|super\\s+|too\\s+)?(?:urgent|important|a\\s+priority|pressing)${WE}`, 'low', 'marker'],
  [`${WB}no\\s+(?:rush|hurry|priority)${WE}`, 'low', 'marker'],
  [`${WB}(?:low|lowest|lower)[\\s-]?${PRIORITY_WORDS}${WE}`, 'low', 'marker'],
  [`${WB}${PRIORITY_WORDS}\\s*[:=\\-–]?\\s*(?:low|lowest)${WE}`, 'low', 'marker'],
  [`${WB}(?:some\\s*day|eventually|one\\s+of\\s+these\\s+days)${WE}`, 'low', 'detached'],
  [`${WB}whenever(?:\\s+(?:possible|you\\s+can|i\\s+can|we\\s+can|(?:i|you|we)\\s+(?:get|have)\\s+(?:a\\s+)?(?:chance|minute|moment|time)|there(?:'|’)?s\\s+time))?${WE}`, 'low', 'marker'],
  [`${WB}when\\s+(?:i|you|we)\\s+(?:get|have|find)\\s+(?:a\\s+)?(?:chance|minute|moment|spare\\s+(?:moment|minute|hour)|free\\s+(?:moment|minute)|sec|second|(?:some\\s+|spare\\s+|the\\s+)?time)${WE}`, 'low', 'marker'],
  [`${WB}(?:at\\s+some\\s+point|low\\s+on\\s+the\\s+list|nice\\s+to\\s+have|no\\s+deadline)${WE}`, 'low', 'detached'],
  [`${WB}if\\s+(?:(?:i|you|we)\\s+(?:get|have)\\s+time|time\\s+permits)${WE}`, 'low', 'marker'],
  // urgent
  [`${WB}(?:highest|urgent|critical|top)[\\s-]?${PRIORITY_WORDS}${WE}`, 'urgent', 'marker'],
  [`${WB}${PRIORITY_WORDS}\\s*[:=\\-–]?\\s*(?:urgent|critical|highest|top|asap)${WE}`, 'urgent', 'marker'],
  [`${WB}(?:(?:this|that)\\s+is|it(?:'|’)?s|it\\s+is)\\s+(?:(?:pretty|very|super|really|extremely|quite|rather|fairly|kinda)\\s+)?(?:urgent|critical|an?\\s+emergency)${WE}`, 'urgent', 'marker'],
  [`${WB}(?:pretty|very|super|really|extremely|quite|rather|fairly|kinda|kind\\s+of|somewhat|most)\\s+urgent(?:ly)?${WE}`, 'urgent', 'marker'],
  [`${WB}(?:asap|a\\.s\\.a\\.p\\.?)(?![\\p{L}\\p{N}_])`, 'urgent', 'marker'],
  [`${WB}urgent(?:ly)?${WE}`, 'urgent', 'word'],
  [`${WB}(?:critical|emergency)${WE}`, 'urgent', 'detached'],
  // high
  [`${WB}(?:high|higher)[\\s-]?${PRIORITY_WORDS}${WE}`, 'high', 'marker'],
  [`${WB}hi[\\s-]?pri${WE}`, 'high', 'marker'],
  [`${WB}${PRIORITY_WORDS}\\s*[:=\\-–]?\\s*high${WE}`, 'high', 'marker'],
  [`${WB}(?:(?:this|that)\\s+is|it(?:'|’)?s|it\\s+is)\\s+(?:(?:very|really|quite|super|extremely)\\s+)?important${WE}`, 'high', 'marker'],
  [`${WB}(?:very|really|quite|super|extremely)\\s+important${WE}`, 'high', 'marker'],
  [`${WB}important${WE}`, 'high', 'detached'],
  [`${WB}high${WE}`, 'high', 'trailing'],
  // medium
  [`${WB}(?:medium|normal|mid|average|regular)[\\s-]?${PRIORITY_WORDS}${WE}`, 'medium', 'marker'],
  [`${WB}${PRIORITY_WORDS}\\s*[:=\\-–]?\\s*(?:medium|normal)${WE}`, 'medium', 'marker'],
  [`${WB}(?:medium|low)${WE}`, 'medium', 'trailing'],
];

const BANG: Record<string, Priority> = { '0': 'medium', '1': 'low', '2': 'medium', '3': 'high', '4': 'urgent', '5': 'urgent' };
const TODOIST: Record<string, Priority> = { '1': 'urgent', '2': 'high', '3': 'medium', '4': 'low' };

const isTitleCase = (word: string) => /^\p{Lu}\p{Ll}+$/u.test(word);

/** "Riverside Urgent Care", "Critical Role": a capitalised word next to another capitalised word is a name. */
function partOfName(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end);
  if (!isTitleCase(word.split(/\s+/)[0] as string)) return false;
  const before = /(\p{L}+)[ \t]+$/u.exec(text.slice(Math.max(0, start - 40), start))?.[1];
  const after = /^[ \t]+(\p{L}+)/u.exec(text.slice(end, end + 40))?.[1];
  const sentenceStartBefore = before !== undefined && /[.!?:]\s*$/u.test(text.slice(0, start - (before.length + 1)));
  return (after !== undefined && isTitleCase(after)) || (before !== undefined && isTitleCase(before) && !sentenceStartBefore && start - before.length - 1 > 0);
}

/** Stands apart from the sentence: at the start or end of its segment, or set off by punctuation. */
function detached(s: Scanner, segments: readonly Segment[], start: number, end: number): boolean {
  if (atSegmentStart(s, segments, start) || atSegmentEnd(s, segments, end)) return true;
  const view = s.view();
  // Right after a recognised field ("tomorrow 3pm urgent 30 min") the word is a marker too.
  if (/\u0001[\s]*$/u.test(view.slice(0, start))) return true;
  const before = view.slice(0, start).replace(/[\s\u0001]+$/u, '');
  const after = view.slice(end).replace(/^[\s\u0001]+/u, '');
  return /[,;(–—-]$/u.test(before) || /^[,;:)!–—-]/u.test(after);
}

/** The patterns, compiled once. */
const COMPILED: ReadonlyArray<[RegExp, Priority, Kind]> = PATTERNS.map(([source, priority, kind]) => [new RegExp(source, 'giu'), priority, kind]);
/** Emphasis marks at the start or end of the text: `!!` high, `!!!` (or more) urgent. */
const EMPHASIS = /(?<![!\p{N}])!{2,}(?![!\p{L}\p{N}])/gu;
/** Priority words that may describe the noun after them ("Emergency plumber call", "Urgent call with Acme"). */
const ADJECTIVES = /^(?:urgent|critical|emergency|important)$/iu;
const ENDS_WITH_PRIORITY_WORD = /(?:priority|prio|pri)$/iu;

/** "Review high priority tickets": a priority phrase in the middle of the sentence, before a noun, describes the noun. */
function modifiesNoun(s: Scanner, segments: readonly Segment[], start: number, end: number): boolean {
  if (atSegmentStart(s, segments, start)) return false;
  const next = nextWord(s, end);
  return next !== null && /^[ \t-]+$/u.test(s.view().slice(end, next.start)) && /^\p{Ll}/u.test(s.text.slice(next.start)) && !FUNCTION_WORDS.has(next.word);
}

/**
 * Priority (RULES §4): markers (`p1`–`p4`, `!0`–`!5`, `!!`, `!!!`), phrases ("high priority", "no rush", "not
 * urgent", "asap", "Priority: high") and words ("urgent", "critical", "important", a trailing "high"). Words
 * inside names are not priorities ("Riverside Urgent Care", "high school"); quoted words and client names are
 * protected before this runs.
 */
export function recognizePriority(s: Scanner, segments: readonly Segment[]): void {
  for (const [pattern, priority, kind] of COMPILED) {
    scan(s, pattern, (m) => {
      const start = m.index;
      const end = start + m[0].length;
      const text = s.text;
      let value = priority;
      if (m[1] !== undefined && kind === 'marker') {
        value = (m[0].startsWith('!') ? BANG[m[1]] : TODOIST[m[1]]) ?? priority;
      }
      if (kind === 'marker') {
        if (ENDS_WITH_PRIORITY_WORD.test(m[0]) && modifiesNoun(s, segments, start, end)) return;
        s.add(start, end, { field: 'priority', priority: value });
        return;
      }
      if (partOfName(text, start, end)) return;
      if (/^urgent\s+care/iu.test(text.slice(start, start + 20))) return;
      const apart = detached(s, segments, start, end);
      // "Emergency plumber call", "Urgent call with Acme": an adjective at the start sets the priority and stays.
      const word = text.slice(start, end);
      // An adverb ("someday tidy the shed") or a word before a verb ("urgent send …") is a marker, not an adjective.
      const adjective =
        atSegmentStart(s, segments, start) && ADJECTIVES.test(word) && /^[ \t]+\p{Ll}/u.test(text.slice(end)) && word !== word.toUpperCase() && !verbFollows(s, end);
      if (kind === 'word') s.add(start, end, { field: 'priority', priority: value }, !apart || adjective);
      else if (kind === 'detached') {
        if (apart) s.add(start, end, { field: 'priority', priority: value }, adjective);
      } else if (kind === 'trailing') {
        if (!atSegmentEnd(s, segments, end)) return;
        const before = s.view().slice(0, start);
        const word = (m[0] as string).toLowerCase();
        if (word === 'high' ? /[\s,;–—-]$/u.test(before) : /[,;–—-]\s*$/u.test(before)) {
          s.add(start, end, { field: 'priority', priority: word === 'low' ? 'low' : word === 'medium' ? 'medium' : 'high' });
        }
      }
    });
  }
  scan(s, EMPHASIS, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    const leading = !s.hasContent(0, start);
    const trailing = !s.hasContent(end, s.text.length);
    if (leading || trailing) s.add(start, end, { field: 'priority', priority: m[0].length >= 3 ? 'urgent' : 'high' });
  });
}
