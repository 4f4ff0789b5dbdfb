import type { ClinicalRecord } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordListQueryKey } from '../../../lib/query-keys';

// The keys live in lib/query-keys because the chats feature reads these lists too.
export { recordListQueryKey, recordListsQueryKey } from '../../../lib/query-keys';

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
