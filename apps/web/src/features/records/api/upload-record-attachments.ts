import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordQueryKey } from './get-record';

export interface UploadRecordAttachmentsVariables {
  recordId: string;
  files: readonly File[];
}

/** One multipart request, the field `files` repeated once per file. */
export function toAttachmentsFormData(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
}

export function uploadRecordAttachments({ recordId, files }: UploadRecordAttachmentsVariables) {
  return apiClient.call(recordsApi.uploadAttachments, { params: { id: recordId }, body: toAttachmentsFormData(files) });
}

/** Uploads the chosen files; then the record and its attachments are read again. */
export function useUploadRecordAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRecordAttachments,
    onSuccess: async (_response, { recordId }) => {
      await queryClient.invalidateQueries({ queryKey: recordQueryKey(recordId) });
    },
  });
}
