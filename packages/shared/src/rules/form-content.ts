import { limits } from '../constants/limits';
import { messages } from '../messages';
import { longTextTypes, shortTextTypes, type FormContent, type TemplateField, type TemplateSection } from '../schemas/forms';
import { isValidTime } from './time-field';

const v = messages.validation;

export type ContentCheck = { ok: true; content: FormContent } | { ok: false; message: string };

type Answer = string | number | null;

/** The answer as stored, or a message saying what is wrong with it; null means "not answered". */
function checkAnswer(field: TemplateField, key: string, answer: Answer): { value: string | number | null } | { message: string } {
  if (answer === null || (typeof answer === 'string' && answer.trim() === '')) return { value: null };
  switch (field.type) {
    case 'radio':
    case 'select': {
      const value = String(answer);
      return field.options.some((option) => option.value === value) ? { value } : { message: v.optionInvalid(key) };
    }
    case 'number': {
      // Plain decimals only ('12', '-3', '1,5'): Number() would also take '0x10' or '1e3'.
      const text = typeof answer === 'string' ? answer.trim() : '';
      if (typeof answer === 'string' && !/^-?\d+([.,]\d+)?$/.test(text)) return { message: v.numberInvalid(key) };
      const value = typeof answer === 'number' ? answer : Number(text.replace(',', '.'));
      return Number.isFinite(value) && Math.abs(value) <= limits.numberMax ? { value } : { message: v.numberInvalid(key) };
    }
    case 'time':
      return typeof answer === 'string' && isValidTime(answer.trim()) ? { value: answer.trim() } : { message: v.timeInvalid(key) };
    case 'text':
    case 'shorttext':
    case 'string':
    case 'textarea':
    case 'longtext':
      return checkText(field, key, answer);
  }
}

function checkText(field: TemplateField, key: string, answer: string | number): { value: string } | { message: string } {
  const max = longTextTypes.includes(field.type) ? limits.longTextMax : limits.shortTextMax;
  const trimmed = String(answer).trim();
  // A single-line answer keeps its words on one line.
  const value = shortTextTypes.includes(field.type) ? trimmed.replace(/\s*[\r\n]+\s*/g, ' ') : trimmed;
  return value.length <= max ? { value } : { message: v.answerTooLong(key, max) };
}

/**
 * Checks a form's answers against its template: every key must be a field number of the
 * template and every answer valid for its field type. Empty answers are dropped.
 */
export function checkFormContent(template: TemplateSection[], content: Record<string, Answer>): ContentCheck {
  const fields = new Map(template.flatMap((section) => section.fields).map((field) => [String(field.number), field]));
  const checked: FormContent = {};
  for (const [key, answer] of Object.entries(content)) {
    const field = fields.get(key);
    if (!field) return { ok: false, message: v.fieldUnknown(printable(key)) };
    const result = checkAnswer(field, key, answer);
    if ('message' in result) return { ok: false, message: result.message };
    if (result.value !== null) checked[key] = result.value;
  }
  return { ok: true, content: checked };
}

/** A client-sent key as it may appear in a message: letters, digits and a few signs, short. */
function printable(key: string): string {
  return key.replace(/[^\p{L}\p{N} _.-]/gu, '').slice(0, 20);
}
