// The measure the web build enforces on the login page's JavaScript (scripts/first-load.mjs),
// on a small built-like folder: which files count, and when it is over the budget.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { describeFirstLoad, firstLoadJs, FIRST_LOAD_BUDGET_BYTES } from '../scripts/first-load.mjs';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A dist folder: index.html with the given tags, and each named file with its content. */
function dist(tags: string[], files: Record<string, string | Buffer>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'first-load-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'assets'));
  writeFileSync(path.join(folder, 'index.html'), `<!doctype html><html><head>${tags.join('\n')}</head><body></body></html>`);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(folder, name), content);
  return folder;
}

const gzipped = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;

describe('firstLoadJs', () => {
  it('counts the module entry and its modulepreload links, and nothing else', () => {
    const entry = 'import "./react.js";'.repeat(50);
    const react = 'export const react = 1;'.repeat(40);
    const folder = dist(
      [
        '<script src="/zod-jitless.js"></script>',
        '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-c3.css">',
      ],
      { 'zod-jitless.js': 'globalThis.x = 1;', 'assets/index-a1.js': entry, 'assets/react-b2.js': react, 'assets/index-c3.css': 'a{}' },
    );

    const firstLoad = firstLoadJs(folder);

    expect(firstLoad.files).toEqual([
      { file: 'assets/index-a1.js', gzipBytes: gzipped(entry) },
      { file: 'assets/react-b2.js', gzipBytes: gzipped(react) },
    ]);
    expect(firstLoad.gzipBytes).toBe(gzipped(entry) + gzipped(react));
    expect(firstLoad.isOverBudget).toBe(false);
    expect(describeFirstLoad(firstLoad)).toMatch(/^Login page JavaScript: \d+\.\d KB gzip in 2 files \(budget 120 KB\)$/);
  });

  it('is over the budget when the gzip total passes 120 KB', () => {
    // Random bytes do not compress: a file a little larger than the budget stays over it gzipped.
    const folder = dist(['<script type="module" src="/assets/index-big.js"></script>'], {
      'assets/index-big.js': randomBytes(FIRST_LOAD_BUDGET_BYTES + 1024),
    });

    const firstLoad = firstLoadJs(folder);

    expect(firstLoad.isOverBudget).toBe(true);
    expect(describeFirstLoad(firstLoad)).toMatch(/OVER BUDGET$/);
  });
});
