import { documentsApi } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Everything the documents feature caches; invalidate this after any change to a document. */
export const documentsQueryKey = ['documents'] as const;

export function documentListQueryKey(patientId: string) {
  return [...documentsQueryKey, 'list', patientId] as const;
}

/** The patient's documents, newest first. */
export function useDocuments(patientId: string) {
  return useQuery({
    queryKey: documentListQueryKey(patientId),
    queryFn: async ({ signal }) => (await apiClient.call(documentsApi.list, { params: { id: patientId }, signal })).data.documents,
  });
}
