import type { ClinicalRecord } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordListQueryKey } from '../../../lib/query-keys';

async function listPatientRecords(patientId: string, signal?: AbortSignal): Promise<ClinicalRecord[]> {
  const response = await apiClient.get<{ records: ClinicalRecord[] }>(
    `/v1/patients/${encodeURIComponent(patientId)}/records`,
    { signal },
  );
  return response.data.records;
}

/**
 * The patient's records, for 'Enviar prontuário'. Same call and cache entry as the records
 * feature's list, so a record created there is offered here.
 */
export function usePatientRecords(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: recordListQueryKey(patientId),
    queryFn: ({ signal }) => listPatientRecords(patientId, signal),
    enabled,
    // Read again at each opening: one may have just been created in another tab.
    staleTime: 0,
  });
}
