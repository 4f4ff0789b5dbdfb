import { describe, expect, it } from 'vitest';
import { parseBrazilianDate, reaisInputToCents } from './format';

describe('parseBrazilianDate', () => {
  it('reads DD/MM/AAAA and ISO dates', () => {
    expect(parseBrazilianDate('31/12/1990')).toBe('1990-12-31');
    expect(parseBrazilianDate(' 5/3/2001 ')).toBe('2001-03-05');
    expect(parseBrazilianDate('1990-12-31')).toBe('1990-12-31');
  });

  it('rejects dates that do not exist and other text', () => {
    expect(parseBrazilianDate('31/02/2020')).toBeNull();
    expect(parseBrazilianDate('12/31/1990')).toBeNull();
    expect(parseBrazilianDate('ontem')).toBeNull();
  });
});

describe('reaisInputToCents', () => {
  it('reads the numbers and the texts a money input hands over', () => {
    expect(reaisInputToCents(150)).toBe(15000);
    expect(reaisInputToCents('200.00')).toBe(20000);
    expect(reaisInputToCents('21,5')).toBe(2150);
    expect(reaisInputToCents(0.1 + 0.2)).toBe(30);
    expect(reaisInputToCents('')).toBeNull();
    expect(reaisInputToCents('abc')).toBeNull();
  });
});
