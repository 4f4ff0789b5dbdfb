import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { findCountry } from '../constants/countries';
import { onlyDigits } from './validators';

// Kept apart from validators.ts so pages that only need the login rules do not load the
// phone metadata and the country list.
/**
 * A phone number is checked against the chosen country when the calling code is that
 * country's; a hand-edited calling code is checked as an international number instead.
 */
export function isValidPhone(phone: string, cc: string, countryCode: string | null | undefined): boolean {
  const digits = onlyDigits(phone);
  if (digits.length === 0) return false;
  const country = findCountry(countryCode);
  const parsed =
    country && country.cc === cc
      ? parsePhoneNumberFromString(digits, country.code as CountryCode)
      : parsePhoneNumberFromString(`${cc}${digits}`);
  return parsed?.isValid() ?? false;
}

/** A stored phone in E.164 ('+5511987654321'), as WhatsApp addresses it; null when it is not a valid number. */
export function toE164(cc: string, phone: string): string | null {
  const parsed = parsePhoneNumberFromString(`${cc}${onlyDigits(phone)}`);
  return parsed?.isValid() ? parsed.number : null;
}
