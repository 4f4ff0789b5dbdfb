import { recordsApi } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function recordVersionsQueryKey(recordId: string) {
  return ['records', 'versions', recordId] as const;
}

export async function listRecordVersions(recordId: string, signal?: AbortSignal) {
  const response = await apiClient.call(recordsApi.versions, { params: { id: recordId }, signal });
  return response.data.recordVersions;
}

/** The content's versions, newest first; read while the history panel is open. */
export function useRecordVersions(recordId: string, enabled: boolean) {
  return useQuery({
    queryKey: recordVersionsQueryKey(recordId),
    queryFn: ({ signal }) => listRecordVersions(recordId, signal),
    enabled,
    staleTime: 0,
  });
}
