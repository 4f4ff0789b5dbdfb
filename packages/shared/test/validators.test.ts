import { describe, expect, it } from 'vitest';
import {
  ccForCountry,
  countryList,
  formatCpf,
  formatPhone,
  isRealIsoDate,
  isValidCpf,
  isValidPassword,
  isValidPhone,
  titlesForGender,
  todayIsoDate,
  USERNAME_PATTERN,
} from '../src/index';

describe('shared rules', () => {
  it('accepts passwords of 8 to 128 characters with upper, lower and digit (ASVS 2.1.2: 64 at least)', () => {
    expect(isValidPassword('Senha123')).toBe(true);
    expect(isValidPassword('senha123')).toBe(false);
    expect(isValidPassword('SENHA123')).toBe(false);
    expect(isValidPassword('SenhaSem')).toBe(false);
    expect(isValidPassword('Sen1a')).toBe(false);
    expect(isValidPassword(`S1${'a'.repeat(62)}`)).toBe(true);
    expect(isValidPassword(`S1${'a'.repeat(126)}`)).toBe(true);
    expect(isValidPassword(`S1${'a'.repeat(127)}`)).toBe(false);
  });

  it('accepts usernames of 6 to 32 lowercase letters, digits or underscore', () => {
    expect(USERNAME_PATTERN.test('ana_99')).toBe(true);
    expect(USERNAME_PATTERN.test('ana')).toBe(false);
    expect(USERNAME_PATTERN.test('Ana_99')).toBe(false);
    expect(USERNAME_PATTERN.test('ana-99')).toBe(false);
    expect(USERNAME_PATTERN.test('a'.repeat(33))).toBe(false);
  });

  it('checks CPF check digits, formatted or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('123')).toBe(false);
  });

  it('refuses a CPF with anything but its digits and the usual punctuation, rather than trimming it', () => {
    expect(isValidCpf(' 529.982.247-25 ')).toBe(true);
    expect(isValidCpf('529982247-25')).toBe(true);
    for (const typed of ['52998224725x', 'x52998224725', '529.982.247-25a', '529,982,247-25', '529 982 247 25', '5299822472500', '529..982.247-25']) {
      expect(isValidCpf(typed), typed).toBe(false);
    }
  });

  it('punctuates a CPF of 11 digits and leaves anything else alone', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('01234567890')).toBe('012.345.678-90');
    expect(formatCpf('123')).toBe('123');
  });

  it('checks phones for the country, or internationally when the code was edited', () => {
    expect(isValidPhone('(11) 98765-4321', '+55', 'BR')).toBe(true);
    expect(isValidPhone('1234', '+55', 'BR')).toBe(false);
    expect(isValidPhone('202 555 0147', '+1', 'US')).toBe(true);
    expect(isValidPhone('202 555 0147', '+1', 'BR')).toBe(true);
    expect(isValidPhone('', '+55', 'BR')).toBe(false);
  });

  it('shows a stored phone as written in its country, and one it cannot read as it was stored', () => {
    expect(formatPhone('+55', '11987654321')).toBe('+55 (11) 98765-4321');
    expect(formatPhone('+55', '1133334444')).toBe('+55 (11) 3333-4444');
    expect(formatPhone('+1', '2025550147')).toBe('+1 (202) 555-0147');
    expect(formatPhone('+55', '1234')).toBe('+55 1234');
  });

  it('offers Sra./Dra. for female, Sr./Dr. for male or none, only the neutral title for the other genders, and it to all', () => {
    expect(titlesForGender('female')).toEqual(['Sra.', 'Dra.', 'Dr(a).']);
    expect(titlesForGender('male')).toEqual(['Sr.', 'Dr.', 'Dr(a).']);
    expect(titlesForGender(null)).toEqual(['Sr.', 'Dr.', 'Dr(a).']);
    expect(titlesForGender('other')).toEqual(['Dr(a).']);
    expect(titlesForGender('undisclosed')).toEqual(['Dr(a).']);
  });

  it('lists about 240 countries in Portuguese, sorted, with calling codes and a +55 fallback', () => {
    expect(countryList.length).toBeGreaterThan(230);
    expect(countryList.find((c) => c.code === 'BR')).toEqual({ code: 'BR', name: 'Brasil', cc: '+55' });
    expect(countryList.find((c) => c.code === 'DE')?.name).toBe('Alemanha');
    const names = countryList.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(ccForCountry('PT')).toBe('+351');
    expect(ccForCountry('XX')).toBe('+55');
    expect(ccForCountry(undefined)).toBe('+55');
  });

  it('recognises real calendar dates only', () => {
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2023-02-29')).toBe(false);
    expect(isRealIsoDate('2023-2-1')).toBe(false);
    expect(todayIsoDate(new Date(2026, 10, 21))).toBe('2026-11-21');
  });
});
