import { randomBytes } from 'node:crypto';
import { fullNameOf, searchKey, type Patient, type PatientCreateInput } from '@consultorio/shared';
import { patients } from '../../src/db/schema';
import type { PatientRow } from '../../src/modules/patients/patients.repository';
import type { TestApp } from '../helpers/build-app';

type PatientOverrides = Partial<Omit<typeof patients.$inferInsert, 'ownerId' | 'searchName'>>;

/**
 * Inserts a patient of `owner` straight into the database, with `search_name` computed the way
 * the API computes it, and returns the row. Fast: no HTTP, no validation.
 */
export async function newPatient(t: Pick<TestApp, 'database'>, { owner, ...overrides }: { owner: { id: string } } & PatientOverrides): Promise<PatientRow> {
  const firstName = overrides.firstName ?? 'Paciente';
  const lastName = overrides.lastName === undefined ? `Teste ${randomBytes(3).toString('hex')}` : overrides.lastName;
  const [row] = await t.database.db
    .insert(patients)
    .values({
      ...overrides,
      firstName,
      lastName,
      ownerId: owner.id,
      searchName: searchKey(fullNameOf({ firstName, lastName })),
    })
    .returning();
  return row!;
}

/** Creates a patient through POST /v1/users/me/patients and returns the patient of the answer. */
export async function createPatientViaApi(t: TestApp, cookie: string, body: Partial<PatientCreateInput> = {}): Promise<Patient> {
  const response = await t.request({
    method: 'POST',
    url: '/v1/users/me/patients',
    headers: { cookie },
    payload: { firstName: 'Paciente', lastName: 'Teste', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`patient creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data.patient as Patient;
}
