import { describe, expect, it } from 'vitest';
import { fileSlug } from '../src/rules/search';

describe('fileSlug', () => {
  it('writes a name as ASCII lower case, accents and other letters turned to their base, anything else one hyphen', () => {
    expect(fileSlug('Declaração de comparecimento')).toBe('declaracao-de-comparecimento');
    expect(fileSlug('Łukasz Nguyễn Đặng')).toBe('lukasz-nguyen-dang');
    expect(fileSlug('  Relatório / Laudo: "final"  ')).toBe('relatorio-laudo-final');
    expect(fileSlug('../../etc/passwd')).toBe('etc-passwd');
    // Nothing ASCII left: empty (the caller puts its own word in its place).
    expect(fileSlug('Лев Толстой')).toBe('');
  });
});
