import { patientsApi, urlOf, type PatientPage } from '@consultorio/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every cached page of every search; invalidate this after any change to a patient. */
export const patientListsQueryKey = ['patients', 'list'] as const;

export function patientListQueryKey(q: string) {
  return [...patientListsQueryKey, q] as const;
}

export interface ListPatientsParams {
  /** A piece of the full name; the server ignores case and accents. */
  q: string;
  /** The `nextCursor` of the previous page. */
  cursor?: string | undefined;
  signal?: AbortSignal;
}

export function patientListPath(q: string, cursor?: string): string {
  return urlOf(patientsApi.list, { query: { q, cursor } });
}

export async function listPatients({ q, cursor, signal }: ListPatientsParams): Promise<PatientPage> {
  const response = await apiClient.call(patientsApi.list, { query: { q, cursor }, signal });
  return response.data;
}

export function patientListQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: patientListQueryKey(q),
    queryFn: ({ pageParam, signal }) => listPatients({ q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** The patients whose name contains `q`, by name, a page at a time ('Carregar mais'). */
export function usePatientList(q: string) {
  // While a new search runs, the previous results stay on screen.
  return useInfiniteQuery({ ...patientListQueryOptions(q), placeholderData: keepPreviousData });
}
