import { centsToDecimalComma } from '@consultorio/shared';
import extenso from 'extenso';

/** An amount in reais written out as a receipt needs it: 15000 -> 'cento e cinquenta reais'. */
export function amountInWords(cents: number): string {
  return extenso(centsToDecimalComma(cents), { mode: 'currency', currency: { type: 'BRL' }, locale: 'br' });
}
