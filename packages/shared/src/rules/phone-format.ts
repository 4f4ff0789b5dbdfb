import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { formatBrazilianPhone } from './brazilian-phone';
import { onlyDigits } from './validators';

// Apart from phone.ts: showing a stored phone needs only the numbers' lengths and formats (the
// 'min' metadata, 19 KB gzip), not the 'max' metadata (39 KB gzip) that validating a typed one
// uses, so that the patients list does not load it.
/** A stored phone as people write it, after its calling code: '+55 (11) 98765-4321'. */
export function formatPhone(cc: string, phone: string): string {
  const brazilian = formatBrazilianPhone(cc, phone);
  if (brazilian) return brazilian;
  const parsed = parsePhoneNumberFromString(`${cc}${onlyDigits(phone)}`);
  return parsed?.isValid() ? `${cc} ${parsed.formatNational()}` : `${cc} ${phone}`;
}
