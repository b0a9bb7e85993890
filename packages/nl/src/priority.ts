import type { Priority } from '@daybook/shared';
import { atSegmentEnd, atSegmentStart } from './helpers';
import { WB, WE } from './lexicon';
import { scan, type Scanner } from './scanner';
import type { Segment } from './segments';

const re = (source: string) => new RegExp(source, 'giu');

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
  [`${WB}${PRIORITY_WORDS}\\s*[:=]?\\s*([1-4])${WE}`, 'medium', 'marker'],
  // low
  [`${WB}not\\s+(?:that\\s+|very\\s+|super\\s+|too\\s+)?(?:urgent|important|a\\s+priority|pressing)${WE}`, 'low', 'marker'],
  [`${WB}no\\s+(?:rush|hurry|priority)${WE}`, 'low', 'marker'],
  [`${WB}(?:low|lowest|lower)[\\s-]?${PRIORITY_WORDS}${WE}`, 'low', 'marker'],
  [`${WB}${PRIORITY_WORDS}\\s*[:=]?\\s*(?:low|lowest)${WE}`, 'low', 'marker'],
  [`${WB}whenever(?:\\s+(?:possible|you\\s+can|i\\s+can|we\\s+can|(?:i|you|we)\\s+(?:get|have)\\s+(?:a\\s+)?(?:chance|minute|moment|time)|there(?:'|’)?s\\s+time))?${WE}`, 'low', 'marker'],
  [`${WB}when\\s+(?:i|you|we)\\s+(?:get|have)\\s+(?:a\\s+)?(?:chance|minute|moment|spare\\s+moment|time)${WE}`, 'low', 'marker'],
  [`${WB}if\\s+(?:(?:i|you|we)\\s+(?:get|have)\\s+time|time\\s+permits)${WE}`, 'low', 'marker'],
  // urgent
  [`${WB}(?:highest|urgent|critical|top)[\\s-]?${PRIORITY_WORDS}${WE}`, 'urgent', 'marker'],
  [`${WB}${PRIORITY_WORDS}\\s*[:=]?\\s*(?:urgent|critical|highest|asap)${WE}`, 'urgent', 'marker'],
  [`${WB}(?:(?:this|that)\\s+is|it(?:'|’)?s|it\\s+is)\\s+(?:(?:pretty|very|super|really|extremely|quite|rather|fairly|kinda)\\s+)?(?:urgent|critical|an?\\s+emergency)${WE}`, 'urgent', 'marker'],
  [`${WB}(?:pretty|very|super|really|extremely|quite|rather|fairly|kinda|kind\\s+of|somewhat|most)\\s+urgent(?:ly)?${WE}`, 'urgent', 'marker'],
  [`${WB}(?:asap|a\\.s\\.a\\.p\\.?)(?![\\p{L}\\p{N}_])`, 'urgent', 'marker'],
  [`${WB}urgent(?:ly)?${WE}`, 'urgent', 'word'],
  [`${WB}(?:critical|emergency)${WE}`, 'urgent', 'detached'],
  // high
  [`${WB}(?:high|higher)[\\s-]?${PRIORITY_WORDS}${WE}`, 'high', 'marker'],
  [`${WB}hi[\\s-]?pri${WE}`, 'high', 'marker'],
  [`${WB}${PRIORITY_WORDS}\\s*[:=]?\\s*high${WE}`, 'high', 'marker'],
  [`${WB}(?:(?:this|that)\\s+is|it(?:'|’)?s|it\\s+is)\\s+(?:(?:very|really|quite|super|extremely)\\s+)?important${WE}`, 'high', 'marker'],
  [`${WB}(?:very|really|quite|super|extremely)\\s+important${WE}`, 'high', 'marker'],
  [`${WB}important${WE}`, 'high', 'detached'],
  [`${WB}high${WE}`, 'high', 'trailing'],
  // medium
  [`${WB}(?:medium|normal|mid|average|regular)[\\s-]?${PRIORITY_WORDS}${WE}`, 'medium', 'marker'],
  [`${WB}${PRIORITY_WORDS}\\s*[:=]?\\s*(?:medium|normal)${WE}`, 'medium', 'marker'],
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

/**
 * Priority (RULES §4): markers (`p1`–`p4`, `!0`–`!5`), phrases ("high priority", "no rush", "not urgent",
 * "asap") and words ("urgent", "critical", "important", a trailing "high"). Words inside names are not
 * priorities ("Riverside Urgent Care", "high school"); quoted words are protected before this runs.
 */
export function recognizePriority(s: Scanner, segments: readonly Segment[]): void {
  for (const [source, priority, kind] of PATTERNS) {
    scan(s, re(source), (m) => {
      const start = m.index;
      const end = start + m[0].length;
      const text = s.text;
      let value = priority;
      if (m[1] !== undefined && kind === 'marker') {
        value = (m[0].startsWith('!') ? BANG[m[1]] : TODOIST[m[1]]) ?? priority;
      }
      if (kind === 'marker') {
        s.add(start, end, { field: 'priority', priority: value });
        return;
      }
      if (partOfName(text, start, end)) return;
      if (/^urgent\s+care/iu.test(text.slice(start, start + 20))) return;
      const apart = detached(s, segments, start, end);
      // "Emergency plumber call", "Urgent call with Acme": an adjective at the start sets the priority and stays.
      const word = text.slice(start, end);
      const adjective = atSegmentStart(s, segments, start) && /^[ \t]+\p{Ll}/u.test(text.slice(end)) && word !== word.toUpperCase();
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
}
