import { patientsApi, type Patient } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function patientQueryKey(patientId: string) {
  return ['patients', 'detail', patientId] as const;
}

export async function getPatient(patientId: string, signal?: AbortSignal): Promise<Patient> {
  const response = await apiClient.call(patientsApi.get, { params: { id: patientId }, signal });
  return response.data.patient;
}

export function patientQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: patientQueryKey(patientId),
    queryFn: ({ signal }) => getPatient(patientId, signal),
  });
}

/** One of the professional's patients; another's or a missing one fails with 404. */
export function usePatient(patientId: string) {
  return useQuery(patientQueryOptions(patientId));
}
