import type { ReactNode } from 'react';
import { readableTextColor } from '../../components/ClientChip';
import { FIELD_COLORS, HIGHLIGHT_OF_PIECE, type HighlightField } from './fieldColors';
import type { ShownProposal } from './proposals';

/** A part of the text to paint: a recognised piece in its field's colour, or a removed proposal struck through. */
export interface TextMark {
  start: number;
  end: number;
  field: HighlightField | 'removed';
  /** A client's own colour (`#rrggbb`), instead of the field's. */
  color?: string;
}

/** A client's colour light enough to read the words over it: a light one as it is, a dark one see-through. */
function tint(hex: string): string | null {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return null;
  return readableTextColor(hex) === '#ffffff' ? `${hex}59` : hex;
}

/**
 * The marks of the proposals shown: each piece read (the client's words in the colour of the client
 * shown), and the whole text of a proposal the user removed.
 */
export function highlightsOf(shown: readonly ShownProposal[], clientColor: (clientId: string) => string | undefined): TextMark[] {
  return shown.flatMap((item): TextMark[] => {
    if (item.removed) return [{ start: item.proposal.start, end: item.proposal.end, field: 'removed' }];
    const color = item.clientId ? clientColor(item.clientId) : undefined;
    return item.proposal.pieces.map((piece) => ({
      start: piece.start,
      end: piece.end,
      field: HIGHLIGHT_OF_PIECE[piece.field],
      ...(piece.field === 'client' && color ? { color } : {}),
    }));
  });
}

/** The text with its marks, for the layer behind the textarea (the words themselves are transparent there). */
export function paintHighlights(text: string, marks: readonly TextMark[]): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const mark of [...marks].sort((a, b) => a.start - b.start)) {
    if (mark.start < at || mark.end <= mark.start || mark.end > text.length) continue;
    if (mark.start > at) nodes.push(text.slice(at, mark.start));
    const words = text.slice(mark.start, mark.end);
    const background = mark.field === 'removed' ? null : ((mark.color && tint(mark.color)) ?? FIELD_COLORS[mark.field].background);
    // Plain elements with inline styles: this runs on every keystroke.
    nodes.push(
      background ? (
        <mark key={mark.start} data-mark={mark.field} style={{ color: 'transparent', background, boxShadow: `0 0 0 2px ${background}`, borderRadius: 3, boxDecorationBreak: 'clone', WebkitBoxDecorationBreak: 'clone' }}>
          {words}
        </mark>
      ) : (
        <span key={mark.start} data-mark="removed" style={{ textDecoration: 'line-through', textDecorationColor: 'rgba(17, 24, 39, 0.55)', textDecorationThickness: '1.5px' }}>
          {words}
        </span>
      ),
    );
    at = mark.end;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}
