import { ACTION_VERBS, ALSO_NOUNS, COMPOUND_HEADS, NOUN_LIKE_VERBS, PREPOSITIONS } from './multi-words';
import { PROTECTED_CHAR, type Scanner } from './scanner';
import { segmentAt, type Segment } from './segments';

/** Words that do not make an ordinal or a bare hour part of a noun phrase ("by the 5th and send it"). */
export const FUNCTION_WORDS = new Set(
  'and or but then to with for at about regarding re on in by from of so please via into before after until till as the a an this next every each'.split(' '),
);

/** Linking words that belong to a date or time phrase and go with it from the title (RULES §1). */
export const LINKING_BEFORE = /(?:^|[\s(,;])((?:due(?:\s+(?:on|by|before|at))?|on|at|@|by|before|until|till|til|for|from|starting|start|around|um|bis|am|no\s+later\s+than|sometime|latest|deadline:?|scheduled\s+for|planned\s+for))\s*$/iu;

/** The word that directly follows `index` (after white space), lower case, or null at a non-word. */
export function nextWord(scanner: Scanner, index: number): { word: string; start: number; end: number } | null {
  const view = scanner.view();
  const match = /^\s*([\p{L}\p{N}'’-]+)/u.exec(view.slice(index));
  if (!match) return null;
  const start = index + match[0].length - (match[1] as string).length;
  return { word: (match[1] as string).toLowerCase(), start, end: index + match[0].length };
}

/** The word that directly precedes `index` (before white space), lower case, or null. */
export function prevWord(scanner: Scanner, index: number): string | null {
  const view = scanner.view();
  const match = /([\p{L}\p{N}'’.]+)\s*$/u.exec(view.slice(0, index));
  return match ? (match[1] as string).toLowerCase() : null;
}

export function segmentStartOf(segments: readonly Segment[], index: number): number {
  return segmentAt(segments, index).start;
}

/** Nothing but fields, spaces and punctuation lies between the segment start and `index`. */
export function atSegmentStart(scanner: Scanner, segments: readonly Segment[], index: number): boolean {
  return !scanner.hasContent(segmentAt(segments, index).start, index);
}

/** Nothing but fields, spaces and punctuation lies between `index` and the segment end. */
export function atSegmentEnd(scanner: Scanner, segments: readonly Segment[], index: number): boolean {
  const segment = segmentAt(segments, Math.max(0, index - 1));
  return !scanner.hasContent(index, segment.end);
}

/** The next thing after `index` (past white space and a linking word such as "at") is a recognised time or date. */
export function beforeHit(scanner: Scanner, index: number, fields: string[]): boolean {
  const link = /^\s*(?:(?:at|@|um|around|by|on|from)(?![\p{L}\p{N}]))?/iu.exec(scanner.view().slice(index));
  const next = scanner.nextNonSpace(index + (link ? link[0].length : 0));
  if (next < 0 || !scanner.isConsumed(next)) return false;
  const hit = scanner.hits.find((h) => next >= h.start && next < h.end);
  return hit !== undefined && fields.includes(hit.value.field);
}

/** Directly after a recognised date or time (only white space between). */
export function afterHit(scanner: Scanner, index: number, fields: string[]): boolean {
  const prev = scanner.prevNonSpace(index);
  if (prev < 0 || !scanner.isConsumed(prev)) return false;
  const hit = scanner.hits.find((h) => prev >= h.start && prev < h.end);
  return hit !== undefined && fields.includes(hit.value.field);
}

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const hhmm = (hour: number, minute: number) => `${pad2(hour)}:${pad2(minute)}`;

/** A bare hour (no am/pm, RULES §3): 7–11 morning, 12 noon, 1–6 afternoon, 0 and 13–23 as written. */
export function bareHour(hour: number): number {
  if (hour >= 1 && hour <= 6) return hour + 12;
  return hour;
}

/** Articles and possessives: what follows them is a noun phrase, so the word before them is a verb. */
const ARTICLES = new Set('the a an my our your his her their'.split(' '));
/** Words after a verb that is also a noun that make it the verb ("call the bank", "back up the files", "review my notes"). */
const OBJECT_OPENERS = new Set('the a an my our your his her their its this that these those all some every each up out over down through off in back'.split(' '));

/**
 * A verb opening a clause follows `index` ("the 29th send the invoice", "Thursday send Bob the deck",
 * "New Year's Eve back up the files"): the words before it are a phrase of their own (a date, a priority,
 * a repeat), not a modifier of a noun. A verb that is also a noun ("call", "review", "close") counts only
 * before its object ("call the bank", "call Globex"), never before a preposition or a compound head ("call
 * with", "price list", "month-end close checklist").
 */
export function verbFollows(scanner: Scanner, index: number): boolean {
  const verb = nextWord(scanner, index);
  if (verb === null || !/^[ \t]+$/u.test(scanner.view().slice(index, verb.start))) return false;
  if (!/^\p{Ll}/u.test(scanner.text.slice(verb.start))) return false; // "Monday Present Co.": a name
  if (!ACTION_VERBS.has(verb.word)) {
    // A word we do not know as a verb is one before an article or a possessive ("the 18th lodge the appeal").
    const object = /^[ \t]+(\p{L}+)[ \t]/u.exec(scanner.view().slice(verb.end))?.[1]?.toLowerCase();
    return object !== undefined && ARTICLES.has(object) && !FUNCTION_WORDS.has(verb.word) && /^\p{L}{3,}$/u.test(verb.word);
  }
  const alsoNoun = NOUN_LIKE_VERBS.has(verb.word) || ALSO_NOUNS.has(verb.word);
  const gap = /^[ \t]+/u.exec(scanner.view().slice(verb.end));
  if (gap === null) return false;
  if (scanner.view()[verb.end + gap[0].length] === PROTECTED_CHAR) return true; // a quoted part or a client's name: its object
  const object = nextWord(scanner, verb.end);
  if (object === null || COMPOUND_HEADS.has(object.word) || (alsoNoun && PREPOSITIONS.has(object.word))) return false;
  return !alsoNoun || OBJECT_OPENERS.has(object.word) || /^\p{Lu}/u.test(scanner.text.slice(object.start));
}

/** Words after a bare weekday that keep it a date ("friday latest", "monday if possible"). */
export const DATE_FOLLOWERS = new Set('latest first if unless when once or please pls asap then too also again instead eod cob eow week lunchtime'.split(' '));
/** Words before a weekday that make it a date whatever follows. */
const DATE_LINKS = new Set('on by due before until till til from starting after this next every'.split(' '));

/**
 * "Prepare slides for monday meeting": a weekday in the middle of a sentence, right before a lower-case noun,
 * names a thing (RULES §1, not dates: part of a noun phrase). At the start of the text it is a date said first
 * ("Monday call Bob"), after on/by/due/… it is a date whatever follows, and before a verb it ends the phrase
 * ("COB thursday send Bob the deck").
 */
export function weekdayModifiesNoun(scanner: Scanner, start: number, end: number): boolean {
  const before = prevWord(scanner, start);
  if (before === null || DATE_LINKS.has(before)) return false;
  const next = nextWord(scanner, end);
  if (next === null || !/^[ \t]+$/u.test(scanner.view().slice(end, next.start))) return false;
  if (!/^\p{Ll}/u.test(scanner.text.slice(next.start))) return false;
  return !FUNCTION_WORDS.has(next.word) && !DATE_FOLLOWERS.has(next.word) && !verbFollows(scanner, end);
}

/** The word that directly precedes `index` (before white space), lower case, with where it starts; or null. */
export function previousWord(scanner: Scanner, index: number): { word: string; start: number } | null {
  const match = /([\p{L}\p{N}'’.]+)\s*$/u.exec(scanner.view().slice(Math.max(0, index - 60), index));
  if (!match) return null;
  return { word: (match[1] as string).toLowerCase(), start: index - match[0].length };
}
