// `node scripts/page-bytes.mjs [distDir]` after `npx vite build --manifest` in apps/web (issue 34):
// per page, the JavaScript and CSS files it loads beyond the login page's first load (the router's
// chunk, the page's layout and the page, with every chunk they import statically), and their gzip
// size (level 9, as the .gz copies). The page and layout modules are those of
// apps/web/src/app/page-modules.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageModuleSpecifiers } from './page-modules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));

const app = 'src/app/app.tsx';

/**
 * The page-modules.ts entries (`name: () => import('../x/y')`), each with the layouts it is drawn
 * in (router.tsx): those listed after `authenticatedLayout` are behind the login (the account's
 * pages also in `accountLayout`), those after `publicFormLayout` the patient's pages.
 */
function pages() {
  const modules = pageModuleSpecifiers().map(({ name, specifier }) => {
    const key = path.posix.join('src/app', specifier);
    return { name, key: [`${key}.tsx`, `${key}.ts`].find((candidate) => manifest[candidate]) };
  });
  const keyOf = (name) => modules.find((module) => module.name === name).key;
  const accountPages = ['account', 'qaTemplates', 'qaTemplate', 'noteTemplates', 'aiAssistants'];
  let layouts = [];
  return modules.flatMap(({ name, key }) => {
    if (name === 'publicFormLayout' || name === 'authenticatedLayout') {
      layouts = [key];
      return [];
    }
    if (name === 'accountLayout') return [];
    return [{ name, keys: [app, ...layouts, ...(accountPages.includes(name) ? [keyOf('accountLayout')] : []), key] }];
  });
}

/** The manifest keys of a chunk and every chunk it imports statically. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

function filesOf(keys) {
  const js = new Set([...keys].map((key) => manifest[key].file));
  const css = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  return { js, css };
}

const firstLoad = filesOf(closure(['index.html']));
const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function row(name, keys) {
  const { js, css } = filesOf(closure(keys));
  const jsBeyond = [...js].filter((file) => !firstLoad.js.has(file));
  const cssBeyond = [...css].filter((file) => !firstLoad.css.has(file));
  return [name, jsBeyond.length, kb(sum(jsBeyond)), cssBeyond.length, kb(sum(cssBeyond)), js.size + css.size];
}

const rows = [['first load (login)', firstLoad.js.size, kb(sum(firstLoad.js)), firstLoad.css.size, kb(sum(firstLoad.css)), firstLoad.js.size + firstLoad.css.size]];
for (const { name, keys } of pages()) rows.push(row(name, keys));

const header = ['page (beyond the first load)', 'JS files', 'JS gzip', 'CSS files', 'CSS gzip', 'all files'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => String(cells[column]).length)));
for (const cells of [header, ...rows]) console.log(cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  '));
