import { describe, expect, it } from 'vitest';
import { byGender, confirmsTyped, genders, matchesSearch, messages, patientCreateRequest, patientUpdateRequest, searchWords } from '../src/index';

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

  it("takes 'Outro' and 'Prefiro não informar' as genders", () => {
    expect(genders.map((gender) => messages.genders[gender])).toEqual(['Masculino', 'Feminino', 'Outro', 'Prefiro não informar']);
    for (const gender of ['other', 'undisclosed'] as const) {
      expect(patientUpdateRequest.parse({ ...base, gender }).gender).toBe(gender);
    }
  });
});

describe('words that agree with a gender', () => {
  const welcome = { male: 'Bem-vindo', female: 'Bem-vinda', neutral: 'Bem-vindo(a)' };

  it('take the male or female form when chosen, the neutral one otherwise', () => {
    expect(byGender('male', welcome)).toBe('Bem-vindo');
    expect(byGender('female', welcome)).toBe('Bem-vinda');
    expect(byGender('other', welcome)).toBe('Bem-vindo(a)');
    expect(byGender('undisclosed', welcome)).toBe('Bem-vindo(a)');
    expect(byGender(null, welcome)).toBe('Bem-vindo(a)');
  });

  it('greet the professional, thank in the professional’s voice and speak to the patient in theirs', () => {
    expect(messages.dashboard.intro('female')).toMatch(/^Bem-vinda ao Consultório\./);
    expect(messages.dashboard.intro('male')).toMatch(/^Bem-vindo ao Consultório\./);
    expect(messages.dashboard.intro(null)).toMatch(/^Bem-vindo\(a\) ao Consultório\./);
    expect(messages.measurement.submitted('female')).toBe('Respostas enviadas. Obrigada!');
    expect(messages.measurement.submitted('male')).toBe('Respostas enviadas. Obrigado!');
    expect(messages.measurement.submitted('undisclosed')).toBe('Respostas enviadas. Obrigado(a)!');
    expect(messages.measurement.crisisText('female')).toBe('Você não está sozinha. Converse com alguém agora mesmo:');
    expect(messages.measurement.crisisText('other')).toBe('Você não está sozinho(a). Converse com alguém agora mesmo:');
    expect(messages.finance.receipt.beneficiary('Ana Lima', null, 'female')).toBe('Paciente (beneficiária): Ana Lima.');
    expect(messages.finance.receipt.beneficiary('Alex Lima', null, 'undisclosed')).toBe('Paciente (pessoa beneficiária): Alex Lima.');
  });
});
