import { formsApi, type FormContent } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { formQueryKey, type FormDetail } from './get-form';
import { formListsQueryKey } from './list-forms';
import { withSavedForm } from './update-form';

export interface SaveFormContentVariables {
  formId: string;
  /** Only the answered fields: the saved answers are replaced by these. */
  content: FormContent;
}

export function saveFormContent({ formId, content }: SaveFormContentVariables) {
  return apiClient.call(formsApi.saveContent, { params: { id: formId }, body: { content } });
}

/** The professional's answers ('Respostas salvas.'); the lock only stops the patient's link. */
export function useSaveFormContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFormContent,
    onSuccess: async (response) => {
      const { form } = response.data;
      queryClient.setQueryData<FormDetail>(formQueryKey(form.id), (detail) => withSavedForm(detail, form));
      await queryClient.invalidateQueries({ queryKey: formListsQueryKey });
    },
  });
}
