import { describe, expect, it } from 'vitest';
import { isShowableBirthdate, typedBirthdate } from './birthdate-text';

describe('isShowableBirthdate', () => {
  it('takes real dates from 1900 to today only', () => {
    expect(isShowableBirthdate('1990-02-28', '2026-01-01')).toBe(true);
    expect(isShowableBirthdate('1990-02-31', '2026-01-01')).toBe(false);
    expect(isShowableBirthdate('2030-01-01', '2026-01-01')).toBe(false);
    expect(isShowableBirthdate('1899-12-31', '2026-01-01')).toBe(false);
    expect(isShowableBirthdate('1900-01-01', '2026-01-01')).toBe(true);
    expect(isShowableBirthdate('0010-04-20', '2026-01-01')).toBe(false);
    expect(isShowableBirthdate('31/02/1990', '2026-01-01')).toBe(false);
    expect(isShowableBirthdate('', '2026-01-01')).toBe(false);
  });
});

describe('typedBirthdate', () => {
  it('keeps an impossible date as typed, so the schema refuses it', () => {
    expect(typedBirthdate('31/02/1990', '')).toBe('31/02/1990');
    expect(typedBirthdate(' 99/99/9999 ', '10/05/1980')).toBe('99/99/9999');
  });

  it('reads a future date as a date, so the schema says it is in the future', () => {
    expect(typedBirthdate('01/01/2100', '')).toBe('2100-01-01');
  });

  it('changes nothing for a blank text or the one already shown', () => {
    expect(typedBirthdate('', '10/05/1980')).toBeUndefined();
    expect(typedBirthdate('10/05/1980', '10/05/1980')).toBeUndefined();
  });
});
