// Bundles the API, its admin command line and its worker threads (text extraction, receipts, documents) (with the shared package they import) into dist/;
// node_modules stay external.
import { cp, readFile, rename, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { buildPgliteTemplate } from './build-pglite-template.mjs';

const here = new URL('.', import.meta.url).pathname;
// Built beside dist/ and swapped in whole: a test running the built server or CLI meanwhile never
// finds a dist/ with main.js written but its migrations not yet copied.
const staging = `${here}dist.${process.pid}.partial`;

/**
 * V8 keeps each module's source in the heap for as long as the server runs, one byte a character
 * while every character fits in Latin-1 and two otherwise: one '…' in a comment esbuild keeps
 * doubles main.js's 0.9 MB (docs/decisions.md, "Memory, fourth part"). Strings are escaped by
 * esbuild; comments are not, so the build says where one is.
 */
async function assertLatin1(file) {
  const text = await readFile(file, 'utf8');
  const index = text.search(/[\u0100-\uffff]/);
  if (index === -1) return;
  const line = text.slice(0, index).split('\n').length;
  throw new Error(`${file}:${line}: '${text[index]}' is not Latin-1 (a comment the bundle keeps?): write it in ASCII so the server's source stays one byte a character\n${text.split('\n')[line - 1]}`);
}
await rm(staging, { recursive: true, force: true });
await build({
  entryPoints: {
    main: `${here}src/main.ts`,
    admin: `${here}src/admin.ts`,
    // Loaded by the text extraction pool in worker threads, beside main.js.
    'text-extraction-worker': `${here}src/platform/text-extraction/worker.ts`,
    // Loaded by the receipt renderer in a worker thread, beside main.js.
    'receipt-worker': `${here}src/modules/finance/receipt-worker.ts`,
    // Loaded by the document renderer (PDFs and their signatures) in a worker thread, beside main.js.
    'document-worker': `${here}src/modules/documents/document-worker.ts`,
  },
  outdir: staging,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  packages: 'external',
  alias: { '@consultorio/shared': `${here}../../packages/shared/src/index.ts` },
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
await assertLatin1(`${staging}/main.js`).catch(async (error) => {
  await rm(staging, { recursive: true, force: true });
  throw error;
});
await cp(`${here}src/db/migrations`, `${staging}/migrations`, { recursive: true });
// What a new DATA_DIR's embedded database starts from (src/db/pglite-template.ts).
await buildPgliteTemplate(`${staging}/pgdata-template.zip`);
await rm(`${here}dist`, { recursive: true, force: true });
await rename(staging, `${here}dist`);
console.log('api built: apps/api/dist/main.js, apps/api/dist/admin.js, apps/api/dist/text-extraction-worker.js, apps/api/dist/receipt-worker.js, apps/api/dist/document-worker.js, apps/api/dist/pgdata-template.zip');
