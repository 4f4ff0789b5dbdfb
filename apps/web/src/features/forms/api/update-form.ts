import { formsApi, type Form, type FormUpdateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { formQueryKey, type FormDetail } from './get-form';
import { formListsQueryKey } from './list-forms';

export interface UpdateFormVariables {
  formId: string;
  /** A new name, the lock, or both. */
  update: FormUpdateRequest;
}

export function updateForm({ formId, update }: UpdateFormVariables) {
  return apiClient.call(formsApi.update, { params: { id: formId }, body: update });
}

/** Replaces the form in its cached detail, keeping the questionnaire and the patient. */
export function withSavedForm(detail: FormDetail | undefined, form: Form): FormDetail | undefined {
  return detail ? { ...detail, form } : detail;
}

export function useUpdateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateForm,
    // A read of the form still in flight (a refetch when the window regains focus, say) may
    // answer after this change and put the old lock or name back on screen: drop it.
    onMutate: async ({ formId }) => {
      await queryClient.cancelQueries({ queryKey: formQueryKey(formId) });
    },
    onSuccess: async (response) => {
      const { form } = response.data;
      queryClient.setQueryData<FormDetail>(formQueryKey(form.id), (detail) => withSavedForm(detail, form));
      await queryClient.invalidateQueries({ queryKey: formListsQueryKey });
    },
  });
}
