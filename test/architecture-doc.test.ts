// docs/architecture.md lists every API module in the order of `apiModules` and names the owner of
// every table; a module folder or a table added without its line there fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiModuleOrder } from '../eslint.boundaries.js';
import { readTableOwners } from '../eslint-rules/table-owners.js';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/api/src/modules');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The text of a `## ` section of the document, up to the next one. */
function section(title: string): string {
  const start = doc.indexOf(`\n## ${title}\n`);
  expect(start, `docs/architecture.md has a section '${title}'`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

const moduleFolders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('docs/architecture.md', () => {
  it('lists every module, in the order of apiModules, each with its manifest', () => {
    const listed = [...section('Modules').matchAll(/^\d+\. `([a-z-]+)`/gm)].map((match) => match[1]);
    expect([...moduleFolders].sort()).toEqual([...apiModuleOrder].sort());
    expect(listed).toEqual(apiModuleOrder);
    for (const name of moduleFolders) {
      const manifest = path.join(modulesDir, name, `${name}.module.ts`);
      expect(existsSync(manifest), `${name}/${name}.module.ts`).toBe(true);
      expect(readFileSync(manifest, 'utf8')).toContain(`name: '${name}',`);
    }
  });

  it('names the owner of every table', () => {
    const rows = new Map([...section('Tables and their owners').matchAll(/^\| `([a-z_]+)` \| `([a-z-]+)`/gm)].map((match) => [match[1], match[2]]));
    const owners = new Map([...readTableOwners(root).values()].map((entry) => [entry.table, entry.owner]));
    expect(owners.size).toBeGreaterThan(30);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(owners));
  });
});
