import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';

/** A text file of the built web app, read again only when a new build replaced it; undefined while it is missing. */
export function builtFileReader(file: string): () => Promise<string | undefined> {
  let cached: { mtimeMs: number; text: string } | undefined;
  return async () => {
    const mtimeMs = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );
    if (mtimeMs === undefined) return undefined;
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: await readFile(file, 'utf8') };
    return cached.text;
  };
}

/** A file of the build's assets, as the HTML may name it without escaping. */
const assetPath = z.string().regex(/^\/assets\/[\w.-]+\.(?:js|css)$/);

/** What the web app's build writes to page-preloads.json (apps/web/vite-plugins.ts `pagePreloads`). */
const pagePreloadsSchema = z.array(
  z.object({
    pattern: z.string(),
    signedIn: z.boolean(),
    styles: z.array(assetPath),
    scripts: z.array(assetPath),
  }),
);

export interface PagePreload {
  styles: string[];
  scripts: string[];
}

type Preloads = Array<PagePreload & { pattern: RegExp; signedIn: boolean }>;

function parsedPreloads(text: string): Preloads {
  return pagePreloadsSchema.parse(JSON.parse(text)).map((page) => ({ ...page, pattern: new RegExp(page.pattern) }));
}

/**
 * The files of the page at an address (a request's URL) beyond index.html's own (issue 34): named in its HTML, a
 * phone fetches them beside the first load instead of after it has run. A page behind the login
 * only for a visitor with a session cookie (without one the app goes to the login page, which
 * needs none of them); none for an address the build did not list, or without the file.
 */
export function pagePreloadsReader(file: string): (url: string, hasSessionCookie: boolean) => Promise<PagePreload | undefined> {
  const read = builtFileReader(file);
  let parsed: { text: string; preloads: Preloads } | undefined;
  return async (url, hasSessionCookie) => {
    const { pathname } = new URL(url, 'http://page.invalid');
    const text = await read();
    if (text === undefined) return undefined;
    if (parsed?.text !== text) parsed = { text, preloads: parsedPreloads(text) };
    const page = parsed.preloads.find((candidate) => candidate.pattern.test(pathname));
    if (!page || (page.signedIn && !hasSessionCookie)) return undefined;
    return { styles: page.styles, scripts: page.scripts };
  };
}

/** index.html with the page's style sheets and module preloads at the end of its head, after its own (the order the page would add them in). */
export function htmlWithPreloads(html: string, { styles, scripts }: PagePreload): string {
  const links = [
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('\n    ');
  const at = html.indexOf('</head>');
  return at === -1 || links === '' ? html : `${html.slice(0, at)}  ${links}\n  ${html.slice(at)}`;
}

/** A weak validator of an HTML page: it names the page's content whatever its compression. */
export function htmlEtag(html: string): string {
  return `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether a request's `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this
 * header: `W/` is ignored on both sides; `*` matches any current page).
 */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
