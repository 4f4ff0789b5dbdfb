import sanitize from 'sanitize-html';

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
