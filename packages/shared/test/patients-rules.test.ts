import { describe, expect, it } from 'vitest';
import { confirmsTyped, matchesSearch, messages, patientCreateRequest, patientUpdateRequest, searchWords } from '../src/index';

describe('patient search words', () => {
  it('looks for each word on its own, in search form, without repeats or words inside others', () => {
    expect(searchWords('  Júlia   ARAÚJO ')).toEqual(['julia', 'araujo']);
    expect(searchWords('lima marcos')).toEqual(['lima', 'marcos']);
    expect(searchWords('ana ana')).toEqual(['ana']);
    expect(searchWords('ana anabela')).toEqual(['anabela']);
    expect(searchWords('da silva')).toEqual(['da', 'silva']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('finds a name holding every word, in any order, ignoring case and accents', () => {
    expect(matchesSearch('Júlia Conceição Araújo', 'julia araujo')).toBe(true);
    expect(matchesSearch('Júlia Conceição Araújo', 'araujo julia')).toBe(true);
    expect(matchesSearch('Marcos Lima', 'lima marcos')).toBe(true);
    expect(matchesSearch('Marcos Lima', 'LIMA MÁRC')).toBe(true);
    expect(matchesSearch('Marcos Lima', 'lima souza')).toBe(false);
    expect(matchesSearch('Marcos Lima', '')).toBe(true);
  });
});

describe('a typed confirmation', () => {
  it('is the expected text, case and spaces aside, accents counting', () => {
    expect(confirmsTyped('  júlia   araújo ', 'Júlia Araújo')).toBe(true);
    // The same letters composed differently (NFD, as some keyboards send them) still match.
    expect(confirmsTyped('Júlia Araújo'.normalize('NFD'), 'Júlia Araújo')).toBe(true);
    expect(confirmsTyped('Julia Araujo', 'Júlia Araújo')).toBe(false);
    expect(confirmsTyped('Júlia', 'Júlia Araújo')).toBe(false);
    expect(confirmsTyped('', 'Júlia Araújo')).toBe(false);
  });
});

describe('a patient as created and as edited', () => {
  const base = { firstName: 'Júlia' };

  it.each([
    ['left out', {}, null],
    ['null', { lastName: null }, null],
    ['blank', { lastName: '   ' }, null],
    ['one letter', { lastName: 'O' }, 'O'],
    ['given', { lastName: ' Araújo ' }, 'Araújo'],
  ])('takes a last name %s the same way', (_case, change, lastName) => {
    const created = patientCreateRequest.safeParse({ ...base, ...change });
    const edited = patientUpdateRequest.safeParse({ ...base, ...change });
    expect(created.success && created.data.lastName).toBe(lastName);
    expect(edited.success && edited.data.lastName).toBe(lastName);
  });

  it('refuses a last name too long on both', () => {
    for (const request of [patientCreateRequest, patientUpdateRequest]) {
      const result = request.safeParse({ ...base, lastName: 'x'.repeat(101) });
      expect(result.error?.issues[0]?.message).toBe(messages.validation.tooLong(100));
    }
  });
});
