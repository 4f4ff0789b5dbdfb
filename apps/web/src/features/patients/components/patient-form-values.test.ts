import type { Patient } from '@consultorio/shared';
import { describe, expect, it } from 'vitest';
import { newPatientFormValues, patientFormValues } from './patient-form-values';

const patient: Patient = {
  id: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
  firstName: 'João',
  lastName: 'da Silva',
  fullName: 'João da Silva',
  gender: 'male',
  birthdate: '1980-05-10T00:00:00.000Z',
  cc: '+351',
  phone: '912345678',
  email: 'joao@example.com',
  country: 'PT',
  avatarExternalKey: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

describe('patient form values', () => {
  it('starts a new patient blank, in Brasil with +55', () => {
    expect(newPatientFormValues()).toEqual({
      firstName: '',
      lastName: '',
      gender: '',
      birthdate: '',
      country: 'BR',
      cc: '+55',
      phone: '',
      email: '',
    });
  });

  it('gives a fresh object each time, so a reset never shares state with an edit', () => {
    expect(newPatientFormValues()).not.toBe(newPatientFormValues());
  });

  it('loads a patient with the birthdate cut to year-month-day', () => {
    expect(patientFormValues(patient)).toEqual({
      firstName: 'João',
      lastName: 'da Silva',
      gender: 'male',
      birthdate: '1980-05-10',
      country: 'PT',
      cc: '+351',
      phone: '912345678',
      email: 'joao@example.com',
    });
    expect(patientFormValues({ ...patient, birthdate: '1980-05-10' }).birthdate).toBe('1980-05-10');
  });

  it('shows what was not given as blank inputs', () => {
    const sparse = { ...patient, lastName: null, gender: null, birthdate: null, phone: null, email: null };
    expect(patientFormValues(sparse)).toMatchObject({ lastName: '', gender: '', birthdate: '', phone: '', email: '' });
  });
});
