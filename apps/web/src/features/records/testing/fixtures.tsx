import type { ClinicalRecord } from '@consultorio/shared';

/** A record with sensible defaults, for the unit tests. */
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
    ...overrides,
  };
}
