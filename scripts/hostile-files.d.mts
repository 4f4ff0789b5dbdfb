// Types of hostile-files.mjs, for the TypeScript tests that import it.

/** A DOCX whose document.xml inflates to about `inflatedBytes`: a zip bomb of a few hundred kilobytes. */
export function makeDocxBomb(inflatedBytes: number): Promise<Buffer>;

/** A one-page PDF whose deflated content stream holds `operators` text operators, each on a new line. */
export function makeHeavyPdf(operators: number): Buffer;
