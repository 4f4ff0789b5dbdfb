// What the server writes (under DATA_DIR: the database, stored files, written mail, the admin
// socket; and backups wherever they go) is health data, or opens it: password hashes, live links,
// temporary passwords. Each is written readable by the server's user alone (files 0600, folders
// 0700), by the modes given here rather than by whatever umask the process was started with.
import { createReadStream, type WriteStream } from 'node:fs';
import { chmod, mkdir, open, readdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` and its missing parents, private; a folder that is there already is left as it is. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * A folder of the server's own (the database, stored files, written mail, the admin socket):
 * created private, or made private when an older version (or a hand) made it readable by others,
 * so that what it already holds cannot be reached by them either.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await makePrivateDir(dir);
  if (((await stat(dir)).mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Opens `file` for writing, created private; one left by an interrupted write keeps no wider
 * mode either (a mode given to open applies only to a file it creates).
 */
export async function openPrivateFile(file: string): Promise<FileHandle> {
  const handle = await open(file, 'w', PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await openPrivateFile(file);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/** A stream into a new private `file`; it closes the file when it ends or fails. */
export async function privateWriteStream(file: string): Promise<WriteStream> {
  return (await openPrivateFile(file)).createWriteStream();
}

/** Copies `source` into a new private `target` (a copy would otherwise take the source's mode). */
export async function copyToPrivateFile(source: string, target: string): Promise<void> {
  const output = await privateWriteStream(target);
  await pipeline(createReadStream(source), output);
}

/** Writes `body` into a new private `file`; a file that cannot be opened ends `body` too. */
export async function streamToPrivateFile(body: Readable, file: string): Promise<void> {
  const output = await privateWriteStream(file).catch((error: unknown) => {
    body.destroy();
    throw error;
  });
  await pipeline(body, output);
}

/**
 * Makes every file under `dir` private and every folder too, for a writer this code does not
 * control: PGlite's PostgreSQL makes a new cluster's files 0666 and rewrites its relation cache
 * file 0644 at each start, whatever the process's umask (it sets their modes itself).
 */
export async function makeTreePrivate(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() && !entry.isDirectory()) continue;
    const wanted = entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    const target = path.join(entry.parentPath, entry.name);
    // Gone meanwhile (the database removes files as it runs): nothing to protect.
    const found = await stat(target).catch(() => null);
    if (found && (found.mode & 0o777) !== wanted) await chmod(target, wanted).catch(ignoreMissing);
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
