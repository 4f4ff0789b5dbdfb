import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { noteTemplatesQueryKey } from '../../../lib/note-templates';

export function setDefaultNoteTemplate(noteTemplateId: string) {
  return apiClient.call(recordsApi.setDefaultNoteTemplate, { body: { noteTemplateId } });
}

/** Chooses the template session notes start from. */
export function useSetDefaultNoteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultNoteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteTemplatesQueryKey }),
  });
}
