import { Piscina } from 'piscina';
import { workerScript } from '../../platform/worker-script';
import type { DocumentContent } from './document-pdf';
import type { SigningRequest, SigningResult } from './document-signature';

let pool: Piscina | undefined;

async function poolOf(): Promise<Piscina> {
  const filename = await workerScript('document-worker', new URL('./document-worker.ts', import.meta.url));
  pool ??= new Piscina({ filename, minThreads: 0, maxThreads: 1, idleTimeout: 30_000, resourceLimits: { maxOldGenerationSizeMb: 192 } });
  return pool;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A document's PDF, written in a worker thread (one thread, idle ones end after 30 s, further
 * requests wait in its queue), as the receipts are: the server's thread only hands the content
 * over and gets the bytes back.
 */
export async function renderDocument(content: DocumentContent): Promise<Buffer> {
  return asBuffer((await (await poolOf()).run(content, { name: 'render' })) as Uint8Array);
}

/**
 * Signs a PDF in the same worker: opening the certificate file and signing take some 100 ms of
 * CPU. The certificate and its password reach the worker in this message only and are kept
 * nowhere.
 */
export async function signDocumentPdf(request: SigningRequest): Promise<SigningResult> {
  const result = (await (await poolOf()).run(request, { name: 'sign' })) as SigningResult;
  return result.ok ? { ...result, pdf: asBuffer(result.pdf) } : result;
}

/** Ends the worker (when the app closes). */
export async function closeDocumentRenderer(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
