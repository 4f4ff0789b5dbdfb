import { measurementApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { formQueryKey, type FormDetail } from './get-form';
import { formListsQueryKey } from './list-forms';
import { withSavedForm } from './update-form';

export interface SendFormVariables {
  formId: string;
  /** Another address than the patient's; null for the patient's e-mail. */
  email: string | null;
}

export function sendForm({ formId, email }: SendFormVariables) {
  return apiClient.call(measurementApi.sendForm, { params: { id: formId }, body: { email } });
}

/** 'Enviar por e-mail': the link goes out through the server's queue, renewed for 14 days. */
export function useSendForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendForm,
    onSuccess: async (response) => {
      const { form } = response.data;
      queryClient.setQueryData<FormDetail>(formQueryKey(form.id), (detail) => withSavedForm(detail, form));
      await queryClient.invalidateQueries({ queryKey: formListsQueryKey });
    },
  });
}
