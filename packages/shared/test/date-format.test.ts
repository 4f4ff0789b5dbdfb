import { describe, expect, it } from 'vitest';
import { ptBrDateFormat, ptBrList } from '../src';

describe('pt-BR date formats', () => {
  it('makes one formatter per set of options and formats in the given zone', () => {
    const first = ptBrDateFormat({ dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });
    expect(ptBrDateFormat({ dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })).toBe(first);
    expect(ptBrDateFormat({ dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Manaus' })).not.toBe(first);
    expect(first.format(new Date('2026-03-05T13:00:00Z'))).toBe('05/03/2026, 10:00');
    expect(ptBrDateFormat({ dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Manaus' }).format(new Date('2026-03-05T13:00:00Z'))).toBe('05/03/2026, 09:00');
  });

  it('joins items as a sentence', () => {
    expect(ptBrList(['05/03/2026', '12/03/2026', '19/03/2026'])).toBe('05/03/2026, 12/03/2026 e 19/03/2026');
    expect(ptBrList(['05/03/2026'])).toBe('05/03/2026');
  });
});
