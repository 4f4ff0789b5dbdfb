import { qaTemplatesApi, type QaTemplateWriteRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { qaTemplatesQueryKey } from '../../../lib/qa-templates';

export interface UpdateQaTemplateVariables {
  templateId: string;
  template: QaTemplateWriteRequest;
}

/** Changes an own template; the forms made from it keep the version they were made with. */
export function updateQaTemplate({ templateId, template }: UpdateQaTemplateVariables) {
  return apiClient.call(qaTemplatesApi.update, { params: { id: templateId }, body: template });
}

export function useUpdateQaTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQaTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qaTemplatesQueryKey }),
  });
}
