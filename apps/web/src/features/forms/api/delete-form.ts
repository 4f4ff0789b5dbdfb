import { formsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { formQueryKey } from './get-form';
import { formListsQueryKey } from './list-forms';

/** Deletes the form with the patient's answers. */
export function deleteForm(formId: string) {
  return apiClient.call(formsApi.remove, { params: { id: formId } });
}

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteForm,
    onSuccess: async (_response, formId) => {
      queryClient.removeQueries({ queryKey: formQueryKey(formId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: formListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
