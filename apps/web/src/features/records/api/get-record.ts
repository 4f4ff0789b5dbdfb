import { recordsApi, type ClinicalRecord, type RouteData } from '@consultorio/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient, hasErrorCode } from '../../../lib/api-client';
import { recordListsQueryKey } from './list-records';

/** The record with its attachments and its patient. */
export type RecordDetail = RouteData<typeof recordsApi.get>;

export function recordQueryKey(recordId: string) {
  return ['records', 'detail', recordId] as const;
}

export async function getRecord(recordId: string, signal?: AbortSignal): Promise<RecordDetail> {
  const response = await apiClient.call(recordsApi.get, { params: { id: recordId }, signal });
  return response.data;
}

/** A missing record, another professional's, or an id that is not one. */
export function isMissingRecord(error: unknown): boolean {
  return hasErrorCode(error, 'RECORD_NOT_FOUND', 'NOT_FOUND', 'VALIDATION');
}

export function recordQueryOptions(recordId: string) {
  return queryOptions({
    queryKey: recordQueryKey(recordId),
    queryFn: ({ signal }) => getRecord(recordId, signal),
    // The record's page says so ('Prontuário não encontrado'): no toast besides.
    meta: { errorShownInline: isMissingRecord },
  });
}

/** One of the professional's records with its attachments and patient; another's or a missing one fails with 404. */
export function useRecordDetail(recordId: string) {
  return useQuery(recordQueryOptions(recordId));
}

/** Replaces the record in its cached detail, keeping the attachments and the patient. */
export function withSavedRecord(detail: RecordDetail | undefined, record: ClinicalRecord): RecordDetail | undefined {
  return detail ? { ...detail, record } : detail;
}

/** Puts a record the server answered into its cached detail and marks the patients' record lists stale. */
export async function storeSavedRecord(queryClient: QueryClient, record: ClinicalRecord): Promise<void> {
  queryClient.setQueryData<RecordDetail>(recordQueryKey(record.id), (detail) => withSavedRecord(detail, record));
  await queryClient.invalidateQueries({ queryKey: recordListsQueryKey });
}
