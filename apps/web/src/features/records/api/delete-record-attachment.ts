import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordQueryKey } from './get-record';

export interface DeleteRecordAttachmentVariables {
  recordId: string;
  attachmentId: string;
}

export function deleteRecordAttachment({ attachmentId }: DeleteRecordAttachmentVariables) {
  return apiClient.call(recordsApi.removeAttachment, { params: { id: attachmentId } });
}

/** Removes one attachment; then the record and its attachments are read again. */
export function useDeleteRecordAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecordAttachment,
    onSuccess: async (_response, { recordId }) => {
      await queryClient.invalidateQueries({ queryKey: recordQueryKey(recordId) });
    },
  });
}
