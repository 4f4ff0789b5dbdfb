import type { ClinicalRecord } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordQueryKey, withSavedRecord, type RecordDetail } from './get-record';
import { recordListsQueryKey } from './list-records';

export interface SaveRecordContentVariables {
  recordId: string;
  /** The editor's HTML; the server keeps only the editor's formats. */
  content: string;
}

export function saveRecordContent({ recordId, content }: SaveRecordContentVariables) {
  return apiClient.put<{ record: ClinicalRecord }>(`/v1/records/${encodeURIComponent(recordId)}/content`, {
    content,
  });
}

/** Saves the text; the cached record is replaced by the server's answer (sanitized content, new dates). */
export function useSaveRecordContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecordContent,
    onSuccess: async (response) => {
      const { record } = response.data;
      queryClient.setQueryData<RecordDetail>(recordQueryKey(record.id), (detail) => withSavedRecord(detail, record));
      await queryClient.invalidateQueries({ queryKey: recordListsQueryKey });
    },
  });
}
