import { open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { copyToPrivateFile, ensurePrivateDir, streamToPrivateFile, writePrivateFile } from '../private-files';
import { isValidKey, type Storage } from './storage';

export function createLocalStorage(root: string): Storage {
  const fileFor = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  /**
   * Writes under `key` through a partial file renamed at the end, so a reader never sees half an
   * object; the folder and the file are private to the server's user.
   */
  const writeAtomically = async (key: string, write: (partial: string) => Promise<void>) => {
    await ensurePrivateDir(root);
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
    put: (key, body) => writeAtomically(key, (partial) => writePrivateFile(partial, body)),
    putFile: (key, filePath) => writeAtomically(key, (partial) => copyToPrivateFile(filePath, partial)),
    putStream: (key, body) => writeAtomically(key, (partial) => streamToPrivateFile(body, partial)),
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
