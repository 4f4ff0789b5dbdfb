import { isDayInRange, isRealIsoDate, todayIsoDate } from '@consultorio/shared';
import { parseBrazilianDate } from '../lib/format';

/** A birthdate the calendar can show: a real YYYY-MM-DD date from 1900 to today. */
export function isShowableBirthdate(value: string, today = todayIsoDate()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealIsoDate(value) && isDayInRange(value) && value <= today;
}

/**
 * What a birthdate typed and left (on blur) puts in the form: nothing new when the text is
 * blank or is what the field already shows; the date (YYYY-MM-DD) when it is one, even in the
 * future; else the text itself. The form's schema then refuses a future or impossible date with
 * its message under the field, instead of the field silently going back to its old value.
 */
export function typedBirthdate(text: string, shownText: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === shownText) return undefined;
  return parseBrazilianDate(trimmed) ?? trimmed;
}
