import path from 'node:path';

/**
 * What a model reads of a file: its text, cut at extractedTextMaxChars. `unreadable` when the
 * file could not be read (corrupt, encrypted, or over a limit); its text is then empty.
 */
export interface ExtractedText {
  text: string;
  truncated: boolean;
  unreadable?: true;
}

/** The most characters of one file's text handed on. */
export const extractedTextMaxChars = 100_000;

export const unreadableText: ExtractedText = { text: '', truncated: false, unreadable: true };

export type TextKind = 'text' | 'pdf' | 'docx';

const kindByType: Record<string, TextKind> = {
  'text/plain': 'text',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'text/csv': 'text',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

const kindByExtension: Record<string, TextKind> = {
  '.txt': 'text',
  '.md': 'text',
  '.markdown': 'text',
  '.csv': 'text',
  '.pdf': 'pdf',
  '.docx': 'docx',
};

/** Types that say nothing of the content; the file's extension decides then. */
const genericTypes = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * The kind by the content type when it names one we read; by the extension when the type is
 * generic. A specific type we don't read (image/png named "notes.txt") is not read.
 */
export function kindOf(filename: string, contentType: string): TextKind | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const byType = kindByType[type];
  if (byType) return byType;
  if (!genericTypes.has(type)) return null;
  return kindByExtension[path.extname(filename).toLowerCase()] ?? null;
}

/**
 * Light clean-up: line breaks as \n, control characters but tab and line feed (NUL among them,
 * which PostgreSQL refuses in text) removed, trailing spaces of lines dropped, at most one blank line in a row.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(?![\t\n])\p{Cc}/gu, '')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text within the character cap, never splitting a surrogate pair. */
export function withinCharacterCap(text: string): ExtractedText {
  if (text.length <= extractedTextMaxChars) return { text, truncated: false };
  let end = extractedTextMaxChars;
  // Never split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}
