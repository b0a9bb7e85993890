import { LINKING_BEFORE } from './helpers';
import type { Scanner } from './scanner';
import { segmentAt, type Segment } from './segments';

/** Hesitations, always filler at the start ("um", "uh", "erm", "hmm"). */
const HESITATION = /^(?:u+h+m*|u+m+|e+r+m*|e+h+|h+m+|m+h?m+|a+h+)(?![\p{L}\p{N}])[\s,.!:;…-]*/iu;
/** Words of a spoken opening ("okay so", "so yeah", "hey so", "alright, …"). */
const INTERJECTION = /^(ok(?:ay)?|alright|all\s+right|right|so|yeah|yep|yes|well|hey|hi|hello|now|oh|and|also|anyway|anyways|cool|great)(?![\p{L}\p{N}'’-])/iu;
/** Interjections that open a sentence on their own ("So call the plumber", "okay book flights"). */
const OPENING_INTERJECTION = new Set(['ok', 'okay', 'so', 'yeah', 'yep', 'alright', 'anyway', 'anyways', 'and', 'also', 'oh']);
/** "So much", "so far": not a filler "so". */
const NOT_AFTER_SO = /^\s+(?:much|many|far|long|that|called|to|as|it)(?![\p{L}])/iu;

/** Requests to the assistant and lead-ins (RULES §1): removed from the start of the title, repeatedly. */
const LEADING_FILLERS: readonly RegExp[] = [
  /^(?:please|pls|plz|kindly)(?![\p{L}])[\s,]*/iu,
  /^(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|just\s+|quickly\s+)?/iu,
  /^(?:i|we)\s+(?:want|need|would\s+like|(?:'|’)d\s+like)\s+you\s+to\s+/iu,
  /^(?:just\s+)?(?:add|create|make|put(?:\s+in)?|set\s+up|schedule|log|jot(?:\s+down)?|write\s+down|new)\s+(?:me\s+)?(?:a\s+|an\s+)?(?:new\s+|quick\s+)?(?:task|todo|to-do|to\s+do|reminder|item|entry|note)(?:\s*(?:to|for|that|about|saying|:|-)(?![\p{L}]))?\s*/iu,
  /^(?:(?:new|quick)\s+)?(?:task|todo|to-do|reminder|memo|note(?:\s+to\s+(?:self|me|myself))?|fyi|heads\s+up|btw)\s*[:\-–—,]\s*/iu,
  /^note\s+to\s+(?:self|me|myself)(?![\p{L}])[\s,:\-–—]*/iu,
  /^remind\s+me\s*(?:to|that|about|of)?(?![\p{L}])\s*/iu,
  /^(?:ping|nudge|alert|notify|buzz)\s+me\s+(?:to|that|about)(?![\p{L}])\s*/iu,
  /^(?:a\s+)?reminder\s+(?:to|that|about|of|for)\s+/iu,
  /^(?:i|we)\s+(?:really\s+|still\s+|also\s+|just\s+|definitely\s+|probably\s+|absolutely\s+|seriously\s+)?(?:need|have|got|gotta|must|should|want|wanna|ought|would\s+like|will\s+need|(?:have|has)\s+got)(?![\p{L}])\s*(?:to(?![\p{L}])\s*)?/iu,
  /^(?:i|we)(?:'|’)(?:ve\s+got|ll\s+need|ll\s+have|d\s+like|d\s+better|m\s+going|re\s+going)\s+to\s+/iu,
  /^(?:i|we)(?:'|’)(?:m|re)\s+gonna\s+/iu,
  /^(?:i|we)\s+(?:am|are)\s+(?:going\s+to|gonna)\s+/iu,
  /^(?:need|needs|have|got|ought)\s+to\s+/iu,
  /^(?:gotta|gonna|must)\s+/iu,
  /^(?:don(?:'|’)?t|do\s+not|dont)\s+(?:forget|let\s+me\s+forget)\s*(?:to(?![\p{L}])|about(?![\p{L}]))?[\s,]*/iu,
  /^(?:remember|try)\s+to\s+/iu,
  /^(?:make|be)\s+sure\s+(?:to\s+|that\s+|you\s+)?/iu,
  /^let(?:'|’)?s\s+/iu,
  /^just\s+/iu,
  /^(?:i|we)\s+(?:guess|think|suppose|reckon|figure)(?![\p{L}])[\s,]*/iu,
];
/** What a spoken opening may run into: a lead-in, a request, another interjection. */
const LEAD_IN_AHEAD = /^(?:so|uh|um|erm|er|okay|ok|yeah|can|could|would|will|please|pls|remind|reminder|i|i'|i’|we|don|dont|do|add|create|let|lets|need|have|got|gotta|make|remember|quick|new|just|note|put|set)(?![\p{L}])/iu;
const TRAILING_FILLER = /[\s,]+(?:please|pls|plz|thanks|thank\s+you|thx|ty|cheers|if\s+possible|if\s+you\s+can|for\s+me|ok(?:ay)?\??)[\s.!]*$/iu;

/** The length of a spoken opening word at the start of `text` with what follows it, or 0 when the word is part of the sentence. */
function interjectionLength(text: string): number {
  const match = INTERJECTION.exec(text);
  if (!match) return 0;
  const word = (match[1] as string).toLowerCase().replace(/\s+/gu, ' ');
  const rest = text.slice(match[0].length);
  const punctuation = /^[,.!:;…-]+\s*/u.exec(rest);
  if (punctuation) return match[0].length + punctuation[0].length;
  const space = /^\s+/u.exec(rest);
  if (!space) return 0;
  const next = rest.slice(space[0].length);
  if (LEAD_IN_AHEAD.test(next) || HESITATION.test(next)) return match[0].length + space[0].length;
  if (word === 'so' && NOT_AFTER_SO.test(rest)) return 0;
  // "okay book flights", "so call the plumber"; an all-caps "OK" may be the verb ("OK the invoice").
  if (OPENING_INTERJECTION.has(word) && /^\p{Ll}/u.test(next) && (match[1] as string) !== 'OK') return match[0].length + space[0].length;
  return 0;
}

/** Removes leading filler; returns the text and whether anything was removed. */
export function stripFiller(text: string, afterRemoval = false): { text: string; stripped: boolean } {
  let out = text;
  let stripped = false;
  const cut = (length: number) => {
    if (length <= 0 || length >= out.length) return false;
    out = out.slice(length).trimStart();
    stripped = true;
    return true;
  };
  if (afterRemoval && /^to\s+\p{L}/iu.test(out)) cut(/^to\s+/iu.exec(out)![0].length);
  for (let guard = 0; guard < 16; guard += 1) {
    const before = out;
    cut(HESITATION.exec(out)?.[0].length ?? 0);
    cut(interjectionLength(out));
    for (const pattern of LEADING_FILLERS) cut(pattern.exec(out)?.[0].length ?? 0);
    // "remind me at noon to call X": the time went, "to" is left over.
    if (stripped && /^to\s+\p{L}/iu.test(out)) cut(/^to\s+/iu.exec(out)![0].length);
    if (out === before) break;
  }
  const trailing = out.replace(TRAILING_FILLER, '');
  if (trailing !== out && trailing.trim() !== '') out = trailing;
  return { text: out, stripped };
}

/** Words that open a note without saying what to do ("Reminder:", "Note to self -", "So yeah,"). */
const MARKER_WORDS = /^(?:[\s\p{P}\p{S}]|(?:(?:add|create|new|quick|make)\s+(?:a\s+)?(?:new\s+|quick\s+)?(?:task|todo|to-?do|reminder|note|item)|reminder|note(?:\s+to\s+(?:self|me|myself))?|notes|todo|to-?do|task|memo|fyi|ps|btw|heads\s+up|hey|hi|hello|ok(?:ay)?|alright|so|yeah|um+|uh+|erm|please|quick(?:\s+one)?|asap)(?![\p{L}\p{N}]))*$/iu;

/** A segment with nothing but fields and filler words ("URGENT:", "Every other Friday:", "Note to self:"). */
export function isMarkerOnly(text: string): boolean {
  return MARKER_WORDS.test(text);
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
  t = t.replace(/^[!?.…]+\s+/u, ''); // "Important! renew the cert" → the "!" belonged to the removed word
  // One way to read each character (" &" is two of the class): a long run before other text is no 2^n search.
  t = t.replace(/(?:[\s,;:\-–—|/&]|\s(?:and|or))+$/iu, '');
  return t.trim();
}

/** Words right after a date or time that go with it ("Friday at the latest", "9am sharp"). */
const LINKING_AFTER = /^\s*(at\s+the\s+(?:latest|earliest)|at\s+latest|latest|sharp|on\s+the\s+dot|or\s+(?:earlier|before|sooner))(?![\p{L}\p{N}])/iu;

/** Linking words ("on", "at", "by", "due", "@") right before a date or time go with it (RULES §1). */
export function absorbLinkingWords(s: Scanner, segments: readonly Segment[]): void {
  for (const hit of [...s.hits]) {
    if (hit.keep || !['date', 'time'].includes(hit.value.field)) continue;
    const after = LINKING_AFTER.exec(s.view().slice(hit.end));
    if (after) s.add(hit.end + after[0].length - (after[1] as string).length, hit.end + after[0].length, { field: 'filler' });
  }
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

/**
 * A task title starts with a capital (docs/usage.md): upper-cases the first letter (after leading emoji or
 * punctuation; a title opening with a number, '2-hour induction', stays), the rest as typed. A first word written with a capital inside or as an address ("iPhone",
 * "eBay", "www.acme.com", "bob@acme.com") keeps its spelling.
 */
export function capitalizeFirst(text: string): string {
  const firstWord = /^[^\p{L}\p{N}]*\p{Ll}(\S*)/u.exec(text)?.[1] ?? '';
  if (/\p{Lu}|@|:\/\/|\.\p{L}/u.test(firstWord)) return text;
  return text.replace(/^([^\p{L}\p{N}]*)(\p{Ll})/u, (_m, lead: string, letter: string) => lead + letter.toUpperCase());
}
