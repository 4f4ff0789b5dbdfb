import { isValid as isValidCpfDigits } from '@fnando/cpf';
import { limits, neutralTitle, type Gender, type Title } from '../constants/limits';
import { byGender } from './gender';

export const USERNAME_PATTERN = /^[a-z0-9_]{6,32}$/;
const PASSWORD_SHAPE = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{${limits.passwordMin},${limits.passwordMax}}$`);

export function isValidPassword(password: string): boolean {
  return PASSWORD_SHAPE.test(password);
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A CPF as people write it: 11 digits, bare or as 999.999.999-99; anything else (a stray letter, a 12th digit) is not one. */
const CPF_SHAPE = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

export function isValidCpf(value: string): boolean {
  return CPF_SHAPE.test(value.trim()) && isValidCpfDigits(onlyDigits(value));
}

/** 12345678909 -> 123.456.789-09 (how receipts, reports and forms show a CPF); anything that is not 11 digits is returned as given. */
export function formatCpf(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length !== 11) return value;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
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

/** Whether a real YYYY-MM-DD day lies in the days the app takes, 1900-01-01 to 2100-12-31 (`limits`). */
export function isDayInRange(day: string): boolean {
  return day >= limits.dateMin && day <= limits.dateMax;
}

/** A month as 'YYYY-MM'. */
export const ISO_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isIsoMonth(value: string): boolean {
  return ISO_MONTH_PATTERN.test(value);
}

/** Whether a YYYY-MM month lies in the months the app takes, 1900-01 to 2100-12. */
export function isMonthInRange(month: string): boolean {
  return month >= limits.dateMin.slice(0, 7) && month <= limits.dateMax.slice(0, 7);
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
