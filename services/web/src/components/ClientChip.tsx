import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import Chip from '@mui/material/Chip';
import { DEFAULT_CLIENT_COLOR, HEX_COLOR_PATTERN } from '@daybook/shared';
import { AA_TEXT_CONTRAST, contrastRatio, mixColors } from '../lib/contrast';

const DARK_TEXT = '#1f2937';
const LIGHT_TEXT = '#ffffff';

/**
 * The text colour that reaches WCAG AA (4.5:1) on `hex` (`#rrggbb`): dark or white (no colour has both).
 * White when neither does (mid-tones such as #ef4444: `chipColors` then adjusts the colour); dark when
 * `hex` is not a colour.
 */
export function readableTextColor(hex: string): string {
  if (!HEX_COLOR_PATTERN.test(hex)) return DARK_TEXT;
  return contrastRatio(DARK_TEXT, hex) >= AA_TEXT_CONTRAST ? DARK_TEXT : LIGHT_TEXT;
}

export interface ChipColors {
  background: string;
  text: string;
}

/**
 * The colours of a chip in a user's colour with text at WCAG AA (4.5:1). The colour itself when dark or
 * white text reaches it; otherwise (mid-tones such as #ef4444 or #3b82f6, where neither does) the colour
 * is shaded towards black under white text or tinted towards white under dark text, whichever changes it
 * less, just far enough.
 */
export function chipColors(color: string | null | undefined): ChipColors {
  const background = color && HEX_COLOR_PATTERN.test(color) ? color.toLowerCase() : DEFAULT_CLIENT_COLOR;
  const text = readableTextColor(background);
  if (contrastRatio(text, background) >= AA_TEXT_CONTRAST) return { background, text };
  for (let step = 1; step <= 20; step += 1) {
    const amount = step / 20;
    const shaded = mixColors(background, '#000000', amount);
    if (contrastRatio(LIGHT_TEXT, shaded) >= AA_TEXT_CONTRAST) return { background: shaded, text: LIGHT_TEXT };
    const tinted = mixColors(background, '#ffffff', amount);
    if (contrastRatio(DARK_TEXT, tinted) >= AA_TEXT_CONTRAST) return { background: tinted, text: DARK_TEXT };
  }
  return { background: '#000000', text: LIGHT_TEXT }; // not reached: black under white is 21:1
}

/**
 * A client's name on its colour (default grey, spec §2), its text at AA contrast (`chipColors`). With the
 * client's `id` it links to the client's page (DECISIONS 32); a click on it does not reach the card around it.
 */
export function ClientChip({ id, name, color }: { id?: string; name: string; color?: string | null }) {
  const colors = chipColors(color);
  const link = id ? { component: Link, to: `/clients/${id}`, clickable: true, onClick: (event: MouseEvent) => event.stopPropagation() } : {};
  return (
    <Chip
      size="small"
      label={name}
      data-testid="client-chip"
      {...link}
      sx={{
        height: 22,
        fontSize: '0.72rem',
        maxWidth: 180,
        bgcolor: colors.background,
        color: colors.text,
        // The colours stay put on hover and focus (a darker shade could lose the contrast): a ring shows them.
        '&:hover': { bgcolor: colors.background, boxShadow: '0 0 0 2px rgba(31, 41, 55, 0.25)' },
        '&.Mui-focusVisible': { bgcolor: colors.background, outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
      }}
    />
  );
}
