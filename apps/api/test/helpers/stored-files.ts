import { readdir } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { files } from '../../src/db/schema';
import type { TestApp } from './build-app';

/** The objects in the app's local storage folder, by key. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  return (await readdir(t.filesDir).catch(() => [])).sort();
}

/** The `files` row of a storage key, or undefined. */
export async function fileRow(t: TestApp, key: string) {
  const [row] = await t.database.db.select().from(files).where(eq(files.key, key));
  return row;
}

/** How many `files` rows there are, of every owner. */
export async function fileRowCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(files);
  return row!.n;
}
