import { HEX_COLOR_PATTERN } from '@daybook/shared';

/**
 * WCAG 2.x colour contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) for `#rrggbb` colours:
 * the ratio of the lighter colour's relative luminance to the darker one's, each plus 0.05, from 1 to 21.
 */

/** AA for normal-size text (WCAG 1.4.3): what every chip, badge and small label must reach. */
export const AA_TEXT_CONTRAST = 4.5;

function channels(hex: string): number[] {
  if (!HEX_COLOR_PATTERN.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
}

/** Relative luminance: 0 for black, 1 for white (sRGB channels linearised, then weighted). */
export function relativeLuminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `hex` moved `amount` (0 to 1) of the way towards `target`, channel by channel. */
export function mixColors(hex: string, target: string, amount: number): string {
  const to = channels(target);
  return `#${channels(hex)
    .map((value, i) => Math.round(value + (to[i]! - value) * amount).toString(16).padStart(2, '0'))
    .join('')}`;
}
