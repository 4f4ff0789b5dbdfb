import { recordsApi } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

export const noteTemplatesQueryKey = ['records', 'note-templates'] as const;

/** The note templates (the library's, then the professional's own) and the default one: for new records and the scribe's draft. */
export function useNoteTemplates() {
  return useQuery({
    queryKey: noteTemplatesQueryKey,
    queryFn: async ({ signal }) => (await apiClient.call(recordsApi.listNoteTemplates, { signal })).data,
  });
}
