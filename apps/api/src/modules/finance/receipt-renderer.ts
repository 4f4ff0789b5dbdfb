import { Piscina } from 'piscina';
import { workerScript } from '../../platform/worker-script';
import type { ReceiptContent } from './receipt-pdf';

let pool: Piscina | undefined;

async function poolOf(): Promise<Piscina> {
  const filename = await workerScript('receipt-worker', new URL('./receipt-worker.ts', import.meta.url));
  pool ??= new Piscina({ filename, minThreads: 0, maxThreads: 1, idleTimeout: 30_000, resourceLimits: { maxOldGenerationSizeMb: 128 } });
  return pool;
}

/**
 * A receipt's PDF, written in a worker thread: one thread (idle ones end after 30 s) whose queue
 * holds further requests, so the server's thread only hands the content over and gets the bytes
 * back (a receipt takes 10-30 ms of CPU to lay out in its embedded font, which under a burst
 * would otherwise add up on every other request).
 */
export async function renderReceipt(content: ReceiptContent): Promise<Buffer> {
  const bytes = (await (await poolOf()).run(content)) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Ends the worker (when the app closes). */
export async function closeReceiptRenderer(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
