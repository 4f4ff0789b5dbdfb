import { recordsApi, type RecordNameRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { storeSavedRecord } from './get-record';

export interface UpdateRecordVariables {
  recordId: string;
  update: RecordNameRequest;
}

/** Renames the record. */
export function updateRecord({ recordId, update }: UpdateRecordVariables) {
  return apiClient.call(recordsApi.rename, { params: { id: recordId }, body: update });
}

export function useUpdateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecord,
    onSuccess: async (response) => {
      await storeSavedRecord(queryClient, response.data.record);
    },
  });
}
