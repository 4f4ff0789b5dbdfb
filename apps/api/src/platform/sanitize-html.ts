import sanitize from 'sanitize-html';

/** Text made safe to place inside HTML, as text or an attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * HTML written by us or by professionals that the web app will render: only text formatting
 * and links survive; scripts, event handlers, styles and other URL schemes are removed.
 */
export function sanitizeDescriptionHtml(html: string): string {
  return sanitize(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitize.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });
}

/** Plain text (a description typed in a text box) as HTML paragraphs: blank lines part them, line breaks stay. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const IMAGE_DATA_URI = /^data:image\/(png|gif|jpeg|bmp|x-icon|vnd\.microsoft\.icon);base64,[a-z0-9+/=\s]+$/i;
const OWN_FILE = /^\/v1\/files\/[a-z0-9][a-z0-9-]{0,120}\.[a-z0-9]{1,8}$/;

function isAllowedImageSource(src: string | undefined): boolean {
  return src !== undefined && (IMAGE_DATA_URI.test(src) || OWN_FILE.test(src));
}

/**
 * A clinical record as the editor (Quill 2) writes it, reduced to the editor's formats:
 * headers 1-3, bold, italic, underline, strike, ordered and bullet lists, links (http, https,
 * mailto), images (data URIs of the accepted image types or our own files) and code blocks.
 * Scripts, event handlers, styles and every other tag or attribute are removed.
 */
export function sanitizeRecordHtml(html: string): string {
  return sanitize(html, {
    allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'ol', 'ul', 'li', 'a', 'img', 'pre', 'code', 'div', 'span'],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt'],
      li: ['data-list'],
      div: ['class', 'data-language'],
      pre: ['class', 'data-language', 'spellcheck'],
      span: ['class'],
    },
    allowedClasses: {
      div: ['ql-code-block-container', 'ql-code-block'],
      pre: ['ql-syntax'],
      span: ['ql-ui'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
    transformTags: { a: sanitize.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });
}
