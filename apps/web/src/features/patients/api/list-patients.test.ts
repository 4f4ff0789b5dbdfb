import { describe, expect, it } from 'vitest';
import { patientListPath } from './list-patients';

describe('patientListPath', () => {
  it('asks for the first page of everyone without parameters', () => {
    expect(patientListPath('')).toBe('/v1/users/me/patients');
  });

  it('passes the search and the cursor, encoded', () => {
    expect(patientListPath('joão silva')).toBe('/v1/users/me/patients?q=jo%C3%A3o+silva');
    expect(patientListPath('', 'abc=')).toBe('/v1/users/me/patients?cursor=abc%3D');
    expect(patientListPath('ana', 'next')).toBe('/v1/users/me/patients?q=ana&cursor=next');
  });
});
