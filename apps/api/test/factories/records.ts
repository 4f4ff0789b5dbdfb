import type { ClinicalRecord } from '@consultorio/shared';
import { records } from '../../src/db/schema';
import type { RecordRow } from '../../src/modules/records/records.repository';
import type { TestApp } from '../helpers/build-app';

/**
 * Inserts a record of `owner` for `patient` straight into the database and returns the row.
 * Fast: no HTTP, no sanitizing of the content.
 */
export async function newRecord(
  t: TestApp,
  {
    owner,
    patient,
    ...overrides
  }: { owner: { id: string }; patient: { id: string } } & Partial<Omit<typeof records.$inferInsert, 'ownerId' | 'patientId'>>,
): Promise<RecordRow> {
  const [row] = await t.database.db
    .insert(records)
    .values({ name: 'Prontuário', ...overrides, ownerId: owner.id, patientId: patient.id })
    .returning();
  return row!;
}

/** Creates a record through POST /v1/patients/:id/records and returns the record of the answer. */
export async function createRecordViaApi(t: TestApp, cookie: string, patientId: string, name = 'Prontuário'): Promise<ClinicalRecord> {
  const response = await t.request({
    method: 'POST',
    url: `/v1/patients/${patientId}/records`,
    headers: { cookie },
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`record creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data.record as ClinicalRecord;
}
