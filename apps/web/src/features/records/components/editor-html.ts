/**
 * Quill 2.0.3's semantic HTML writes every space of the text as `&nbsp;`, which would keep the
 * saved and printed lines from wrapping. A lone one becomes a plain space again; in a run, the
 * first is a plain space and the others stay, so that repeated spaces survive. Only text is
 * touched: a `&nbsp;` typed by the user arrives escaped as `&amp;nbsp;`.
 */
export function normalizeSemanticHtml(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => ` ${'&nbsp;'.repeat(run.length / '&nbsp;'.length - 1)}`);
}

/** The HTML of an editor that holds nothing is stored as an empty text. */
export function isBlankEditorHtml(html: string): boolean {
  return /^(?:<p>(?:<br>)?<\/p>)*$/.test(html.trim());
}
