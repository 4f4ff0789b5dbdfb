import { formsApi, type FormCreateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { formListQueryKey } from './list-forms';

export interface CreateFormVariables {
  patientId: string;
  form: FormCreateRequest;
}

export function createForm({ patientId, form }: CreateFormVariables) {
  return apiClient.call(formsApi.create, { params: { id: patientId }, body: form });
}

export function useCreateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createForm,
    onSuccess: async (_response, { patientId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: formListQueryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
