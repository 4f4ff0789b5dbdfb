import { isValid as isValidCnpjDigits } from '@fnando/cnpj';
import { isValidCpf, onlyDigits } from './validators';

/** The kinds of Pix key the Central Bank defines ('chave aleatória' is the random one). */
export const pixKeyTypes = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof pixKeyTypes)[number];

export interface PixKey {
  type: PixKeyType;
  /** As a BR Code carries it: digits for CPF and CNPJ, lower case for e-mail, +55… for a phone, the UUID in lower case. */
  key: string;
}

const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A Brazilian number with its area code (two digits, not starting with 0) and 8 or 9 digits. */
const BRAZILIAN_PHONE = /^[1-9]{2}9?\d{8}$/;

/**
 * Reads a Pix key as the professional types it and says which kind it is, or null when it is
 * none: an e-mail, a random key (UUID), a phone with '+55' (or formatted with the area code in
 * parentheses), a CPF or CNPJ with valid check digits. Eleven bare digits that form a valid CPF
 * are read as the CPF; a phone written that way needs '+55'.
 */
export function parsePixKey(input: string): PixKey | null {
  const text = input.trim();
  if (text === '' || text.length > 77) return null;
  if (text.includes('@')) return EMAIL.test(text) ? { type: 'email', key: text.toLowerCase() } : null;
  if (RANDOM_KEY.test(text)) return { type: 'random', key: text.toLowerCase() };
  if (!/^[\d\s().+/-]+$/.test(text)) return null;
  const digits = onlyDigits(text);
  if (text.startsWith('+')) {
    return digits.startsWith('55') && BRAZILIAN_PHONE.test(digits.slice(2)) ? { type: 'phone', key: `+${digits}` } : null;
  }
  if (text.includes('(')) return BRAZILIAN_PHONE.test(digits) ? { type: 'phone', key: `+55${digits}` } : null;
  if (digits.length === 11 && isValidCpf(digits)) return { type: 'cpf', key: digits };
  if (digits.length === 14 && isValidCnpjDigits(digits)) return { type: 'cnpj', key: digits };
  return null;
}

export function isValidPixKey(input: string): boolean {
  return parsePixKey(input) !== null;
}
