import type { FormContent, Scoring, TemplateSection } from '../schemas/forms';

export interface ScoreResult {
  /** Label of the score, from the template ('Pontuação PHQ-9'). */
  label: string;
  total: number;
  /** The highest total the scored fields allow. */
  max: number;
  answered: number;
  expected: number;
  /** The band of the total; null while items are unanswered. */
  band: string | null;
  /** Messages of the alerts the answers raise (e.g. PHQ-9 item 9 above 0). */
  alerts: string[];
}

type FieldOptions = ReadonlyMap<number, { options: ReadonlyArray<{ value: string; points?: number | undefined }> }>;

/** An option's points: its own `points` (an own template's), else its value (a library questionnaire's). */
function optionPoints(option: { value: string; points?: number | undefined }): number {
  return option.points ?? Number(option.value);
}

function points(fields: FieldOptions, content: FormContent, field: number): number | undefined {
  const answer = content[String(field)];
  if (answer === undefined || answer === '') return undefined;
  const option = fields.get(field)?.options.find((candidate) => candidate.value === String(answer));
  const value = option ? optionPoints(option) : Number(answer);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Scores a form by its template's declared rule: the points of the scored fields are added
 * up and the total falls in a band; a band is only given when every scored item is answered.
 */
export function computeScore(template: { content: TemplateSection[]; scoring: Scoring }, content: FormContent): ScoreResult {
  const { scoring } = template;
  const fields = new Map(template.content.flatMap((section) => section.fields).map((field) => [field.number, field]));
  const maxPointsPerField = (number: number) =>
    Math.max(0, ...(fields.get(number)?.options ?? []).map(optionPoints).filter(Number.isFinite));
  const answers = scoring.fields.map((field) => points(fields, content, field));
  const answered = answers.filter((value) => value !== undefined).length;
  const total = answers.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const complete = answered === scoring.fields.length;
  const band = complete ? (scoring.bands.find((b) => total >= b.min && total <= b.max)?.label ?? null) : null;
  const alerts = triggeredAlertRules(template, content).map((alert) => alert.message);
  const max = scoring.fields.reduce((sum, field) => sum + maxPointsPerField(field), 0);
  return { label: scoring.label, total, max, answered, expected: scoring.fields.length, band, alerts };
}

/** The alert rules of a scored template that the answers raise (e.g. PHQ-9 item 9 above 0). */
export function triggeredAlertRules(template: { content: TemplateSection[]; scoring: Scoring }, content: FormContent): Scoring['alerts'] {
  const fields = new Map(template.content.flatMap((section) => section.fields).map((field) => [field.number, field]));
  return template.scoring.alerts.filter((alert) => (points(fields, content, alert.field) ?? 0) > alert.above);
}
