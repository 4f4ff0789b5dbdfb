import { describe, expect, it } from 'vitest';
import { titleAfterGenderChange, titleOptions } from './title-options';

describe('title options', () => {
  it('offers Sra./Dra. for female, Sr./Dr. for male or none, and the neutral title to everyone', () => {
    expect(titleOptions('female')).toEqual(['Sra.', 'Dra.', 'Dr(a).']);
    expect(titleOptions('male')).toEqual(['Sr.', 'Dr.', 'Dr(a).']);
    expect(titleOptions('')).toEqual(['Sr.', 'Dr.', 'Dr(a).']);
    expect(titleOptions('other')).toEqual(['Dr(a).']);
    expect(titleOptions('undisclosed')).toEqual(['Dr(a).']);
  });

  it('keeps a title that still fits the new gender and clears one that does not', () => {
    expect(titleAfterGenderChange('Dr.', '')).toBe('Dr.');
    expect(titleAfterGenderChange('Dr.', 'female')).toBe('');
    expect(titleAfterGenderChange('Dra.', 'female')).toBe('Dra.');
    expect(titleAfterGenderChange('Sra.', 'male')).toBe('');
    expect(titleAfterGenderChange('', 'female')).toBe('');
    expect(titleAfterGenderChange('Dra.', 'undisclosed')).toBe('');
    expect(titleAfterGenderChange('Dr(a).', 'male')).toBe('Dr(a).');
  });
});
