import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { noteTemplatesQueryKey } from '../../../lib/note-templates';

export function deleteNoteTemplate(templateId: string) {
  return apiClient.call(recordsApi.removeNoteTemplate, { params: { id: templateId } });
}

export function useDeleteNoteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNoteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteTemplatesQueryKey }),
  });
}
