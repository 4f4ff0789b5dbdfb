import { messages } from '@consultorio/shared';
import { describe, expect, it } from 'vitest';
import { everyTypeTemplate } from '../testing/fixtures';
import { answerError, answerKey, maskNumber, parseNumber, toAnswers, toContent } from './answers';

const sections = everyTypeTemplate.content;
const fieldOf = (number: number) => sections.flatMap((section) => section.fields).find((f) => f.number === number)!;

describe('toAnswers', () => {
  it('gives every field a text, empty when not answered', () => {
    const answers = toAnswers(sections, { '1': 'Engenheira', '8': 7.5, '9': 'Não' });
    expect(answers).toEqual({
      q1: 'Engenheira',
      q2: '',
      q3: '',
      q4: '',
      q5: '',
      q6: '',
      q7: '',
      q8: '7,5',
      q9: 'Não',
    });
  });
});

describe('toContent', () => {
  it('sends only the answered fields, by number, numbers as numbers', () => {
    const answers = {
      ...toAnswers(sections, {}),
      [answerKey(1)]: 'Engenheira',
      [answerKey(2)]: 'Casado(a)',
      [answerKey(3)]: '   ',
      [answerKey(5)]: 'Dor de cabeça\nhá meses',
      [answerKey(7)]: '22:30',
      [answerKey(8)]: '7,5',
      [answerKey(9)]: 'Sim',
    };
    expect(toContent(sections, answers)).toEqual({
      '1': 'Engenheira',
      '2': 'Casado(a)',
      '5': 'Dor de cabeça\nhá meses',
      '7': '22:30',
      '8': 7.5,
      '9': 'Sim',
    });
  });

  it('round-trips what the server stored', () => {
    const stored = { '1': 'Professora', '4': 'Dipirona', '6': 'Asma', '7': '07:05', '8': 8, '9': 'Não' };
    expect(toContent(sections, toAnswers(sections, stored))).toEqual(stored);
  });

  it('leaves out keys the template does not have and missing answers', () => {
    expect(toContent(sections, { q99: 'x', q1: undefined })).toEqual({});
  });

  it('sends a number field that is not a number as typed, for the server to refuse', () => {
    expect(toContent(sections, { [answerKey(8)]: '-' })).toEqual({ '8': '-' });
  });
});

describe('maskNumber and parseNumber', () => {
  it('keeps digits, one separator and a leading minus', () => {
    expect(maskNumber('7,5')).toBe('7,5');
    expect(maskNumber('1a2.3.4')).toBe('12.34');
    expect(maskNumber('-3')).toBe('-3');
    expect(maskNumber('3-')).toBe('3');
    expect(maskNumber('abc')).toBe('');
  });

  it('reads a comma or a dot as the decimal separator', () => {
    expect(parseNumber('7,5')).toBe(7.5);
    expect(parseNumber(' 8 ')).toBe(8);
    expect(parseNumber('-0.25')).toBe(-0.25);
    expect(parseNumber('-')).toBeUndefined();
    expect(parseNumber(',')).toBeUndefined();
  });
});

describe('answerError', () => {
  it('refuses a half-typed time and accepts hh:mm or nothing', () => {
    expect(answerError(fieldOf(7), '22:3')).toBe(messages.validation.timeInvalid('7'));
    expect(answerError(fieldOf(7), '25:00')).toBe(messages.validation.timeInvalid('7'));
    expect(answerError(fieldOf(7), '22:30')).toBeUndefined();
    expect(answerError(fieldOf(7), '')).toBeUndefined();
  });

  it('refuses a number field that is not a number', () => {
    expect(answerError(fieldOf(8), '-')).toBe(messages.validation.numberInvalid('8'));
    expect(answerError(fieldOf(8), '7,5')).toBeUndefined();
    expect(answerError(fieldOf(1), 'qualquer texto')).toBeUndefined();
  });
});
