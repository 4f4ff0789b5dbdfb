import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { storeSavedRecord } from './get-record';
import { recordVersionsQueryKey } from './list-record-versions';

export interface RestoreRecordVersionVariables {
  recordId: string;
  versionId: string;
  /** The record's version the page shows: a newer one answers 409. */
  version: number;
}

export function restoreRecordVersion({ recordId, versionId, version }: RestoreRecordVersionVariables) {
  return apiClient.call(recordsApi.restoreVersion, { params: { id: recordId, versionId }, body: { version } });
}

/** Makes an earlier version the content again; the restore is itself a new version. */
export function useRestoreRecordVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRecordVersion,
    onSuccess: async (response) => {
      const { record } = response.data;
      await storeSavedRecord(queryClient, record);
      await queryClient.invalidateQueries({ queryKey: recordVersionsQueryKey(record.id) });
    },
  });
}
