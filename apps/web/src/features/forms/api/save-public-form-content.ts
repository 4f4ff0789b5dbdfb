import { formsApi, type FormContent, type PublicForm } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';
import { publicFormQueryKey } from './get-public-form';

export interface SavePublicFormContentVariables {
  publicToken: string;
  content: FormContent;
}

const LOCKED_STATUS = 423;

export function savePublicFormContent({ publicToken, content }: SavePublicFormContentVariables) {
  return apiClient.call(formsApi.savePublicContent, { body: { publicToken, content }, handleUnauthorized: false });
}

/** The patient's answers through the link; refused with 423 once the professional locks the form. */
export function useSavePublicFormContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePublicFormContent,
    onSuccess: (response, { publicToken }) => {
      const { form } = response.data;
      queryClient.setQueryData<PublicForm>(publicFormQueryKey(publicToken), (current) =>
        current ? { ...current, form } : current,
      );
    },
    onError: async (error, { publicToken }) => {
      // Locked while the patient was answering: show the page as locked.
      if (error instanceof ApiError && error.status === LOCKED_STATUS) {
        await queryClient.invalidateQueries({ queryKey: publicFormQueryKey(publicToken) });
      }
    },
  });
}
