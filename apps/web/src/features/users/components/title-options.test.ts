import { describe, expect, it } from 'vitest';
import { titleAfterGenderChange, titleOptions } from './title-options';

describe('title options', () => {
  it('offers Sra./Dra. for female and Sr./Dr. otherwise', () => {
    expect(titleOptions('female')).toEqual(['Sra.', 'Dra.']);
    expect(titleOptions('male')).toEqual(['Sr.', 'Dr.']);
    expect(titleOptions('')).toEqual(['Sr.', 'Dr.']);
  });

  it('keeps a title that still fits the new gender and clears one that does not', () => {
    expect(titleAfterGenderChange('Dr.', '')).toBe('Dr.');
    expect(titleAfterGenderChange('Dr.', 'female')).toBe('');
    expect(titleAfterGenderChange('Dra.', 'female')).toBe('Dra.');
    expect(titleAfterGenderChange('Sra.', 'male')).toBe('');
    expect(titleAfterGenderChange('', 'female')).toBe('');
  });
});
