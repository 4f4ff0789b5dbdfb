import type { ClinicalRecord } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every patient's list; invalidate this after any change to a record. */
export const recordListsQueryKey = ['records', 'list'] as const;

export function recordListQueryKey(patientId: string) {
  return [...recordListsQueryKey, patientId] as const;
}

export async function listRecords(patientId: string, signal?: AbortSignal): Promise<ClinicalRecord[]> {
  const response = await apiClient.get<{ records: ClinicalRecord[] }>(
    `/v1/patients/${encodeURIComponent(patientId)}/records`,
    { signal },
  );
  return response.data.records;
}

/** The patient's records, newest first. */
export function useRecordList(patientId: string) {
  return useQuery({
    queryKey: recordListQueryKey(patientId),
    queryFn: ({ signal }) => listRecords(patientId, signal),
  });
}
