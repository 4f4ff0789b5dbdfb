import { describe, expect, it } from 'vitest';
import gad7Data from '../../../apps/api/src/db/seeds/qa-templates/gad-7.json' with { type: 'json' };
import phq9Data from '../../../apps/api/src/db/seeds/qa-templates/phq-9.json' with { type: 'json' };
import {
  checkFormContent,
  computeScore,
  isTimeTypingValid,
  isValidTime,
  limits,
  maskTime,
  messages,
  qaTemplateSeedSchema,
  type FormContent,
  type TemplateSection,
} from '../src/index';

const v = messages.validation;

const phq9 = qaTemplateSeedSchema.parse(phq9Data);
const gad7 = qaTemplateSeedSchema.parse(gad7Data);
const phq9Scored = { content: phq9.content, scoring: phq9.scoring! };
const gad7Scored = { content: gad7.content, scoring: gad7.scoring! };

/** Answers for `items` items (numbered from 1) adding up to `total`, each worth 0 to 3, filled in order. */
function answersTotalling(items: number, total: number): FormContent {
  const content: FormContent = {};
  let left = total;
  for (let item = 1; item <= items; item++) {
    const points = Math.min(3, left);
    content[String(item)] = String(points);
    left -= points;
  }
  if (left > 0) throw new Error(`${total} does not fit in ${items} items`);
  return content;
}

describe('maskTime', () => {
  it.each([
    ['', ''],
    ['2', '2'],
    ['22', '22'],
    ['223', '22:3'],
    ['2230', '22:30'],
    ['22:305', '22:30'],
    ['ab12cd34', '12:34'],
    ['0730', '07:30'],
    ['07:30', '07:30'],
    ['12345678', '12:34'],
    ['hh:mm', ''],
    ['7', '7'],
  ])('shows %j as %j', (typed, shown) => {
    expect(maskTime(typed)).toBe(shown);
  });

  it('never shows more than 5 characters', () => {
    for (const typed of ['123456', '99:99:99', '1:2:3:4:5', '0'.repeat(50)]) expect(maskTime(typed).length).toBeLessThanOrEqual(5);
  });
});

describe('isTimeTypingValid', () => {
  it.each(['', '0', '2', '23', '23:', '23:5', '23:59', '07:3', '00:00'])('lets %j be typed on', (shown) => {
    expect(isTimeTypingValid(shown)).toBe(true);
  });

  it.each(['3', '9', '24', '99', '24:00', '12:6', '99:99', '23:60'])('stops %j as soon as it cannot be a time', (shown) => {
    expect(isTimeTypingValid(shown)).toBe(false);
  });
});

describe('isValidTime', () => {
  it.each(['00:00', '00:59', '09:05', '12:30', '19:59', '20:00', '23:00', '23:59'])('accepts %s', (time) => {
    expect(isValidTime(time)).toBe(true);
  });

  it.each(['24:00', '23:60', '12:60', '7:30', '07:3', '0730', '', ' 07:30', '07:30 ', '07-30', '07h30', '07:30:00', '-1:00', 'ab:cd', '7:5'])(
    'rejects %j',
    (time) => {
      expect(isValidTime(time)).toBe(false);
    },
  );

  it('accepts every full mask of a valid time', () => {
    expect(isValidTime(maskTime('2359'))).toBe(true);
    expect(isValidTime(maskTime('0000'))).toBe(true);
    expect(isValidTime(maskTime('2400'))).toBe(false);
    expect(isValidTime(maskTime('730'))).toBe(false);
  });
});

describe('computeScore for PHQ-9', () => {
  it.each([
    [0, 'Sintomas depressivos mínimos'],
    [4, 'Sintomas depressivos mínimos'],
    [5, 'Depressão leve'],
    [9, 'Depressão leve'],
    [10, 'Depressão moderada'],
    [14, 'Depressão moderada'],
    [15, 'Depressão moderadamente grave'],
    [19, 'Depressão moderadamente grave'],
    [20, 'Depressão grave'],
    [27, 'Depressão grave'],
  ])('puts a total of %i in the band %j', (total, band) => {
    const score = computeScore(phq9Scored, answersTotalling(9, total));
    expect(score).toMatchObject({ label: 'Pontuação PHQ-9', total, max: 27, answered: 9, expected: 9, band });
  });

  it('gives no band while an item is unanswered, but counts what was answered', () => {
    const complete = answersTotalling(9, 12);
    for (let item = 1; item <= 9; item++) {
      const content = { ...complete };
      delete content[String(item)];
      const score = computeScore(phq9Scored, content);
      expect(score.band, `item ${item}`).toBeNull();
      expect(score.answered, `item ${item}`).toBe(8);
      expect(score.expected).toBe(9);
      expect(score.total).toBe(12 - Number(complete[String(item)]));
    }
    expect(computeScore(phq9Scored, {})).toMatchObject({ total: 0, max: 27, answered: 0, expected: 9, band: null, alerts: [] });
  });

  it('treats an empty answer as unanswered', () => {
    const score = computeScore(phq9Scored, { ...answersTotalling(9, 0), 3: '' });
    expect(score).toMatchObject({ answered: 8, band: null });
  });

  it('does not score item 10, the difficulty question', () => {
    const score = computeScore(phq9Scored, { ...answersTotalling(9, 6), 10: 'Extrema dificuldade' });
    expect(score).toMatchObject({ total: 6, answered: 9, band: 'Depressão leve' });
  });

  it('raises the item 9 alert when item 9 is above 0, and only then', () => {
    const alert = phq9.scoring!.alerts[0]!.message;
    expect(alert).toMatch(/item 9/);
    const base = answersTotalling(8, 5);
    expect(computeScore(phq9Scored, { ...base, 9: '0' }).alerts).toEqual([]);
    expect(computeScore(phq9Scored, base).alerts).toEqual([]);
    for (const value of ['1', '2', '3']) {
      const score = computeScore(phq9Scored, { ...base, 9: value });
      expect(score.alerts, value).toEqual([alert]);
    }
    // The alert does not wait for the other items.
    expect(computeScore(phq9Scored, { 9: '1' })).toMatchObject({ alerts: [alert], band: null, total: 1 });
    // Nor does it depend on the total: a minimal total still raises it.
    expect(computeScore(phq9Scored, { ...answersTotalling(8, 0), 9: '1' })).toMatchObject({ band: 'Sintomas depressivos mínimos', alerts: [alert] });
  });
});

describe('computeScore for GAD-7', () => {
  it.each([
    [0, 'Ansiedade mínima'],
    [4, 'Ansiedade mínima'],
    [5, 'Ansiedade leve'],
    [9, 'Ansiedade leve'],
    [10, 'Ansiedade moderada'],
    [14, 'Ansiedade moderada'],
    [15, 'Ansiedade grave'],
    [21, 'Ansiedade grave'],
  ])('puts a total of %i in the band %j', (total, band) => {
    const score = computeScore(gad7Scored, answersTotalling(7, total));
    expect(score).toEqual({ label: 'Pontuação GAD-7', total, max: 21, answered: 7, expected: 7, band, alerts: [] });
  });

  it('gives no band while an item is unanswered', () => {
    const content = answersTotalling(7, 21);
    delete content['7'];
    expect(computeScore(gad7Scored, content)).toMatchObject({ total: 18, max: 21, answered: 6, expected: 7, band: null });
  });

  it('reads scores sent as numbers as well as text', () => {
    expect(computeScore(gad7Scored, { 1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3 })).toMatchObject({ total: 21, band: 'Ansiedade grave' });
  });
});

describe('checkFormContent', () => {
  const template: TemplateSection[] = [
    {
      title: 'Tudo',
      fields: [
        { number: 1, label: 'Radio', type: 'radio', options: [{ value: 'Sim', label: 'Sim' }, { value: 'Não', label: 'Não' }] },
        { number: 2, label: 'Número', type: 'number', options: [] },
        { number: 3, label: 'Texto', type: 'text', options: [] },
        { number: 4, label: 'Texto curto', type: 'shorttext', options: [] },
        { number: 5, label: 'String', type: 'string', options: [] },
      ],
    },
    {
      title: 'Mais',
      fields: [
        { number: 6, label: 'Área de texto', type: 'textarea', options: [] },
        { number: 7, label: 'Texto longo', type: 'longtext', options: [] },
        { number: 8, label: 'Seleção', type: 'select', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
        { number: 9, label: 'Horário', type: 'time', options: [] },
        { number: 10, label: 'Pontos', type: 'radio', options: [{ value: '0', label: 'Nunca' }, { value: '3', label: 'Sempre' }] },
      ],
    },
  ];

  it('accepts an empty content', () => {
    expect(checkFormContent(template, {})).toEqual({ ok: true, content: {} });
  });

  it('accepts a valid answer of every field type, normalised', () => {
    const check = checkFormContent(template, {
      1: 'Sim',
      2: ' 12,5 ',
      3: '  um\n dois  ',
      4: 'três\r\nquatro',
      5: 'cinco\n\n\nseis',
      6: ' linha 1\nlinha 2 ',
      7: 'a\r\n\r\nb',
      8: 'b',
      9: ' 08:15 ',
      10: 3,
    });
    expect(check).toEqual({
      ok: true,
      content: { 1: 'Sim', 2: 12.5, 3: 'um dois', 4: 'três quatro', 5: 'cinco seis', 6: 'linha 1\nlinha 2', 7: 'a\r\n\r\nb', 8: 'b', 9: '08:15', 10: '3' },
    });
  });

  it('keeps numbers given as numbers, and text answers given as numbers become text', () => {
    expect(checkFormContent(template, { 2: -4, 3: 42, 6: 7 })).toEqual({ ok: true, content: { 2: -4, 3: '42', 6: '7' } });
  });

  it('drops null and blank answers', () => {
    expect(checkFormContent(template, { 1: null, 2: '', 3: '   ', 6: '\n\n', 9: ' ', 8: 'a' })).toEqual({ ok: true, content: { 8: 'a' } });
  });

  it('does not change the answers it was given', () => {
    const answers = { 3: '  um  ', 2: '5', 1: null };
    checkFormContent(template, answers);
    expect(answers).toEqual({ 3: '  um  ', 2: '5', 1: null });
  });

  it.each([
    ['an unknown field', { 11: 'x' }, v.fieldUnknown('11')],
    ['field 0', { 0: 'x' }, v.fieldUnknown('0')],
    ['a key with a leading zero', { '01': 'Sim' }, v.fieldUnknown('01')],
    ['a key that is a word', { nome: 'x' }, v.fieldUnknown('nome')],
    ['an unknown field with a null answer', { 11: null }, v.fieldUnknown('11')],
    ['a very long key, cut to 20 characters', { ['7'.repeat(40)]: 'x' }, v.fieldUnknown('7'.repeat(20))],
    ['a radio value outside the options', { 1: 'Talvez' }, v.optionInvalid('1')],
    ['a radio value matching a label, not a value', { 10: 'Sempre' }, v.optionInvalid('10')],
    ['a scored radio out of range', { 10: 2 }, v.optionInvalid('10')],
    ['a select value outside the options', { 8: 'c' }, v.optionInvalid('8')],
    ['a select value in another case', { 8: 'A' }, v.optionInvalid('8')],
    ['a number field with letters', { 2: 'abc' }, v.numberInvalid('2')],
    ['a number field with two decimal marks', { 2: '1.234,5' }, v.numberInvalid('2')],
    ['a number above the limit', { 2: limits.numberMax + 1 }, v.numberInvalid('2')],
    ['a number below the limit', { 2: String(-limits.numberMax - 1) }, v.numberInvalid('2')],
    ['the time 24:00', { 9: '24:00' }, v.timeInvalid('9')],
    ['the time 7:30', { 9: '7:30' }, v.timeInvalid('9')],
    ['the time 0730', { 9: '0730' }, v.timeInvalid('9')],
    ['the time 12:60', { 9: '12:60' }, v.timeInvalid('9')],
    ['a time given as a number', { 9: 1230 }, v.timeInvalid('9')],
    ['a text answer over 500 characters', { 3: 'x'.repeat(limits.shortTextMax + 1) }, v.answerTooLong('3', limits.shortTextMax)],
    ['a shorttext answer over 500 characters', { 4: 'x'.repeat(limits.shortTextMax + 1) }, v.answerTooLong('4', limits.shortTextMax)],
    ['a string answer over 500 characters', { 5: 'x'.repeat(limits.shortTextMax + 1) }, v.answerTooLong('5', limits.shortTextMax)],
    ['a textarea answer over 10000 characters', { 6: 'x'.repeat(limits.longTextMax + 1) }, v.answerTooLong('6', limits.longTextMax)],
    ['a longtext answer over 10000 characters', { 7: 'x'.repeat(limits.longTextMax + 1) }, v.answerTooLong('7', limits.longTextMax)],
  ])('rejects %s', (_case, content, message) => {
    expect(checkFormContent(template, content)).toEqual({ ok: false, message });
  });

  it('accepts answers at the length limits, measured after trimming and joining lines', () => {
    const shortest = 'x'.repeat(limits.shortTextMax);
    expect(checkFormContent(template, { 3: shortest, 6: 'y'.repeat(limits.longTextMax) })).toMatchObject({ ok: true });
    expect(checkFormContent(template, { 4: `  ${shortest}  ` })).toEqual({ ok: true, content: { 4: shortest } });
    // 250 + 1 space + 249 = 500 once the line break and its spaces are one space.
    const joined = `${'a'.repeat(250)}\n\n   ${'b'.repeat(249)}`;
    expect(checkFormContent(template, { 5: joined })).toEqual({ ok: true, content: { 5: `${'a'.repeat(250)} ${'b'.repeat(249)}` } });
    expect(checkFormContent(template, { 2: limits.numberMax, 9: '23:59' })).toMatchObject({ ok: true });
  });

  it('rejects the whole content when one answer is invalid', () => {
    expect(checkFormContent(template, { 1: 'Sim', 3: 'ok', 9: '25:00' })).toEqual({ ok: false, message: v.timeInvalid('9') });
  });

  it('accepts the PHQ-9 answers of its data file and rejects a score of 4', () => {
    expect(checkFormContent(phq9.content, answersTotalling(9, 27))).toMatchObject({ ok: true });
    expect(checkFormContent(phq9.content, { 10: 'Nenhuma dificuldade' })).toMatchObject({ ok: true });
    expect(checkFormContent(phq9.content, { 1: '4' })).toEqual({ ok: false, message: v.optionInvalid('1') });
    expect(checkFormContent(phq9.content, { 11: '0' })).toEqual({ ok: false, message: v.fieldUnknown('11') });
  });
});
