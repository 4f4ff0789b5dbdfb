import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { extractedTextMaxChars, kindOf, normalizeText, unreadableText, withinCharacterCap, type ExtractedText } from './text';
import { checkZipSizes, type ZipCaps } from './zip-check';

/**
 * The text a model can read from a file's bytes, or null when the type is not one we read (it
 * is then named only). TXT, MD and CSV are decoded as UTF-8, or windows-1252 when they are not
 * valid UTF-8; PDF and DOCX are parsed, a DOCX only when its zip's declared sizes are within
 * `caps`. A corrupt, encrypted or oversized file gives `unreadableText`. Never throws. It runs
 * in the extraction worker (`worker.ts`), whose pool bounds its time and memory.
 */
export async function readText(file: { bytes: Buffer; filename: string; contentType: string }, caps: ZipCaps): Promise<ExtractedText | null> {
  const kind = kindOf(file.filename, file.contentType);
  if (kind === null) return null;
  let raw: string;
  try {
    raw = kind === 'text' ? decodeText(file.bytes) : kind === 'pdf' ? await pdfText(file.bytes) : await docxText(file.bytes, caps);
  } catch {
    return unreadableText;
  }
  return withinCharacterCap(normalizeText(raw));
}

/** windows-1252's characters for the bytes 0x80-0x9f; the five bytes it leaves undefined keep their C1 code. */
const windows1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeText(bytes: Buffer): string {
  // TextDecoder drops a UTF-8 BOM by default (ignoreBOM: false).
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not TextDecoder('windows-1252'): Node 20 decodes it as ISO-8859-1 (0x80 gives U+0080, not €).
    return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => windows1252High[c.charCodeAt(0) - 0x80]!);
  }
}

/** The PDF's text page by page, stopping once past the limit (a 2,000-page PDF costs what its first pages cost). */
async function pdfText(bytes: Buffer): Promise<string> {
  // A copy: PDF.js may detach the buffer it is given.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= pdf.numPages && length <= extractedTextMaxChars; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text);
      length += text.length + 1;
      page.cleanup();
    }
    return pages.join('\n');
  } finally {
    void pdf.destroy().catch(() => undefined);
  }
}

/** A DOCX's text, once its zip's central directory shows it cannot inflate past the caps. */
async function docxText(bytes: Buffer, caps: ZipCaps): Promise<string> {
  await checkZipSizes(bytes, caps);
  const result = await mammoth.extractRawText({ buffer: bytes });
  return result.value;
}

