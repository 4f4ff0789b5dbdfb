import { describe, expect, it } from 'vitest';
import { patientOf } from '../testing/fixtures';
import { newPatientFormValues, patientFormValues } from './patient-form-values';

const patient = patientOf({
  birthdate: '1980-05-10T00:00:00.000Z',
  cc: '+351',
  phone: '912345678',
  email: 'joao@example.com',
  country: 'PT',
});

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
      document: '',
      sessionFeeCents: '',
      payerName: '',
      payerDocument: '',
      payerEmail: '',
      remindersOptOut: false,
      whatsappOptIn: false,
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
      document: '',
      sessionFeeCents: '',
      payerName: '',
      payerDocument: '',
      payerEmail: '',
      remindersOptOut: false,
      whatsappOptIn: false,
    });
    expect(patientFormValues({ ...patient, document: '11144477735', sessionFeeCents: 15000, payerDocument: '93541134780' })).toMatchObject({
      document: '111.444.777-35',
      sessionFeeCents: 15000,
      payerDocument: '935.411.347-80',
    });
    expect(patientFormValues({ ...patient, remindersOptOut: true }).remindersOptOut).toBe(true);
    expect(patientFormValues({ ...patient, birthdate: '1980-05-10' }).birthdate).toBe('1980-05-10');
  });

  it('shows what was not given as blank inputs', () => {
    const sparse = { ...patient, lastName: null, gender: null, birthdate: null, phone: null, email: null };
    expect(patientFormValues(sparse)).toMatchObject({ lastName: '', gender: '', birthdate: '', phone: '', email: '' });
  });
});
