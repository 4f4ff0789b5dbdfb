import { recordsApi, type NoteTemplateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { noteTemplatesQueryKey } from '../../../lib/note-templates';

export interface SaveNoteTemplateVariables {
  /** The own template to change; a new one when absent. */
  templateId?: string;
  template: NoteTemplateRequest;
}

export function saveNoteTemplate({ templateId, template }: SaveNoteTemplateVariables) {
  return templateId
    ? apiClient.call(recordsApi.updateNoteTemplate, { params: { id: templateId }, body: template })
    : apiClient.call(recordsApi.createNoteTemplate, { body: template });
}

/** Creates an own note template or changes one. */
export function useSaveNoteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNoteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteTemplatesQueryKey }),
  });
}
