import type { FormContent, Scoring, TemplateSection } from '../schemas/forms';

/**
 * The answers a patient must give before sending a form: every scored item of a scored
 * template (its score and band need them all). Answers the check leaves out are optional.
 * Returns the missing field numbers, in order.
 */
export function missingRequiredAnswers(template: { content: TemplateSection[]; scoring: Scoring | null }, content: FormContent): number[] {
  if (!template.scoring) return [];
  const answered = (field: number) => {
    const answer = content[String(field)];
    return answer !== undefined && answer !== '';
  };
  return template.scoring.fields.filter((field) => !answered(field));
}

/**
 * The smallest change in total score that the instrument counts as reliable (beyond
 * measurement error), by the library key of its template: PHQ-9 6 points and GAD-7 4 points,
 * the thresholds the NHS Talking Therapies (IAPT) programme uses.
 */
export const reliableChangeByTemplateKey: Readonly<Record<string, number>> = { 'phq-9': 6, 'gad-7': 4 };

export type ScoreChange =
  | { kind: 'single' }
  | { kind: 'change'; delta: number; first: number; reliable: 'improvement' | 'worsening' | 'none' | null };

/**
 * The change from the first score to the latest. On the library's instruments a lower score is
 * better; `reliable` is null when the instrument defines no reliable change.
 */
export function scoreChange(scores: readonly number[], reliableChange: number | null): ScoreChange {
  const first = scores[0];
  const last = scores[scores.length - 1];
  if (first === undefined || last === undefined || scores.length < 2) return { kind: 'single' };
  const delta = last - first;
  if (reliableChange === null) return { kind: 'change', delta, first, reliable: null };
  const reliable = Math.abs(delta) >= reliableChange ? (delta < 0 ? 'improvement' : 'worsening') : 'none';
  return { kind: 'change', delta, first, reliable };
}
