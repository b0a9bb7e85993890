/** Client colours (spec §2, §9): `#rrggbb`, lower case. */

export const DEFAULT_CLIENT_COLOR = '#e5e7eb';

export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** The 20 preset swatches of the client dialog; the first is the default grey. */
export const CLIENT_COLOR_PALETTE = [
  DEFAULT_CLIENT_COLOR,
  '#64748b', // slate
  '#78716c', // stone
  '#ef4444', // red
  '#f97316', // orange
  '#f59e0b', // amber
  '#eab308', // yellow
  '#84cc16', // lime
  '#22c55e', // green
  '#10b981', // emerald
  '#14b8a6', // teal
  '#06b6d4', // cyan
  '#0ea5e9', // sky
  '#3b82f6', // blue
  '#6366f1', // indigo
  '#8b5cf6', // violet
  '#a855f7', // purple
  '#d946ef', // fuchsia
  '#ec4899', // pink
  '#f43f5e', // rose
] as const;
