import { describe, expect, it } from 'vitest';
import { formatCpf, parseBrazilianDate } from './format';

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

describe('formatCpf', () => {
  it('punctuates 11 digits and leaves anything else alone', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('123')).toBe('123');
  });
});
