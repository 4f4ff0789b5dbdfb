import type { Form } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { formListQueryKey } from '../../../lib/query-keys';

// The keys live in lib/query-keys because the chats feature reads these lists too.
export { formListQueryKey, formListsQueryKey } from '../../../lib/query-keys';

export async function listForms(patientId: string, signal?: AbortSignal): Promise<Form[]> {
  const response = await apiClient.get<{ forms: Form[] }>(`/v1/patients/${encodeURIComponent(patientId)}/forms`, {
    signal,
  });
  return response.data.forms;
}

/** The patient's forms, newest first, each with its questionnaire's name. */
export function useFormList(patientId: string) {
  return useQuery({
    queryKey: formListQueryKey(patientId),
    queryFn: ({ signal }) => listForms(patientId, signal),
  });
}
