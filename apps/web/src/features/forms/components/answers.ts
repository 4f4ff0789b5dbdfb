import {
  isValidTime,
  messages,
  type FormContent,
  type TemplateField,
  type TemplateSection,
} from '@consultorio/shared';

/**
 * What the inputs hold while a form is being filled: every field's answer as text, by
 * `answerKey(field.number)`; '' is "not answered". `content` (what the API stores) and this
 * state turn into each other with `toContent` and `toAnswers`.
 */
export type Answers = Record<string, string>;

/** The form-state name of a field; a bare number would be read as an array index. */
export function answerKey(fieldNumber: number): string {
  return `q${fieldNumber}`;
}

function templateFields(sections: readonly TemplateSection[]): TemplateField[] {
  return sections.flatMap((section) => section.fields);
}

/** Digits, one decimal separator (',' or '.') and a leading minus: what a number field lets through. */
export function maskNumber(typed: string): string {
  const negative = typed.trimStart().startsWith('-');
  let seenSeparator = false;
  let kept = '';
  for (const char of typed) {
    if (/\d/.test(char)) kept += char;
    else if ((char === ',' || char === '.') && !seenSeparator) {
      seenSeparator = true;
      kept += char;
    }
  }
  return negative ? `-${kept}` : kept;
}

/** '7,5' or '7.5' -> 7.5; anything else (a lone '-', ',') -> undefined. */
export function parseNumber(text: string): number | undefined {
  const normalized = text.trim().replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(normalized)) return undefined;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : undefined;
}

/** A stored number as a Brazilian reads it: 7.5 -> '7,5'. */
function formatNumber(value: number): string {
  return String(value).replace('.', ',');
}

function answerText(field: TemplateField, stored: string | number | undefined): string {
  if (stored === undefined) return '';
  if (typeof stored === 'number') return field.type === 'number' ? formatNumber(stored) : String(stored);
  return field.type === 'number' ? stored.replace('.', ',') : stored;
}

/** The saved answers as the inputs show them; every field of the template gets a value. */
export function toAnswers(sections: readonly TemplateSection[], content: FormContent): Answers {
  return Object.fromEntries(
    templateFields(sections).map((field) => [answerKey(field.number), answerText(field, content[String(field.number)])]),
  );
}

/**
 * The answers as the API takes them: only the answered fields, by field number; a number
 * field sends a number (or, when it is not one, the text, which the server refuses with
 * its own message), a time 'hh:mm', a choice its option's value, a text as typed.
 */
export function toContent(sections: readonly TemplateSection[], answers: Partial<Answers>): FormContent {
  const content: FormContent = {};
  for (const field of templateFields(sections)) {
    const text = answers[answerKey(field.number)] ?? '';
    if (text.trim() === '') continue;
    const key = String(field.number);
    switch (field.type) {
      case 'number':
        content[key] = parseNumber(text) ?? text;
        break;
      case 'time':
        content[key] = text.trim();
        break;
      case 'radio':
      case 'select':
      case 'text':
      case 'shorttext':
      case 'string':
      case 'textarea':
      case 'longtext':
        content[key] = text;
        break;
    }
  }
  return content;
}

/** Why an answer cannot be saved (a half-typed time, a number that is not one), or undefined. */
export function answerError(field: TemplateField, text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const key = String(field.number);
  if (field.type === 'time' && !isValidTime(text.trim())) return messages.validation.timeInvalid(key);
  if (field.type === 'number' && parseNumber(text) === undefined) return messages.validation.numberInvalid(key);
  return undefined;
}
