import { describe, expect, it } from 'vitest';
import { missingRequiredAnswers, scoreChange, triggeredAlertRules, type Scoring, type TemplateSection } from '../src/index';

const radio = (number: number) => ({
  number,
  label: `Item ${number}`,
  type: 'radio' as const,
  options: [0, 1, 2, 3].map((value) => ({ value: String(value), label: String(value) })),
});

const content: TemplateSection[] = [{ title: 'Itens', fields: [radio(1), radio(2), radio(3), { number: 4, label: 'Obs.', type: 'text', options: [] }] }];
const scoring: Scoring = { method: 'sum', label: 'Pontuação', fields: [1, 2, 3], bands: [], alerts: [{ field: 3, above: 0, message: 'Item 3 positivo' }] };

describe('missingRequiredAnswers', () => {
  it('lists the scored items left unanswered, in order; unscored fields are optional', () => {
    expect(missingRequiredAnswers({ content, scoring }, { 2: '1', 4: 'nada' })).toEqual([1, 3]);
    expect(missingRequiredAnswers({ content, scoring }, { 1: '0', 2: '0', 3: '0' })).toEqual([]);
    expect(missingRequiredAnswers({ content, scoring }, { 1: '', 2: '0', 3: '0' })).toEqual([1]);
  });

  it('requires nothing of a template without a score', () => {
    expect(missingRequiredAnswers({ content, scoring: null }, {})).toEqual([]);
  });
});

describe('triggeredAlertRules', () => {
  it('raises a rule only above its threshold', () => {
    expect(triggeredAlertRules({ content, scoring }, { 3: '0' })).toEqual([]);
    expect(triggeredAlertRules({ content, scoring }, { 3: '1' })).toEqual(scoring.alerts);
    expect(triggeredAlertRules({ content, scoring }, {})).toEqual([]);
  });
});

describe('scoreChange', () => {
  it('needs two scores', () => {
    expect(scoreChange([], 6)).toEqual({ kind: 'single' });
    expect(scoreChange([12], 6)).toEqual({ kind: 'single' });
  });

  it('compares the latest score with the first, reliable from the threshold on (lower is better)', () => {
    expect(scoreChange([16, 12, 10], 6)).toEqual({ kind: 'change', delta: -6, first: 16, reliable: 'improvement' });
    expect(scoreChange([4, 9], 6)).toEqual({ kind: 'change', delta: 5, first: 4, reliable: 'none' });
    expect(scoreChange([4, 10], 6)).toEqual({ kind: 'change', delta: 6, first: 4, reliable: 'worsening' });
    expect(scoreChange([4, 10], null)).toEqual({ kind: 'change', delta: 6, first: 4, reliable: null });
  });
});
