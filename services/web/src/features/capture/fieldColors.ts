import type { PieceField } from '@daybook/nl';

/** The groups the preview colours alike: a piece of the text and the chip it made. */
export type HighlightField = 'when' | 'repeat' | 'reminder' | 'priority' | 'client' | 'estimate';

export const HIGHLIGHT_OF_PIECE: Record<PieceField, HighlightField> = {
  date: 'when',
  time: 'when',
  recurrence: 'repeat',
  priority: 'priority',
  client: 'client',
  estimate: 'estimate',
  reminder: 'reminder',
};

/** A light background (the highlight in the text and the chip) and a text colour readable on it. */
export const FIELD_COLORS: Record<HighlightField, { background: string; text: string }> = {
  when: { background: 'rgba(45, 91, 208, 0.16)', text: '#1e3a8a' },
  repeat: { background: 'rgba(13, 148, 136, 0.18)', text: '#115e59' },
  priority: { background: 'rgba(220, 38, 38, 0.15)', text: '#991b1b' },
  client: { background: 'rgba(124, 77, 204, 0.18)', text: '#5b21b6' },
  estimate: { background: 'rgba(217, 119, 6, 0.2)', text: '#92400e' },
  reminder: { background: 'rgba(22, 163, 74, 0.16)', text: '#166534' },
};
