// The page modules of apps/web/src/app/page-modules.ts (each written out as `name: () =>
// import('…')`), read from its source: by the web build, which lists each page's files
// (vite-plugins.ts, pagePreloads), and by scripts/page-bytes.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const pageModulesFile = path.resolve(import.meta.dirname, '../apps/web/src/app/page-modules.ts');

/** Each page module's name and its import specifier (relative to apps/web/src/app), in the file's order. */
export function pageModuleSpecifiers() {
  const source = readFileSync(pageModulesFile, 'utf8');
  return [...source.matchAll(/^\s+(\w+): \(\) => import\('([^']+)'\)/gm)].map(([, name, specifier]) => ({ name, specifier }));
}
