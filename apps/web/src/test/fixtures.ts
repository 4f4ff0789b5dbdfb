import type { Appointment, ClinicalRecord, Form, PatientSummary, QaTemplate, User } from '@consultorio/shared';

/** The entities as the API answers them, for the tests of every feature that reads them. */
export const patientId = '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d';

/** The patient as forms, records and chats name them. */
export function patientSummaryOf(id = patientId): PatientSummary {
  return { id, firstName: 'Maria', lastName: 'Souza', fullName: 'Maria Souza' };
}

export function formOf(template: Pick<QaTemplate, 'id' | 'name'>, changes: Partial<Form> = {}): Form {
  return {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Primeira consulta',
    qaTemplateId: template.id,
    qaTemplateName: template.name,
    patientId,
    content: {},
    publicToken: 'token-publico',
    isLocked: false,
    publicExpiresAt: '2025-03-19T17:30:00.000Z',
    sentAt: null,
    submittedAt: null,
    creationDate: '2025-03-05T17:30:00.000Z',
    lastUpdateDate: '2025-03-05T17:30:00.000Z',
    createdAt: '2025-03-05T17:30:00.000Z',
    ...changes,
  };
}

export function recordOf(overrides: Partial<ClinicalRecord> = {}): ClinicalRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Evolução',
    patientId: '00000000-0000-4000-8000-0000000000aa',
    content: '',
    creationDate: '2025-03-05T17:30:00.000Z',
    lastUpdateDate: null,
    createdAt: '2025-03-05T17:30:00.000Z',
    aiAssistantName: null,
    version: 1,
    finalizedAt: null,
    contentSha256: null,
    appointmentId: null,
    sessionDate: null,
    ...overrides,
  };
}

/** The signed-in professional as `GET /v1/users/me` answers. */
export function userOf(overrides: Partial<User> = {}): User {
  return {
    id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    username: 'ana_lima',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Lima',
    gender: 'female',
    title: 'Dra.',
    birthdate: null,
    document: null,
    cc: '+55',
    phone: null,
    country: 'BR',
    profession: 'Psicóloga',
    avatarExternalKey: null,
    mustChangePassword: false,
    timeZone: 'America/Sao_Paulo',
    professionalRegistration: null,
    emailReminderLeadHours: [24],
      whatsappReminderLeadHours: [24],
    pixKey: null,
    pixKeyType: null,
    city: null,
    officeAddress: null,
    taxpayerType: 'individual',
    cnpj: null,
    occupationCode: '255',
    bookingSlug: null,
    bookingEnabled: false,
    ...overrides,
  };
}

/** An appointment as the agenda's list answers it: a single one, 14:00-14:50 in São Paulo. */
export function appointmentOf(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    patientId,
    patientName: 'Maria Souza',
    startsAt: '2026-03-10T17:00:00.000Z',
    endsAt: '2026-03-10T17:50:00.000Z',
    status: 'scheduled',
    seriesId: null,
    modality: 'in_person',
    videoLink: null,
    location: null,
    notes: null,
    reminderSentAt: null,
    reminderError: null,
    cancellationReason: null,
    feeCents: 0,
    paidCents: 0,
    paymentStatus: 'pending',
    recordId: null,
    chargeMissed: false,
    ...overrides,
  };
}
