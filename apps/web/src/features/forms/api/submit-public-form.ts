import { measurementApi, type FormContent, type PublicForm } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, hasErrorCode } from '../../../lib/api-client';
import { publicFormQueryKey } from './get-public-form';

export interface SubmitPublicFormVariables {
  publicToken: string;
  content: FormContent;
}


export function submitPublicForm({ publicToken, content }: SubmitPublicFormVariables) {
  return apiClient.call(measurementApi.submitPublic, { body: { publicToken, content }, handleUnauthorized: false });
}

/** 'Enviar respostas': the answers go for good and the form is locked; the page then shows the thanks. */
export function useSubmitPublicForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPublicForm,
    onSuccess: (response, { publicToken }) => {
      const { form } = response.data;
      queryClient.setQueryData<PublicForm>(publicFormQueryKey(publicToken), (current) => (current ? { ...current, form } : current));
    },
    onError: async (error, { publicToken }) => {
      // Locked or expired while the patient was answering: show the page as it now is.
      if (hasErrorCode(error, 'FORM_LOCKED', 'FORM_LINK_EXPIRED')) {
        await queryClient.invalidateQueries({ queryKey: publicFormQueryKey(publicToken) });
      }
    },
  });
}
