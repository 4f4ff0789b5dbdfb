import { qaTemplatesApi, type QaTemplate } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const qaTemplatesQueryKey = ['qa-templates', 'list'] as const;

export async function listQaTemplates(signal?: AbortSignal): Promise<QaTemplate[]> {
  const response = await apiClient.call(qaTemplatesApi.list, { signal });
  return response.data.qaTemplates;
}

/** The questionnaires a new form can be made from: the library and the own ones (their changes invalidate this). */
export function useQaTemplates() {
  return useQuery({
    queryKey: qaTemplatesQueryKey,
    queryFn: ({ signal }) => listQaTemplates(signal),
    staleTime: 10 * 60_000,
  });
}
