/**
 * Keeping places in the capture box's text while the user edits it: the ranges given back to the title
 * (a removed chip) and the places where a proposal's own edits are anchored follow the words they name.
 */

/** A part of the text, as offsets (`end` exclusive). */
export interface TextRange {
  start: number;
  end: number;
}

/** Where one text became another: the changed part was `[start, oldEnd)` and is now `[start, newEnd)`. */
export interface TextEdit {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** The one changed part between two texts (their common beginning and end are untouched). */
export function editBetween(before: string, after: string): TextEdit {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  let tail = 0;
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail += 1;
  return { start, oldEnd: before.length - tail, newEnd: after.length - tail };
}

/**
 * The ranges after an edit: those before the change stay, those after it move with the text, and a
 * range the change touched is dropped (its words are not the ones the user gave back any more).
 */
export function rangesAfterEdit(ranges: readonly TextRange[], edit: TextEdit): TextRange[] {
  const shift = edit.newEnd - edit.oldEnd;
  const kept: TextRange[] = [];
  for (const range of ranges) {
    if (range.end <= edit.start) kept.push(range);
    else if (range.start >= edit.oldEnd) kept.push({ start: range.start + shift, end: range.end + shift });
  }
  return kept;
}

/** A place after an edit: unchanged before the change (or at its start), moved after it, else at its start. */
export function pointAfterEdit(point: number, edit: TextEdit): number {
  if (point <= edit.start) return point;
  if (point >= edit.oldEnd) return point + edit.newEnd - edit.oldEnd;
  return edit.start;
}
