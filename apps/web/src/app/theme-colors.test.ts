import { describe, expect, it } from 'vitest';
import { contrastRatio, darken, MIN_TEXT_CONTRAST, readableOn } from './theme-colors';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0ca678', '#0ca678')).toBe(1);
  });

  it('matches the ratios axe reported for the old theme', () => {
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#0ca678')).toBeCloseTo(3.12, 2);
    expect(contrastRatio('#087f5b', '#c3fae8')).toBeCloseTo(4.33, 2);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
  });

  it('darkens a colour until it reads on every background', () => {
    const color = readableOn('#f08c00', ['#ffffff', '#fff3bf']);
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(color, '#fff3bf')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(color).not.toBe(darken('#f08c00', 0.5));
  });
});
