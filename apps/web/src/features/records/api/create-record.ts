import { recordsApi, type RecordCreateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { recordListQueryKey } from './list-records';

export interface CreateRecordVariables {
  patientId: string;
  record: RecordCreateRequest;
}

export function createRecord({ patientId, record }: CreateRecordVariables) {
  return apiClient.call(recordsApi.create, { params: { id: patientId }, body: record });
}

export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecord,
    onSuccess: async (_response, { patientId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: recordListQueryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
