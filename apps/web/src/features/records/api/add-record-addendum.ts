import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordQueryKey, type RecordDetail } from './get-record';

export interface AddRecordAddendumVariables {
  recordId: string;
  /** Rich-text HTML; the server keeps only the editor's formats. */
  content: string;
}

export function addRecordAddendum({ recordId, content }: AddRecordAddendumVariables) {
  return apiClient.call(recordsApi.addAddendum, { params: { id: recordId }, body: { content } });
}

/** A dated correction of a finalized record, appended to the cached record's addenda. */
export function useAddRecordAddendum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRecordAddendum,
    onSuccess: (response, { recordId }) => {
      const { recordAddendum } = response.data;
      queryClient.setQueryData<RecordDetail>(recordQueryKey(recordId), (detail) =>
        detail ? { ...detail, recordAddenda: [...detail.recordAddenda, recordAddendum] } : detail,
      );
    },
  });
}
