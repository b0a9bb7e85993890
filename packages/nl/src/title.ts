import { LINKING_BEFORE } from './helpers';
import type { Scanner } from './scanner';
import { segmentAt, type Segment } from './segments';

/** Leading filler (RULES §1): hesitations, requests to the assistant, "remind me to", "I need to", "please". */
const LEADING_FILLERS: readonly RegExp[] = [
  /^(?:u+h+m*|u+m+|e+r+m*|hmm+|a+h+|o+h+)(?![\p{L}\p{N}])[\s,.!:;…-]*/iu,
  /^(?:hey|hi|hello|ok(?:ay)?|alright|all\s+right|yeah|yes|so|well|right|now|and|also|oh)(?:[,.!:;…]+\s*|\s+(?=(?:so|uh|um|can|could|would|will|please|pls|remind|reminder|i|we|don|dont|do|add|create|let|need|have|make|remember|quick|new|just)(?![\p{L}])))/iu,
  /^(?:please|pls|plz|kindly)(?![\p{L}])[\s,]*/iu,
  /^(?:can|could|would|will)\s+you\s+(?:please\s+|pls\s+|just\s+)?/iu,
  /^(?:just\s+)?(?:add|create|make|put|set\s+up|schedule|log|new)\s+(?:me\s+)?(?:a\s+|an\s+)?(?:new\s+|quick\s+)?(?:task|todo|to-do|to\s+do|reminder|item|entry)(?:\s*(?:to|for|that|about|saying|:|-)(?![\p{L}]))?\s*/iu,
  /^(?:(?:new|quick)\s+)?(?:task|todo|to-do|reminder|note(?:\s+to\s+self)?|fyi)\s*[:\-–—]\s*/iu,
  /^remind\s+me\s*(?:to|that|about|of)?(?![\p{L}])\s*/iu,
  /^(?:a\s+)?reminder\s+(?:to|that|about|of)\s+/iu,
  /^(?:i|we)\s+(?:really\s+|still\s+|also\s+|just\s+)?(?:need|have|got|gotta|must|should|want|wanna|ought|would\s+like|will\s+need|(?:have|has)\s+got)(?![\p{L}])\s*(?:to(?![\p{L}])\s*)?/iu,
  /^(?:i|we)(?:'|’)(?:ve\s+got|ll\s+need|d\s+like|m\s+going|re\s+going)\s+to\s+/iu,
  /^(?:i|we)\s+(?:am|are)\s+going\s+to\s+/iu,
  /^(?:need|needs|have|got)\s+to\s+/iu,
  /^gotta\s+/iu,
  /^(?:don(?:'|’)?t|do\s+not|dont)\s+(?:forget|let\s+me\s+forget)\s*(?:to(?![\p{L}])|about(?![\p{L}]))?\s*/iu,
  /^(?:remember|try)\s+to\s+/iu,
  /^(?:make|be)\s+sure\s+(?:to\s+|that\s+|you\s+)?/iu,
  /^let(?:'|’)?s\s+/iu,
  /^just\s+/iu,
];
const TRAILING_FILLER = /[\s,]+(?:please|pls|plz|thanks|thank\s+you|thx|ty|if\s+possible)[\s.!]*$/iu;

/** Removes leading filler; returns the text and whether anything was removed. */
export function stripFiller(text: string, afterRemoval = false): { text: string; stripped: boolean } {
  let out = text;
  let stripped = false;
  if (afterRemoval && /^to\s+\p{L}/iu.test(out)) {
    out = out.replace(/^to\s+/iu, '');
    stripped = true;
  }
  for (let guard = 0; guard < 12; guard += 1) {
    const before = out;
    for (const pattern of LEADING_FILLERS) {
      const match = pattern.exec(out);
      if (match && match[0].length > 0 && match[0].length < out.length) out = out.slice(match[0].length).trimStart();
    }
    if (stripped && /^to\s+\p{L}/iu.test(out)) out = out.replace(/^to\s+/iu, '');
    if (out === before) break;
    stripped = true;
  }
  const trailing = out.replace(TRAILING_FILLER, '');
  if (trailing !== out && trailing.trim() !== '') out = trailing;
  return { text: out, stripped };
}

/** Collapses spaces and drops punctuation left dangling by removed fields. */
export function tidy(text: string): string {
  let t = text;
  t = t.replace(/\(\s*[,;]?\s*\)|\[\s*\]|\{\s*\}/gu, ' ');
  t = t.replace(/\s+/gu, ' ');
  t = t.replace(/\s+([,;:)\]])/gu, '$1');
  t = t.replace(/\s+[!?]+$/u, ''); // "Submit expenses by Friday!" → the "!" belonged to the removed phrase
  t = t.replace(/\s+([!?])(?=\s|$)/gu, '$1');
  t = t.replace(/\s+\.(?=\s|$)/gu, '.');
  t = t.replace(/([([])\s+/gu, '$1');
  t = t.replace(/([,;])(?:\s*[,;])+/gu, '$1');
  t = t.replace(/\s+([-–—])(?:\s+[-–—])+\s+/gu, ' $1 ');
  t = t.replace(/^[\s,;:\-–—|/&]+/u, '');
  t = t.replace(/(?:[\s,;:\-–—|/&]|\s(?:and|or|&))+$/iu, '');
  return t.trim();
}

/** Linking words ("on", "at", "by", "due", "@") right before a date or time go with it (RULES §1). */
export function absorbLinkingWords(s: Scanner, segments: readonly Segment[]): void {
  let changed = true;
  for (let guard = 0; changed && guard < 8; guard += 1) {
    changed = false;
    for (const hit of [...s.hits]) {
      if (hit.keep || !['date', 'time', 'recurrence'].includes(hit.value.field)) continue;
      const segment = segmentAt(segments, hit.start);
      const view = s.view();
      const before = view.slice(segment.start, hit.start);
      const match = LINKING_BEFORE.exec(before);
      if (!match) continue;
      const word = match[1] as string;
      const start = segment.start + before.length - match[0].length + match[0].indexOf(word);
      const end = segment.start + before.length;
      if (s.add(start, end, { field: 'filler' })) changed = true;
    }
  }
}

/** The title text of a segment: everything not taken by a field (kept fields stay), tidied. */
export function titleText(s: Scanner, from: number, to: number): string {
  const removed = new Uint8Array(s.text.length);
  for (const hit of s.hits) {
    if (hit.keep) continue;
    for (let i = Math.max(hit.start, from); i < Math.min(hit.end, to); i += 1) removed[i] = 1;
  }
  let out = '';
  let gap = false;
  for (let i = from; i < to; i += 1) {
    if (removed[i]) {
      gap = true;
      continue;
    }
    if (gap) {
      out += ' ';
      gap = false;
    }
    out += s.text[i];
  }
  return tidy(out);
}

/** True when a field or filler was removed before the first word kept in [from, to). */
export function removedBeforeFirstWord(s: Scanner, from: number, to: number): boolean {
  const removed = new Uint8Array(s.text.length);
  for (const hit of s.hits) {
    if (hit.keep) continue;
    for (let i = Math.max(hit.start, from); i < Math.min(hit.end, to); i += 1) removed[i] = 1;
  }
  for (let i = from; i < to; i += 1) {
    if (removed[i]) return true;
    if (/[\p{L}\p{N}]/u.test(s.text[i] as string)) return false;
  }
  return false;
}

/** Upper-cases the first letter (after leading emoji or punctuation). */
export function capitalizeFirst(text: string): string {
  return text.replace(/^([^\p{L}]*)(\p{Ll})/u, (_m, lead: string, letter: string) => lead + letter.toUpperCase());
}
