import type { FileTypeResult } from 'file-type';
import { onFirstUse } from './lazy';

// file-type (and its tokenizers) loads with the first upload, not with the server.
const fileType = onFirstUse(() => import('file-type'));

/** The type the file's bytes tell, or undefined when they tell none. */
export async function typeOfFile(filePath: string): Promise<FileTypeResult | undefined> {
  return (await fileType()).fileTypeFromFile(filePath);
}
