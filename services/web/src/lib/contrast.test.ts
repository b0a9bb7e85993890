import { CLIENT_COLOR_PALETTE } from '@daybook/shared';
import { chipColors } from '../components/ClientChip';
import { PRIORITY_COLORS } from '../components/PriorityBadge';
import { theme } from '../app/theme';
import { AA_TEXT_CONTRAST, contrastRatio, mixColors, relativeLuminance } from './contrast';

describe('contrast ratio (WCAG 2)', () => {
  it('is 21 for black on white, 1 for a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3b82f6', '#3b82f6')).toBe(1);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 10);
  });

  it('matches known values: #767676 on white is the AA limit (4.54), #777777 just misses it (4.48)', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The cases of issue 18: white on the green and on the blue of the palette.
    expect(contrastRatio('#ffffff', '#10b981')).toBeCloseTo(2.54, 2);
    expect(contrastRatio('#ffffff', '#3b82f6')).toBeCloseTo(3.68, 2);
  });

  it('reads luminance on the linear scale, any case', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
  });

  it('mixes colours channel by channel', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#ef4444', '#000000', 0)).toBe('#ef4444');
    expect(mixColors('#ef4444', '#000000', 1)).toBe('#000000');
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow('not a #rrggbb colour');
  });
});

describe('every colour pair the screens use reaches AA (4.5:1)', () => {
  it.each(CLIENT_COLOR_PALETTE.map((color) => [color]))('a client chip in the preset %s', (color) => {
    const chip = chipColors(color);
    expect(contrastRatio(chip.text, chip.background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it.each(Object.entries(PRIORITY_COLORS))('the %s priority badge', (_priority, colors) => {
    expect(contrastRatio(colors.fg, colors.bg)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it.each([
    ['primary text', theme.palette.text.primary],
    ['secondary text', theme.palette.text.secondary],
    ['the main action (primary)', theme.palette.primary.main],
    ['the accent (secondary)', theme.palette.secondary.main],
    ['error', theme.palette.error.main],
    ['warning', theme.palette.warning.main],
    ['warning, dark', theme.palette.warning.dark],
    ['success', theme.palette.success.main],
  ])('%s as text on white and on the page background', (_name, color) => {
    expect(contrastRatio(color, theme.palette.background.paper)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(color, theme.palette.background.default)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it.each(['primary', 'secondary', 'error', 'warning', 'success'] as const)('the text of a contained %s button', (name) => {
    const color = theme.palette[name];
    // MUI writes white as #fff.
    const text = color.contrastText === '#fff' ? '#ffffff' : color.contrastText;
    expect(contrastRatio(text, color.main)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});
