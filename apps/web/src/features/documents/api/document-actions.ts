import { documentsApi, pathOf, type IssuedDocument } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { errorShownInline } from '../../../lib/query-client';
import { documentsQueryKey } from './list-documents';

/**
 * A change of a document that refreshes the list afterwards (also after a failure: a 423 means
 * another window issued it); `inline` when the dialog shows the failure under its field.
 */
function useDocumentMutation<V>(run: (variables: V) => Promise<unknown>, inline = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
    ...(inline ? { meta: errorShownInline } : {}),
  });
}

/** Issues the draft: its PDF is kept, and it cannot change afterwards. */
export function useIssueDocument() {
  return useDocumentMutation((documentId: string) => apiClient.call(documentsApi.issue, { params: { id: documentId } }));
}

export function useDeleteDocument() {
  return useDocumentMutation((documentId: string) => apiClient.call(documentsApi.remove, { params: { id: documentId } }));
}

/** Signs the issued PDF with an A1 certificate; the file and the password go in this request only. */
export function useSignDocument() {
  return useDocumentMutation(({ documentId, certificate, password }: { documentId: string; certificate: File; password: string }) => {
    const body = new FormData();
    body.append('password', password);
    body.append('certificate', certificate);
    return apiClient.call(documentsApi.sign, { params: { id: documentId }, body });
  }, true);
}

/** Keeps the PDF signed in another application as the document's final version. */
export function useUploadSignedPdf() {
  return useDocumentMutation(({ documentId, file }: { documentId: string; file: File }) => {
    const body = new FormData();
    body.append('file', file);
    return apiClient.call(documentsApi.uploadSigned, { params: { id: documentId }, body });
  }, true);
}

/** Mails the signed PDF (to the address given, else the patient's or the responsible's). */
export function useEmailDocument() {
  return useDocumentMutation(({ documentId, email }: { documentId: string; email: string | undefined }) =>
    apiClient.call(documentsApi.email, { params: { id: documentId }, body: email ? { email } : {} }),
  );
}

/** The document's PDF (signed, issued, or a draft's preview), served to its owner (the browser sends the session cookie). */
export function documentPdfUrl(document: Pick<IssuedDocument, 'id'>): string {
  return pathOf(documentsApi.pdf, { id: document.id });
}
