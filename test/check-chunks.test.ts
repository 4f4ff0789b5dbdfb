// The web build's check of its chunks (apps/web/vite-plugins.ts, checkChunks) and the chunk
// groups it is built with (apps/web/chunk-groups.json, written by scripts/chunk-groups.mjs).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkProblems, staleChunkGroups } from '../apps/web/vite-plugins';

const root = path.resolve(import.meta.dirname, '..');

/** A built chunk: its file is its name, shared unless it is an entry. */
function chunk(name: string, { imports = [] as string[], moduleIds = [] as string[], isEntry = false, css = [] as string[] } = {}) {
  return { fileName: name, name, isEntry, isDynamicEntry: false, imports, moduleIds, viteMetadata: { importedCss: new Set(css) } };
}

describe('chunkProblems', () => {
  it('finds nothing in chunks that import each other in one direction', () => {
    expect(chunkProblems([chunk('a', { imports: ['b', 'c'], moduleIds: ['/a'] }), chunk('b', { imports: ['c'], moduleIds: ['/b'] }), chunk('c', { moduleIds: ['/c'] })])).toEqual([]);
  });

  it('names a module in two chunks and chunks importing each other in a circle', () => {
    const problems = chunkProblems([chunk('a', { imports: ['b'], moduleIds: ['/a', '/shared'] }), chunk('b', { imports: ['c'], moduleIds: ['/b'] }), chunk('c', { imports: ['a'], moduleIds: ['/shared'] })]);

    expect(problems).toEqual(['/shared is in a and c', 'the chunks a → b → c → a import each other']);
  });
});

describe('staleChunkGroups', () => {
  it('lists the named modules the build lacks and the shared modules left unnamed, but not entries, icons or chunks with CSS', () => {
    const chunks = [
      chunk('index', { isEntry: true, moduleIds: ['/app/main.tsx'] }),
      chunk('signed-in', { moduleIds: ['/app/a.ts', '/app/new.ts'] }),
      chunk('icons', { moduleIds: ['/node_modules/icon.mjs'] }),
      chunk('date-field', { moduleIds: ['/app/date-field.tsx'], css: ['date-field.css'] }),
      chunk('rolldown-runtime', { moduleIds: ['\0rolldown/runtime.js'] }),
    ];

    expect(staleChunkGroups(chunks, new Set(['/app/a.ts', '/app/gone.ts']))).toEqual(['/app/gone.ts', '/app/new.ts']);
  });
});

describe('chunk-groups.json', () => {
  const groups = JSON.parse(readFileSync(path.join(root, 'apps/web/chunk-groups.json'), 'utf8')) as Record<string, string[]>;
  const modules = Object.values(groups).flat();

  // A renamed or removed file, or a package whose files moved: `node scripts/chunk-groups.mjs` writes the list again.
  it('names only files that exist, each in one chunk', () => {
    expect(modules.filter((module) => !existsSync(path.join(root, module)))).toEqual([]);
    expect(new Set(modules).size).toBe(modules.length);
  });
});
