import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { formatBrazilianPhone } from '../src/rules/brazilian-phone';
import { formatPhone } from '../src/rules/phone-format';

/** libphonenumber's answer, as formatPhone gave it before the fast path: the oracle. */
function libphonenumberLine(cc: string, phone: string): string {
  const parsed = parsePhoneNumberFromString(`${cc}${phone.replace(/\D/g, '')}`);
  return parsed?.isValid() ? `${cc} ${parsed.formatNational()}` : `${cc} ${phone}`;
}

/** A few digits that stay the same from run to run. */
function suffix(seed: number, length: number): string {
  let digits = '';
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    digits += String(state % 10);
  }
  return digits;
}

describe('a Brazilian phone without libphonenumber', () => {
  it('formats the usual mobiles and landlines as libphonenumber does', () => {
    expect(formatBrazilianPhone('+55', '11987654321')).toBe('+55 (11) 98765-4321');
    expect(formatBrazilianPhone('+55', '(11) 3456-7890')).toBe('+55 (11) 3456-7890');
    expect(formatBrazilianPhone('+55', '21 2345 6789')).toBe('+55 (21) 2345-6789');
    expect(formatPhone('+55', '11987654321')).toBe('+55 (11) 98765-4321');
  });

  it('answers nothing for another country, a leading 0, a service number or an odd length', () => {
    expect(formatBrazilianPhone('+351', '912345678')).toBeNull();
    expect(formatBrazilianPhone('+55', '011987654321')).toBeNull();
    expect(formatBrazilianPhone('+55', '08001234567')).toBeNull();
    expect(formatBrazilianPhone('+55', '3003123456')).toBeNull();
    expect(formatBrazilianPhone('+55', '1198765432')).toBeNull();
    expect(formatBrazilianPhone('+55', '123')).toBeNull();
  });

  it("gives libphonenumber's answer whenever it answers, through every area code, leading digit and length", () => {
    let answered = 0;
    let validMobilesAndLandlines = 0;
    let validMobilesAndLandlinesAnswered = 0;
    for (let areaCode = 10; areaCode <= 99; areaCode++) {
      for (let leading = 0; leading <= 9; leading++) {
        for (const length of [8, 9, 10, 11, 12]) {
          for (let seed = 0; seed < 3; seed++) {
            const digits = `${areaCode}${leading}${suffix(areaCode * 1000 + leading * 100 + length * 10 + seed, length - 3)}`;
            const written = seed === 1 ? `(${digits.slice(0, 2)}) ${digits.slice(2, -4)}-${digits.slice(-4)}` : digits;
            const fast = formatBrazilianPhone('+55', written);
            const oracle = libphonenumberLine('+55', written);
            if (fast !== null) {
              answered++;
              expect(fast, written).toBe(oracle);
            }
            const isUsual = (length === 11 && leading === 9) || (length === 10 && leading >= 2 && leading <= 5);
            if (isUsual && oracle.startsWith('+55 (')) {
              validMobilesAndLandlines++;
              if (fast !== null) validMobilesAndLandlinesAnswered++;
            }
            expect(formatPhone('+55', written)).toBe(oracle);
          }
        }
      }
    }
    expect(answered).toBeGreaterThan(1000);
    // Every mobile (9 after the area code) and landline (2-5) that libphonenumber formats with its
    // area code is answered without it.
    expect(validMobilesAndLandlinesAnswered).toBe(validMobilesAndLandlines);
    expect(validMobilesAndLandlines).toBeGreaterThan(700);
  });

  it('leaves other calling codes to libphonenumber, with the same answers as before', () => {
    for (const [cc, phone] of [
      ['+351', '912345678'],
      ['+1', '2025550123'],
      ['+44', '7911123456'],
      ['+55', '08001234567'],
    ] as const) {
      expect(formatPhone(cc, phone)).toBe(libphonenumberLine(cc, phone));
    }
  });
});
