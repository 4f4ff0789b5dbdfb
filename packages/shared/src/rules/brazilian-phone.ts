import { onlyDigits } from './validators';

/*
 * A Brazilian phone as libphonenumber formats it, without libphonenumber (its metadata is 33 KB
 * gzip, and the patients list shows a phone on every card: issue 34). The rules are the 'min'
 * metadata's for Brazil (libphonenumber-js/metadata.min.json, country BR): the national number
 * pattern that makes a number valid, and the two formats of an area code with 8 or 9 digits. A
 * number they do not cover certainly (another calling code, a leading 0, a service number, a
 * length or a leading digit of another format) gets no answer, and the caller asks libphonenumber.
 * brazilian-phone.test.ts holds every answer against libphonenumber's own.
 */

const BRAZIL = '+55';
/** The national numbers the metadata holds valid. */
const VALID_NATIONAL = /^(?:[1-467]\d{9,10}|55[0-46-9]\d{8}|[34]\d{7}|55\d{7,8}|(?:5[0-46-9]|[89]\d)\d{7,9})$/;
/**
 * Left to libphonenumber: a leading '90', which it takes for the national prefix of a carrier
 * choice (no area code is 90), and 10 digits from '30', '50' or '80', its format of service
 * numbers ('0300 123 4567').
 */
const LEFT_TO_LIBPHONENUMBER = /^(?:90|[358]0\d{8}$)/;
/** An area code and a landline's 8 digits: '(11) 3456-7890'. */
const LANDLINE = /^((?:[14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579]))([2-57]\d{3})(\d{4})$/;
/** An area code and a mobile's 9 digits: '(11) 98765-4321'. */
const MOBILE = /^([16][1-9]|[2-57-9]\d)(\d{5})(\d{4})$/;

/** '+55 (11) 98765-4321' for a stored Brazilian phone, as `formatPhone` gives it; null when not certain. */
export function formatBrazilianPhone(cc: string, phone: string): string | null {
  if (cc !== BRAZIL) return null;
  const digits = onlyDigits(phone);
  if (!VALID_NATIONAL.test(digits) || LEFT_TO_LIBPHONENUMBER.test(digits)) return null;
  const parts = LANDLINE.exec(digits) ?? MOBILE.exec(digits);
  return parts ? `${BRAZIL} (${parts[1]}) ${parts[2]}-${parts[3]}` : null;
}
