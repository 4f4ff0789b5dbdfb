import type { Form } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every patient's list; invalidate this after any change to a form. */
export const formListsQueryKey = ['forms', 'list'] as const;

export function formListQueryKey(patientId: string) {
  return [...formListsQueryKey, patientId] as const;
}

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
