import { qaTemplatesApi, type QaTemplateWriteRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { qaTemplatesQueryKey } from '../../../lib/qa-templates';

/** A new own template (also a library or own one duplicated: the copy is sent as a new one). */
export function createQaTemplate(template: QaTemplateWriteRequest) {
  return apiClient.call(qaTemplatesApi.create, { body: template });
}

export function useCreateQaTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQaTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qaTemplatesQueryKey }),
  });
}
