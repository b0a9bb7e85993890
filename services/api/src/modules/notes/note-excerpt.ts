import { NOTE_EXCERPT_MAX, type HighlightRange } from '@daybook/shared';

/**
 * The excerpt a notes search answers for a found note (DECISIONS 22), made here rather than by Postgres:
 * ts_headline parsed the whole note again for every result, which cost about 0.2 ms per note of 2 KB
 * and was nine tenths of a search's time. Postgres still decides which notes match (notes-search.ts);
 * this only places the passage and marks the words found, with the same folding the index uses for
 * most text (case and accents: 'cafe' marks 'CAFÉ').
 */

/** At most this many characters of a note are read for its excerpt: a word found further on still finds the note, whose excerpt then shows its beginning. */
export const EXCERPT_SOURCE_MAX = 10_000;
/** A passage is this many words, starting at the first word found (the whole note when it is shorter). */
export const EXCERPT_WORDS = 30;

export interface Excerpt {
  text: string;
  highlights: HighlightRange[];
}

/** HTML-like tags are left out of an excerpt, which is plain text. */
const TAG = /<\/?[a-zA-Z][^<>]*>/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;

const foldCache = new Map<string, string>();
/** A character without case or accent, when that is one UTF-16 unit ('É' → 'e'); otherwise the character lowercased, or itself. */
function foldChar(char: string): string {
  let folded = foldCache.get(char);
  if (folded === undefined) {
    const base = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const lower = char.toLowerCase();
    folded = base.length === 1 ? base : lower.length === 1 ? lower : char;
    if (foldCache.size < 10_000) foldCache.set(char, folded);
  }
  return folded;
}

/** `text` without case or accents, character for character (the same length, so indexes carry over). */
export function fold(text: string): string {
  return text.replace(/[^\x00-\x7f]/g, foldChar).toLowerCase();
}

/** The query's terms as they are marked: folded, without the punctuation around them. */
export function excerptTerms(queryTerms: string[]): string[] {
  return queryTerms.map((term) => fold(term.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))).filter((term) => term !== '');
}

/** Whether the term found at `at` of the folded text starts a word (the character before it is no letter or digit). */
const startsWord = (folded: string, at: number) => at === 0 || !WORD_CHAR.test(folded.charAt(at - 1));

/** Where the first word that starts with one of the terms begins, or -1. */
function firstWordFound(text: string, terms: string[]): number {
  const folded = fold(text);
  let first = -1;
  for (const term of terms) {
    let at = folded.indexOf(term);
    while (at >= 0 && !startsWord(folded, at)) at = folded.indexOf(term, at + 1);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first;
}

/** Each word of `text` that starts with one of the terms, whole, as ranges in order. */
function wordsFound(text: string, terms: string[]): HighlightRange[] {
  const folded = fold(text);
  const found: HighlightRange[] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + 1)) {
      if (!startsWord(folded, at)) continue; // inside a word, not its start
      let end = at + term.length;
      while (end < text.length && WORD_CHAR.test(text.charAt(end))) end += 1;
      found.push([at, end]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: HighlightRange[] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** Each run of blank space as one space, and none at either end. */
const collapseBlanks = (text: string) => text.replace(/\s+/g, ' ').trim();
const isBlank = (text: string, at: number) => /\s/.test(text.charAt(at));

/** Up to EXCERPT_WORDS words (runs of non-blank characters) and the blanks after them. */
const PASSAGE = new RegExp(`(?:\\S+\\s*){1,${EXCERPT_WORDS}}`, 'y');

/**
 * `[from, to)` of the passage in `text`: EXCERPT_WORDS words from the word `at` falls in, or, when
 * fewer words follow it, the text's last EXCERPT_WORDS words (all of a short text). Words are counted
 * in the text as it is, so only the passage needs its blanks collapsed.
 */
function passageAround(text: string, at: number): [number, number] {
  let end = text.length;
  while (end > 0 && isBlank(text, end - 1)) end -= 1;
  let from = at;
  while (from > 0 && !isBlank(text, from - 1)) from -= 1;
  PASSAGE.lastIndex = from;
  const to = from + PASSAGE.exec(text)![0].length;
  if (to < end) return [from, to];
  let start = end;
  for (let words = 0; words < EXCERPT_WORDS && start > 0; words += 1) {
    while (start > 0 && isBlank(text, start - 1)) start -= 1;
    while (start > 0 && !isBlank(text, start - 1)) start -= 1;
  }
  return [start, end];
}

/**
 * The note's beginning with its blanks collapsed, long enough to be cut at `max` characters: only as
 * much of it as that needs is collapsed (each try doubles the length read).
 */
function beginning(text: string, max: number): string {
  for (let length = max + 1; ; length *= 2) {
    const collapsed = collapseBlanks(text.slice(0, length));
    if (collapsed.length > max || length >= text.length) return collapsed;
  }
}

/**
 * The excerpt of a note: its text without tags and with each run of blank space as one space; for a
 * search with words, the passage of EXCERPT_WORDS words from the first word found, every word found
 * in it marked; otherwise (or when none is within the first EXCERPT_SOURCE_MAX characters) the note's
 * beginning. Past `max` characters the text is cut and ends with '…'.
 */
export function noteExcerpt(content: string, terms: string[], max = NOTE_EXCERPT_MAX): Excerpt {
  let text = content.slice(0, EXCERPT_SOURCE_MAX);
  if (text.includes('<')) text = text.replace(TAG, ' ');
  const first = terms.length > 0 ? firstWordFound(text, terms) : -1;
  if (first < 0) return cut({ text: beginning(text, max), highlights: [] }, max);
  const passage = collapseBlanks(text.slice(...passageAround(text, first)));
  return cut({ text: passage, highlights: wordsFound(passage, terms) }, max);
}

/** The excerpt cut to `max` characters with a final '…' (never half a surrogate pair), its marks cut with it. */
export function cut(excerpt: Excerpt, max: number): Excerpt {
  const { text, highlights } = excerpt;
  if (text.length <= max) return excerpt;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  const head = text.slice(0, end).trimEnd();
  return {
    text: `${head}…`,
    highlights: highlights.filter(([start]) => start < head.length).map(([start, stop]): HighlightRange => [start, Math.min(stop, head.length)]),
  };
}
