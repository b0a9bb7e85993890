import { EMPTY_CAPTURE, type CaptureState } from './captureState';
import type { ProposalChange } from './proposals';
import { editBetween, pointAfterEdit, rangesAfterEdit, type TextRange } from './textEdits';

/** How the capture box's state changes (part of the lazily loaded engine: before it loads there is only text). */

/** After the user typed (or dictated) `text`: kept ranges and edit anchors follow their words; the review is gone. */
export function withText(state: CaptureState, text: string): CaptureState {
  if (text === state.text) return state;
  if (text.trim() === '') return { ...EMPTY_CAPTURE, text };
  const edit = editBetween(state.text, text);
  return {
    text,
    kept: rangesAfterEdit(state.kept, edit),
    edits: state.edits.map((item) => ({ ...item, anchor: pointAfterEdit(item.anchor, edit) })),
    review: null,
  };
}

/** After a chip's ×: its words are read as plain words of the title from now on. */
export const withKeptAsText = (state: CaptureState, ranges: readonly TextRange[]): CaptureState => ({
  ...state,
  kept: [...state.kept, ...ranges.map(({ start, end }) => ({ start, end }))],
  review: null,
});

/** After an edit of the proposal anchored at `anchor` (merged with its earlier edits). */
export function withProposalChange(state: CaptureState, anchor: number, change: ProposalChange): CaptureState {
  const existing = state.edits.find((item) => item.anchor === anchor);
  const edits = existing ? state.edits.map((item) => (item === existing ? { ...item, ...change } : item)) : [...state.edits, { anchor, ...change }];
  return { ...state, edits };
}
