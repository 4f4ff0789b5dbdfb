import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { errorShownInline } from '../../../lib/query-client';
import { recordQueryKey, withSavedRecord, type RecordDetail } from './get-record';
import { recordListsQueryKey } from './list-records';

export interface SaveRecordContentVariables {
  recordId: string;
  /** The editor's HTML; the server keeps only the editor's formats. */
  content: string;
  /** The version the text was edited from: the server answers 409 when a newer one exists. */
  version: number;
  /** A save the editor made by itself (kept as one version per pause, not one per keystroke). */
  autosave?: boolean;
}

export function saveRecordContent({ recordId, content, version, autosave }: SaveRecordContentVariables) {
  return apiClient.call(recordsApi.saveContent, { params: { id: recordId }, body: { content, version, autosave } });
}

/**
 * Saves the text; the cached record is replaced by the server's answer (sanitized content, new
 * dates). A failure is told under the editor, with what to do, not in a toast as well.
 */
export function useSaveRecordContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecordContent,
    meta: errorShownInline,
    onSuccess: async (response) => {
      const { record } = response.data;
      queryClient.setQueryData<RecordDetail>(recordQueryKey(record.id), (detail) => withSavedRecord(detail, record));
      await queryClient.invalidateQueries({ queryKey: recordListsQueryKey });
    },
  });
}
