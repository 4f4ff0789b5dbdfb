import type { Form } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { formListQueryKey } from '../../../lib/query-keys';

async function listPatientForms(patientId: string, signal?: AbortSignal): Promise<Form[]> {
  const response = await apiClient.get<{ forms: Form[] }>(`/v1/patients/${encodeURIComponent(patientId)}/forms`, {
    signal,
  });
  return response.data.forms;
}

/**
 * The patient's forms, for 'Enviar formulário'. Same call and cache entry as the forms
 * feature's list, so a form created there is offered here.
 */
export function usePatientForms(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: formListQueryKey(patientId),
    queryFn: ({ signal }) => listPatientForms(patientId, signal),
    enabled,
    // Read again at each opening: one may have just been created in another tab.
    staleTime: 0,
  });
}
