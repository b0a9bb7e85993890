import { readableTextColor } from './ClientChip';

describe('text on a client colour', () => {
  it('is dark on light colours, white on dark ones, dark when the colour is not #rrggbb', () => {
    expect(readableTextColor('#e5e7eb')).toBe('#1f2937');
    expect(readableTextColor('#FFFF00')).toBe('#1f2937');
    expect(readableTextColor('#3b82f6')).toBe('#ffffff');
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('red')).toBe('#1f2937');
    expect(readableTextColor('#12345')).toBe('#1f2937');
  });
});
