import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { recordQueryKey } from './get-record';
import { recordListsQueryKey } from './list-records';

/** Deletes the record with its text and attachments. */
export function deleteRecord(recordId: string) {
  return apiClient.call(recordsApi.remove, { params: { id: recordId } });
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord,
    onSuccess: async (_response, recordId) => {
      queryClient.removeQueries({ queryKey: recordQueryKey(recordId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: recordListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
