import { qaTemplatesApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { qaTemplatesQueryKey } from '../../../lib/qa-templates';

/** Deletes an own template no form uses; the server answers 409 (its toast says why) otherwise. */
export function deleteQaTemplate(templateId: string) {
  return apiClient.call(qaTemplatesApi.remove, { params: { id: templateId } });
}

export function useDeleteQaTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQaTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qaTemplatesQueryKey }),
  });
}
