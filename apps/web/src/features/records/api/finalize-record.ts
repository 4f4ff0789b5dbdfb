import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { storeSavedRecord } from './get-record';

export function finalizeRecord(recordId: string) {
  return apiClient.call(recordsApi.finalize, { params: { id: recordId } });
}

/** Makes the content read-only (the server keeps its SHA-256); corrections become addenda. */
export function useFinalizeRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finalizeRecord,
    onSuccess: async (response) => {
      await storeSavedRecord(queryClient, response.data.record);
    },
  });
}
