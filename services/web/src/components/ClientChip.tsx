import Chip from '@mui/material/Chip';
import { DEFAULT_CLIENT_COLOR, HEX_COLOR_PATTERN } from '@daybook/shared';

/** Black or white text, whichever reads better on `hex` (`#rrggbb`). */
export function readableTextColor(hex: string): string {
  if (!HEX_COLOR_PATTERN.test(hex)) return '#1f2937';
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#1f2937' : '#ffffff';
}

/** A client's name on its colour (default grey, spec §2). */
export function ClientChip({ name, color }: { name: string; color?: string | null }) {
  const background = color || DEFAULT_CLIENT_COLOR;
  return (
    <Chip
      size="small"
      label={name}
      data-testid="client-chip"
      sx={{ height: 22, fontSize: '0.72rem', maxWidth: 180, bgcolor: background, color: readableTextColor(background) }}
    />
  );
}
