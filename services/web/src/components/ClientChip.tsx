import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import Chip from '@mui/material/Chip';
import { DEFAULT_CLIENT_COLOR, HEX_COLOR_PATTERN } from '@daybook/shared';

/** Black or white text, whichever reads better on `hex` (`#rrggbb`). */
export function readableTextColor(hex: string): string {
  if (!HEX_COLOR_PATTERN.test(hex)) return '#1f2937';
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#1f2937' : '#ffffff';
}

/**
 * A client's name on its colour (default grey, spec §2). With the client's `id` it links to the client's
 * page (DECISIONS 32); a click on it does not reach the card around it.
 */
export function ClientChip({ id, name, color }: { id?: string; name: string; color?: string | null }) {
  const background = color || DEFAULT_CLIENT_COLOR;
  const link = id ? { component: Link, to: `/clients/${id}`, clickable: true, onClick: (event: MouseEvent) => event.stopPropagation() } : {};
  return (
    <Chip
      size="small"
      label={name}
      data-testid="client-chip"
      {...link}
      sx={{ height: 22, fontSize: '0.72rem', maxWidth: 180, bgcolor: background, color: readableTextColor(background), '&:hover, &:focus-visible': { bgcolor: background, filter: 'brightness(0.93)' } }}
    />
  );
}
