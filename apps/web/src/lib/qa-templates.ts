import { qaTemplatesApi, type QaTemplate } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * The questionnaires the professional can use, read by the forms feature ('Novo Formulário')
 * and the measurement feature (a plan's scored questionnaire): one cache entry, one fetch.
 */
export const qaTemplatesQueryKey = ['qa-templates', 'list'] as const;

async function listQaTemplates(signal?: AbortSignal): Promise<QaTemplate[]> {
  const response = await apiClient.call(qaTemplatesApi.list, { signal });
  return response.data.qaTemplates;
}

/** The library's and the own questionnaires; an own template's create, edit or delete invalidates them. */
export function useQaTemplates() {
  return useQuery({
    queryKey: qaTemplatesQueryKey,
    queryFn: ({ signal }) => listQaTemplates(signal),
    staleTime: 10 * 60_000,
  });
}
