import { CLIENT_COLOR_PALETTE, DEFAULT_CLIENT_COLOR } from '@daybook/shared';
import { contrastRatio } from '../lib/contrast';
import { chipColors, readableTextColor } from './ClientChip';

describe('text on a client colour', () => {
  it('is the dark or the white text, whichever reaches 4.5:1 by contrast ratio; dark when the colour is not #rrggbb', () => {
    expect(readableTextColor('#e5e7eb')).toBe('#1f2937');
    expect(readableTextColor('#FFFF00')).toBe('#1f2937');
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#64748b')).toBe('#ffffff');
    // A luminance threshold put white on these (2.5:1 on the emerald, 2.8:1 on the sky blue).
    expect(readableTextColor('#10b981')).toBe('#1f2937');
    expect(readableTextColor('#0ea5e9')).toBe('#1f2937');
    // Neither reaches it on a mid-tone: white (the chip's colour is adjusted, a highlight made see-through).
    expect(readableTextColor('#ef4444')).toBe('#ffffff');
    expect(readableTextColor('#3b82f6')).toBe('#ffffff');
    expect(readableTextColor('red')).toBe('#1f2937');
    expect(readableTextColor('#12345')).toBe('#1f2937');
  });
});

describe('a client chip’s colours', () => {
  it('keep the client’s colour when dark or white text reaches 4.5:1 on it', () => {
    expect(chipColors('#10b981')).toEqual({ background: '#10b981', text: '#1f2937' });
    expect(chipColors('#64748B')).toEqual({ background: '#64748b', text: '#ffffff' });
    expect(chipColors(DEFAULT_CLIENT_COLOR)).toEqual({ background: DEFAULT_CLIENT_COLOR, text: '#1f2937' });
  });

  it('shade or tint a mid-tone just enough when neither text reaches it, staying close to the colour', () => {
    for (const color of ['#ef4444', '#3b82f6', '#6366f1', '#8b5cf6', '#a855f7', '#d946ef', '#ec4899', '#f43f5e', '#7f7f7f']) {
      expect(Math.max(contrastRatio('#ffffff', color), contrastRatio('#1f2937', color))).toBeLessThan(4.5);
      const chip = chipColors(color);
      expect(chip.background).not.toBe(color);
      expect(contrastRatio(chip.text, chip.background)).toBeGreaterThanOrEqual(4.5);
      // Close: no channel moves by more than a quarter of its range.
      for (const at of [1, 3, 5]) expect(Math.abs(parseInt(chip.background.slice(at, at + 2), 16) - parseInt(color.slice(at, at + 2), 16))).toBeLessThanOrEqual(64);
    }
    expect(chipColors('#3b82f6')).toEqual({ background: '#4f8ff7', text: '#1f2937' });
    expect(chipColors('#ef4444')).toEqual({ background: '#d73d3d', text: '#ffffff' });
  });

  it('fall back to the default grey for no colour or a broken one', () => {
    expect(chipColors(null)).toEqual({ background: DEFAULT_CLIENT_COLOR, text: '#1f2937' });
    expect(chipColors('teal')).toEqual({ background: DEFAULT_CLIENT_COLOR, text: '#1f2937' });
  });

  it('reach 4.5:1 for every preset and for a sweep of any colour a user can pick', () => {
    const sweep: string[] = [...CLIENT_COLOR_PALETTE];
    for (let r = 0; r < 256; r += 51) for (let g = 0; g < 256; g += 51) for (let b = 0; b < 256; b += 51) sweep.push(`#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`);
    for (const color of sweep) {
      const chip = chipColors(color);
      expect(contrastRatio(chip.text, chip.background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
