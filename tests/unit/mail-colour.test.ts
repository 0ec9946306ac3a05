import { describe, expect, it } from 'vitest';
import { AA, contrast, readableOn, textOn } from '../../worker/lib/mail/colour';

/** Every colour of a 16-step grid per channel (4,096): any theme colour a site file may name is near one. */
const grid = Array.from(
  { length: 16 ** 3 },
  (_, i) => `#${[i >> 8, (i >> 4) & 15, i & 15].map((v) => (v * 17).toString(16).padStart(2, '0')).join('')}`,
);

describe('mail colours (WCAG 2.x)', () => {
  it('knows the extremes and the web’s pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ff9900', '#ff9900')).toBe(1);
    // web/styles/theme.css.ts: dark text on the orange, the secondary reads on white
    expect(textOn('#ff9900')).toBe('#1d1512');
    expect(contrast('#ad5600', '#ffffff')).toBeGreaterThanOrEqual(AA);
  });

  it('the text on any fill reaches AA: dark on light colours, white on dark ones', () => {
    for (const colour of grid) expect(contrast(textOn(colour), colour), colour).toBeGreaterThanOrEqual(AA);
    expect(textOn('#b3123e')).toBe('#ffffff');
    expect(textOn('#ffe066')).toBe('#1d1512');
  });

  it('a brand colour as text reaches AA on white and on a dark page, and stays itself where it already does', () => {
    for (const colour of grid) {
      expect(contrast(readableOn(colour, '#ffffff'), '#ffffff'), colour).toBeGreaterThanOrEqual(AA);
      expect(contrast(readableOn(colour, '#1d1417'), '#1d1417'), colour).toBeGreaterThanOrEqual(AA);
    }
    expect(readableOn('#6b3fd6', '#ffffff')).toBe('#6b3fd6');
    expect(readableOn('#ff9900', '#ffffff')).not.toBe('#ff9900');
  });
});
