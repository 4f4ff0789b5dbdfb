import { recordsApi } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export async function getRecordVersion(recordId: string, versionId: string, signal?: AbortSignal) {
  const response = await apiClient.call(recordsApi.version, { params: { id: recordId, versionId }, signal });
  return response.data.recordVersion;
}

/** One version with its content, read-only; versions never change, so it is read once. */
export function useRecordVersion(recordId: string, versionId: string | null) {
  return useQuery({
    queryKey: ['records', 'version', recordId, versionId] as const,
    queryFn: ({ signal }) => getRecordVersion(recordId, versionId ?? '', signal),
    enabled: versionId !== null,
    staleTime: Infinity,
  });
}
