import type { MouseEvent } from 'react';
import { Link } from 'react-router';
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
 * A client's name on its colour (default grey, spec §2), its text at AA contrast (`chipColors`), in plain CSS
 * (styles/cards.css). With the client's `id` it links to the client's page (DECISIONS 32); a click on it
 * does not reach the card around it.
 */
export function ClientChip({ id, name, color }: { id?: string; name: string; color?: string | null }) {
  const colors = chipColors(color);
  const style = { backgroundColor: colors.background, color: colors.text };
  if (!id) {
    return (
      <span className="db-chip" data-testid="client-chip" style={style}>
        {name}
      </span>
    );
  }
  return (
    <Link className="db-chip" data-testid="client-chip" style={style} to={`/clients/${id}`} onClick={(event: MouseEvent) => event.stopPropagation()}>
      {name}
    </Link>
  );
}
