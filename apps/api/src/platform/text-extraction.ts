import path from 'node:path';
import { compile, type FormatCallback } from 'html-to-text';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';

/** What a model reads of a file: its text, cut at extractedTextMaxChars. An unreadable file gives ''. */
export interface ExtractedText {
  text: string;
  truncated: boolean;
}

/** The most characters of one file's text handed on. */
export const extractedTextMaxChars = 100_000;

/** How long a PDF or DOCX parser may take before the file counts as unreadable. */
const parseTimeoutMs = 15_000;

type Kind = 'text' | 'pdf' | 'docx';

const kindByType: Record<string, Kind> = {
  'text/plain': 'text',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'text/csv': 'text',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

const kindByExtension: Record<string, Kind> = {
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
function kindOf(filename: string, contentType: string): Kind | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const byType = kindByType[type];
  if (byType) return byType;
  if (!genericTypes.has(type)) return null;
  return kindByExtension[path.extname(filename).toLowerCase()] ?? null;
}

/**
 * The text a model can read from an uploaded file, or null when the type is not one we read
 * (it is then named only). TXT, MD and CSV are decoded as UTF-8, or windows-1252 when they are
 * not valid UTF-8; PDF and DOCX are parsed. A corrupt, encrypted or too slow PDF or DOCX gives
 * `{ text: '', truncated: false }`: the file is named as unreadable. Never throws.
 */
export async function extractText(file: { bytes: Buffer; filename: string; contentType: string }): Promise<ExtractedText | null> {
  const kind = kindOf(file.filename, file.contentType);
  if (kind === null) return null;
  let raw: string;
  try {
    raw =
      kind === 'text'
        ? decodeText(file.bytes)
        : await withTimeout(kind === 'pdf' ? pdfText(file.bytes) : docxText(file.bytes), parseTimeoutMs);
  } catch {
    return { text: '', truncated: false };
  }
  return limit(normalize(raw));
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

/**
 * The PDF's text page by page, stopping once past the limit (a 2,000-page PDF costs what its
 * first pages cost) and letting other requests run between pages, since PDF.js parses in this
 * thread.
 */
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
      await new Promise((resolve) => setImmediate(resolve));
    }
    return pages.join('\n');
  } finally {
    void pdf.destroy().catch(() => undefined);
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const result = await mammoth.extractRawText({ buffer: bytes });
  return result.value;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`text extraction took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Light clean-up: line breaks as \n, control characters but tab and line feed (NUL among them,
 * which PostgreSQL refuses in text) removed, trailing spaces of lines dropped, at most one blank line in a row.
 */
function normalize(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(?![\t\n])\p{Cc}/gu, '')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function limit(text: string): ExtractedText {
  if (text.length <= extractedTextMaxChars) return { text, truncated: false };
  let end = extractedTextMaxChars;
  // Never split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}

/**
 * Lists as Quill 2 writes them: one <ol> whose items say their kind in data-list (ordered,
 * bullet, checked, unchecked); plain <ul> and <ol> lists too. Numbering restarts after an
 * item of another kind, as the editor shows it.
 */
const formatList: FormatCallback = (elem, walk, builder, formatOptions) => {
  const isNested = elem.parent?.name === 'li';
  const attribs = (elem.attribs ?? {}) as Record<string, string | undefined>;
  let next = Number.parseInt(attribs.start ?? '1', 10);
  if (!Number.isFinite(next)) next = 1;
  const items: Array<{ node: (typeof elem.children)[number]; prefix: string }> = [];
  for (const child of elem.children ?? []) {
    if (child.type === 'text' && /^\s*$/.test(child.data ?? '')) continue;
    if (child.name !== 'li') {
      items.push({ node: child, prefix: '' });
      continue;
    }
    const kind = elem.name === 'ul' ? 'bullet' : ((child.attribs as Record<string, string | undefined> | undefined)?.['data-list'] ?? 'ordered');
    let prefix: string;
    if (kind === 'ordered') {
      prefix = `${next}. `;
      next += 1;
    } else {
      prefix = kind === 'checked' ? '[x] ' : kind === 'unchecked' ? '[ ] ' : '- ';
      next = 1;
    }
    items.push({ node: child, prefix });
  }
  if (items.length === 0) return;
  builder.openList({
    interRowLineBreaks: 1,
    leadingLineBreaks: isNested ? 1 : (formatOptions.leadingLineBreaks ?? 2),
    maxPrefixLength: 0, // each item keeps its own prefix: no padding to the longest
    prefixAlign: 'left',
  });
  for (const { node, prefix } of items) {
    builder.openListItem({ prefix });
    walk([node], builder);
    builder.closeListItem();
  }
  builder.closeList({ trailingLineBreaks: isNested ? 1 : (formatOptions.trailingLineBreaks ?? 2) });
};

const heading = { format: 'heading', options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 } };

const convertHtml = compile({
  wordwrap: false,
  formatters: { quillList: formatList },
  selectors: [
    {
      selector: 'a',
      options: {
        ignoreHref: false,
        hideLinkHrefIfSameAsText: true,
        // A data: link would put its payload in the text: keep only the link's words.
        pathRewrite: (href: string) => (/^\s*data:/i.test(href) ? '' : href),
      },
    },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', ...heading },
    { selector: 'h2', ...heading },
    { selector: 'h3', ...heading },
    { selector: 'h4', ...heading },
    { selector: 'h5', ...heading },
    { selector: 'h6', ...heading },
    { selector: 'ol', format: 'quillList', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: 'ul', format: 'quillList', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    // Quill 2's code block: one div a line inside a container; keep each line's indentation.
    { selector: 'div.ql-code-block-container', format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: 'div.ql-code-block', format: 'pre', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'span.ql-ui', format: 'skip' },
  ],
});

/**
 * A record's rich text (the editor's HTML) as readable plain text: headings and paragraphs as
 * blocks, lists with "- " or "1. ", links as "text [url]", entities decoded. Images are left
 * out (a data URI never reaches the text).
 */
export function htmlToPlainText(html: string): string {
  return normalize(convertHtml(html));
}
