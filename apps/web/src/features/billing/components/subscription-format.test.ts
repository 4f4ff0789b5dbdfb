import { describe, expect, it } from 'vitest';
import { formatPlainDate, formatPrice } from './subscription-format';

// Intl puts a no-break space between 'R$' and the number.
const normalize = (text: string) => text.replace(/\s/g, ' ');

describe('formatPrice', () => {
  it('shows the price in reais with the period suffix', () => {
    expect(normalize(formatPrice(4990, 'monthly'))).toBe('R$ 49,90 / mês');
    expect(normalize(formatPrice(47900, 'annual'))).toBe('R$ 479,00 / ano');
    expect(normalize(formatPrice(99900, 'lifetime'))).toBe('R$ 999,00 / único');
  });

  it('shows thousands and zero', () => {
    expect(normalize(formatPrice(123456, 'annual'))).toBe('R$ 1.234,56 / ano');
    expect(normalize(formatPrice(0, 'monthly'))).toBe('R$ 0,00 / mês');
  });
});

describe('formatPlainDate', () => {
  it('turns yyyy-mm-dd into dd/mm/aaaa without moving the day', () => {
    expect(formatPlainDate('2025-03-01')).toBe('01/03/2025');
    expect(formatPlainDate('2024-12-31')).toBe('31/12/2024');
  });

  it('shows the dash when there is no date', () => {
    expect(formatPlainDate(null)).toBe('—');
  });
});
