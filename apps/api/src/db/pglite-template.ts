import { existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import { makePrivateDir, privateWriteStream } from '../platform/private-files';

/**
 * An empty database cluster as PGlite's initdb leaves it, zipped by build.mjs beside main.js
 * (build-pglite-template.mjs). Absent when running from the sources (tests, `npm run dev`).
 */
export const pgliteTemplatePath = fileURLToPath(new URL('./pgdata-template.zip', import.meta.url));

function isMissingOrEmpty(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

async function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

async function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/** Writes every entry under `target`, one at a time, streamed (a few KB in memory at once). */
async function extractZip(file: string, target: string): Promise<void> {
  const zip = await openZip(file);
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const destination = path.join(target, entry.fileName);
      const write = async () => {
        if (entry.fileName.endsWith('/')) {
          await makePrivateDir(destination);
          return;
        }
        await makePrivateDir(path.dirname(destination));
        const output = await privateWriteStream(destination);
        await pipeline(await openEntry(zip, entry), output);
      };
      write().then(
        () => zip.readEntry(),
        (error: unknown) => {
          zip.close();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    zip.readEntry();
  });
}

/**
 * Fills a new PGlite data folder from the template and says whether it did. PGlite's own initdb
 * runs a second PostgreSQL beside the first and keeps a copy of its whole memory meanwhile:
 * about 400 MB more at the peak of a first start, and 10 s (docs/decisions.md, "Lean embedded
 * default"). The cluster is written beside the folder and renamed into place, so a folder is
 * never left half written. A folder that already holds anything is left to PGlite.
 */
export async function createFromTemplate(dataDir: string, template = pgliteTemplatePath): Promise<boolean> {
  if (!existsSync(template) || !isMissingOrEmpty(dataDir)) return false;
  const partial = `${dataDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await makePrivateDir(path.dirname(dataDir));
  await extractZip(template, partial);
  await rm(dataDir, { recursive: true, force: true });
  await rename(partial, dataDir);
  return true;
}
