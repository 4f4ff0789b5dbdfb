import { documentsApi, type DocumentCreateRequest, type DocumentUpdateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { documentsQueryKey } from './list-documents';

export type SaveDocumentVariables = { patientId: string; document: DocumentCreateRequest } | { documentId: string; document: DocumentUpdateRequest };

export function saveDocument(variables: SaveDocumentVariables) {
  return 'documentId' in variables
    ? apiClient.call(documentsApi.update, { params: { id: variables.documentId }, body: variables.document })
    : apiClient.call(documentsApi.create, { params: { id: variables.patientId }, body: variables.document });
}

/** Creates a draft document or changes one. */
export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
