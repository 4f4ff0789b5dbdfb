import { formsApi, type RouteData } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The form with its questionnaire and its patient. */
export type FormDetail = RouteData<typeof formsApi.get>;

export function formQueryKey(formId: string) {
  return ['forms', 'detail', formId] as const;
}

export async function getForm(formId: string, signal?: AbortSignal): Promise<FormDetail> {
  const response = await apiClient.call(formsApi.get, { params: { id: formId }, signal });
  return response.data;
}

export function formQueryOptions(formId: string) {
  return queryOptions({
    queryKey: formQueryKey(formId),
    queryFn: ({ signal }) => getForm(formId, signal),
  });
}

/** One of the professional's forms with its questionnaire; another's or a missing one fails with 404. */
export function useFormDetail(formId: string) {
  return useQuery(formQueryOptions(formId));
}
