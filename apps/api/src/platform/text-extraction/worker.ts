// The extraction worker's entry: runs in a worker thread of the pool (pool.ts), never in the
// server's thread, so a slow or hostile file cannot stall other requests.
import { readFile } from 'node:fs/promises';
import { readText } from './read-text';
import type { ExtractedText } from './text';
import type { ZipCaps } from './zip-check';

export interface ExtractionTask {
  path: string;
  filename: string;
  contentType: string;
  caps: ZipCaps;
}

export default async function extract(task: ExtractionTask): Promise<ExtractedText | null> {
  return readText({ bytes: await readFile(task.path), filename: task.filename, contentType: task.contentType }, task.caps);
}
