import type { FormatCallback, HtmlToTextOptions } from 'html-to-text';
import { onFirstUse } from '../lazy';
import { normalizeText } from './text';

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

const converterOptions: HtmlToTextOptions = {
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
};

// html-to-text (and its parser) loads when the assistant first reads a record, not with the server.
const convertHtml = onFirstUse(async () => (await import('html-to-text')).compile(converterOptions));

/**
 * A record's rich text (the editor's HTML) as readable plain text: headings and paragraphs as
 * blocks, lists with "- " or "1. ", links as "text [url]", entities decoded. Images are left
 * out (a data URI never reaches the text).
 */
export async function htmlToPlainText(html: string): Promise<string> {
  const convert = await convertHtml();
  return normalizeText(convert(html));
}
