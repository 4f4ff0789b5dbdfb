import { describe, expect, it } from 'vitest';
import { isMinorOn } from '../src/rules/age';

describe('isMinorOn', () => {
  it('is under 18 until the 18th birthday, which counts as of age', () => {
    expect(isMinorOn('2010-06-15', '2028-06-14')).toBe(true);
    expect(isMinorOn('2010-06-15', '2028-06-15')).toBe(false);
    expect(isMinorOn('1990-01-01', '2030-01-01')).toBe(false);
  });

  it('knows nothing of an unknown birthdate, and comes of age on 1 March when born on 29 February', () => {
    expect(isMinorOn(null, '2030-01-01')).toBe(false);
    expect(isMinorOn('2012-02-29', '2030-02-28')).toBe(true);
    expect(isMinorOn('2012-02-29', '2030-03-01')).toBe(false);
  });
});
