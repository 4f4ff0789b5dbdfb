import type { Patient } from '@consultorio/shared';

/** A patient with only the first and last name given (Brasil, +55), for the unit tests. */
export function patientOf(overrides: Partial<Patient> = {}): Patient {
  return {
    id: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
    firstName: 'João',
    lastName: 'da Silva',
    fullName: 'João da Silva',
    gender: 'male',
    birthdate: null,
    cc: '+55',
    phone: null,
    email: null,
    country: 'BR',
    avatarExternalKey: null,
    remindersOptOut: false,
    whatsappOptIn: false,
    whatsappOptInAt: null,
    whatsappStoppedAt: null,
    document: null,
    sessionFeeCents: null,
    payerName: null,
    payerDocument: null,
    payerEmail: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
