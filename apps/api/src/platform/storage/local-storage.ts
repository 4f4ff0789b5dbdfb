import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isValidKey, type Storage } from './storage';

export function createLocalStorage(root: string): Storage {
  const fileFor = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, body) => {
      await mkdir(root, { recursive: true });
      const file = fileFor(key);
      const partial = `${file}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    putFile: async (key, filePath) => {
      await mkdir(root, { recursive: true });
      const file = fileFor(key);
      const partial = `${file}.partial`;
      await copyFile(filePath, partial);
      await rename(partial, file);
    },
    get: async (key) => {
      if (!isValidKey(key)) return null;
      const file = fileFor(key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? { body: createReadStream(file), contentType: undefined } : null;
    },
    delete: async (key) => {
      if (isValidKey(key)) await rm(fileFor(key), { force: true });
    },
  };
}
