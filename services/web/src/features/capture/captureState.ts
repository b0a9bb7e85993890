import type { ModelReview, ProposalEdit } from './proposals';
import type { TextRange } from './textEdits';

/** The capture box's text and what the user did to its reading. */
export interface CaptureState {
  text: string;
  /** Ranges given back to the title (removed chips). */
  kept: TextRange[];
  /** Edits of single proposals (title, client, estimate, priority, removed), anchored in the text. */
  edits: ProposalEdit[];
  /** The model's reading of exactly this text, waiting for a second Enter. */
  review: ModelReview | null;
}

export const EMPTY_CAPTURE: CaptureState = { text: '', kept: [], edits: [], review: null };
