import { patientsApi, type Patient } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, hasErrorCode } from '../../../lib/api-client';

export function patientQueryKey(patientId: string) {
  return ['patients', 'detail', patientId] as const;
}

export async function getPatient(patientId: string, signal?: AbortSignal): Promise<Patient> {
  const response = await apiClient.call(patientsApi.get, { params: { id: patientId }, signal });
  return response.data.patient;
}

/** A missing patient, another professional's, or an id that is not one. */
export function isMissingPatient(error: unknown): boolean {
  return hasErrorCode(error, 'PATIENT_NOT_FOUND', 'NOT_FOUND', 'VALIDATION');
}

export function patientQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: patientQueryKey(patientId),
    queryFn: ({ signal }) => getPatient(patientId, signal),
    // The patient's area says so in the page ('Paciente não encontrado'): no toast besides.
    meta: { errorShownInline: isMissingPatient },
  });
}

/** One of the professional's patients; another's or a missing one fails with 404. */
export function usePatient(patientId: string) {
  return useQuery(patientQueryOptions(patientId));
}
