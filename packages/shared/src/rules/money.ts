/**
 * Reads an amount typed in reais ('150', '150,00', '1.500,50', 'R$ 21,5') and answers it in
 * cents, or null when it is not an amount with at most two decimals.
 */
export function parseReais(input: string): number | null {
  const text = input.replace(/^\s*R\$\s*/, '').trim();
  if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a plain amount in reais with a decimal comma and no thousands separator: 150000 -> '1500,00'. */
export function centsToDecimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
}
