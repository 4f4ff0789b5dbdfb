import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isValidKey, type Storage } from './storage';

export function createLocalStorage(root: string): Storage {
  const fileFor = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  /** Writes under `key` through a partial file renamed at the end, so a reader never sees half an object. */
  const writeAtomically = async (key: string, write: (partial: string) => Promise<void>) => {
    await mkdir(root, { recursive: true });
    const file = fileFor(key);
    const partial = `${file}.partial`;
    try {
      await write(partial);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  };
  return {
    put: (key, body) => writeAtomically(key, (partial) => writeFile(partial, body)),
    putFile: (key, filePath) => writeAtomically(key, (partial) => copyFile(filePath, partial)),
    putStream: (key, body) => writeAtomically(key, (partial) => pipeline(body, createWriteStream(partial))),
    get: async (key) => {
      if (!isValidKey(key)) return null;
      // Opened now, so the bytes stay readable even if the object is deleted before they are read.
      const handle = await open(fileFor(key)).catch(() => null);
      if (!handle) return null;
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), contentType: undefined };
    },
    delete: async (key) => {
      if (isValidKey(key)) await rm(fileFor(key), { force: true });
    },
    isEmpty: async () => (await readdir(root).catch(() => [])).length === 0,
  };
}
