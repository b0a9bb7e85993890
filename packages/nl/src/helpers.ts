import type { Scanner } from './scanner';
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
