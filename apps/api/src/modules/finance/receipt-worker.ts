// The receipt worker's entry: lays out and writes a receipt's PDF in a worker thread
// (receipt-renderer.ts), so a burst of downloads never holds up the server's thread.
import { receiptPdfBuffer, type ReceiptContent } from './receipt-pdf';

export default async function render(content: ReceiptContent): Promise<Uint8Array> {
  return new Uint8Array(await receiptPdfBuffer(content));
}
