import { HEX_COLOR_PATTERN } from '@daybook/shared';

/**
 * The hex text box of the client dialog: what the user typed, read as a colour when it is one
 * (`#rrggbb`, with or without the '#', any case, spaces ignored), stored in lower case; else null.
 */
export function parseHexColor(text: string): string | null {
  const trimmed = text.trim();
  const withHash = trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
  return HEX_COLOR_PATTERN.test(withHash) ? withHash.toLowerCase() : null;
}
