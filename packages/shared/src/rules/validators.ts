import { isValid as isValidCpfDigits } from '@fnando/cpf';
import { neutralTitle, type Gender, type Title } from '../constants/limits';
import { byGender } from './gender';

export const USERNAME_PATTERN = /^[a-z0-9_]{6,32}$/;
const PASSWORD_SHAPE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,32}$/;

export function isValidPassword(password: string): boolean {
  return PASSWORD_SHAPE.test(password);
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  return digits.length === 11 && isValidCpfDigits(digits);
}

/**
 * The titles that fit a gender: Sra./Dra. for female, Sr./Dr. for male or none given, only the
 * neutral one for 'Outro' and 'Prefiro não informar'; the neutral one fits every gender.
 */
export function titlesForGender(gender: Gender | null | undefined): readonly Title[] {
  if (gender === null || gender === undefined) return ['Sr.', 'Dr.', neutralTitle];
  return byGender<readonly Title[]>(gender, { male: ['Sr.', 'Dr.', neutralTitle], female: ['Sra.', 'Dra.', neutralTitle], neutral: [neutralTitle] });
}

/** Local calendar date as YYYY-MM-DD, the format birthdates are kept in. */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function isRealIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** An IANA time zone name the runtime knows ('America/Sao_Paulo', 'Europe/Lisbon', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
