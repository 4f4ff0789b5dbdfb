import { existsSync } from 'node:fs';
import { open, readFile, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * PGlite loads its whole file-system bundle (`pglite.data`: PostgreSQL's share and lib folders,
 * 6 MB) into one buffer its in-memory file system keeps for the life of the process. Once a data
 * folder is initialized, a good part of it is never read: initdb's inputs, the encoding
 * conversions (the client and the server both speak UTF-8), replication, extension build files
 * and ICU's collation data (the database collates with libc's "C"). The lean bundle is a buffer
 * of the same size in which only the other files are read: the pages of the left-out files are
 * never touched, so never resident (4.7 MB; docs/decisions.md, "Memory, fourth part"). Should
 * PostgreSQL open one of them anyway, it finds zeros and fails with an error (an invalid library
 * or ICU data file), never with a wrong answer.
 */
const unreadOnceInitialized: readonly RegExp[] = [
  /^\/pglite\/share\/postgresql\/(postgres\.bki|information_schema\.sql|system_(views|functions|constraints)\.sql|snowball_create\.sql|sql_features\.txt)$/,
  /^\/pglite\/lib\/postgresql\/pgxs\//,
  /^\/pglite\/lib\/postgresql\/(\w+_and_\w+|euc2004_sjis2004)\.so$/,
  /^\/pglite\/lib\/postgresql\/(libpqwalreceiver|pgoutput)\.so$/,
  /^\/pglite\/icu\/[^/]+\/coll\//,
];

export interface BundleFile {
  filename: string;
  start: number;
  end: number;
}

export interface LeanFsBundle {
  /** What PGlite calls on its `fsBundle` option. */
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The bytes read, against the bundle's size. */
  readBytes: number;
  size: number;
}

function pgliteDist(): string {
  return path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
}

/** The bundle's table of files, as PGlite's Emscripten loader carries it in pglite.js. */
export async function bundleFiles(dist = pgliteDist()): Promise<BundleFile[]> {
  const loader = await readFile(path.join(dist, 'pglite.js'), 'utf8');
  return [...loader.matchAll(/filename:"([^"]+)",start:(\d+),end:(\d+)/g)].map(([, filename = '', start = '0', end = '0']) => ({ filename, start: Number(start), end: Number(end) }));
}

/** The byte ranges to read: the kept files, adjacent ones merged. */
export function keptRanges(files: readonly BundleFile[]): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (const file of files) {
    if (unreadOnceInitialized.some((pattern) => pattern.test(file.filename))) continue;
    const last = ranges.at(-1);
    if (last && last.end === file.start) last.end = file.end;
    else ranges.push({ start: file.start, end: file.end });
  }
  return ranges;
}

async function readFully(handle: FileHandle, target: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < target.length; ) {
    const { bytesRead } = await handle.read(target, done, target.length - done, position + done);
    if (bytesRead === 0) throw new Error('pglite.data ended before its table said');
    done += bytesRead;
  }
}

/**
 * The lean bundle for a data folder PostgreSQL has already initialized, or undefined (PGlite then
 * loads its own) when the folder is new or the loader's table does not describe the bundle.
 */
export async function leanFsBundle(dataDir: string, dist = pgliteDist()): Promise<LeanFsBundle | undefined> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const dataFile = path.join(dist, 'pglite.data');
  const [files, { size }] = await Promise.all([bundleFiles(dist), stat(dataFile)]);
  if (files.length === 0 || files.at(-1)?.end !== size) return undefined;
  // Zero-filled and mapped on demand: only the pages written below become resident.
  const buffer = new ArrayBuffer(size);
  const ranges = keptRanges(files);
  const handle = await open(dataFile, 'r');
  try {
    for (const { start, end } of ranges) await readFully(handle, new Uint8Array(buffer, start, end - start), start);
  } finally {
    await handle.close();
  }
  const readBytes = ranges.reduce((total, range) => total + range.end - range.start, 0);
  return { arrayBuffer: () => Promise.resolve(buffer), readBytes, size };
}
