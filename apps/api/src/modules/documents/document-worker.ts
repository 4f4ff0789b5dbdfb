// The document worker's entry: lays out a document's PDF and signs one, in a worker thread
// (document-renderer.ts), so neither holds up the server's thread.
import { documentPdfBuffer, type DocumentContent } from './document-pdf';
import { signPdf, type SigningRequest, type SigningResult } from './document-signature';

export async function render(content: DocumentContent): Promise<Uint8Array> {
  return new Uint8Array(await documentPdfBuffer(content));
}

export async function sign(request: SigningRequest): Promise<SigningResult> {
  return signPdf(request);
}
