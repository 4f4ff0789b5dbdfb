// A new DATA_DIR's embedded database comes from the template build.mjs zips (PGlite's initdb run
// at build time): the server opens it, migrates and answers as with a folder PGlite made itself.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgliteTemplate } from '../build-pglite-template.mjs';
import { openDatabase } from '../src/db/client';
import { createFromTemplate } from '../src/db/pglite-template';
import { testDriver } from './helpers/database';

let work: string;
let template: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'consultorio-template-'));
  template = path.join(work, 'pgdata-template.zip');
  if (testDriver === 'pglite') await buildPgliteTemplate(template);
}, 120_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe.runIf(testDriver === 'pglite')('the PGlite template', () => {
  it('fills a new data folder that PGlite opens, migrates and queries, with its files private to the server', async () => {
    const dataDir = path.join(work, 'data', 'db');
    expect(await createFromTemplate(dataDir, template)).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    // PostgreSQL will not start without its empty folders.
    expect(existsSync(path.join(dataDir, 'pg_tblspc'))).toBe(true);
    expect(existsSync(`${dataDir}.partial`)).toBe(false);
    expect(statSync(dataDir).mode & 0o077).toBe(0);
    expect(statSync(path.join(dataDir, 'PG_VERSION')).mode & 0o077).toBe(0);

    const database = await openDatabase({ pgliteDir: dataDir, pgliteSharedBuffers: '24MB' });
    try {
      await database.migrate();
      const [library] = (await database.sql.executeSql('select count(*)::int as n from qa_templates')).rows as { n: number }[];
      expect(library!.n).toBeGreaterThan(0);
      expect((await database.sql.executeSql('show shared_buffers')).rows).toEqual([{ shared_buffers: '24MB' }]);
    } finally {
      await database.close();
    }
  });

  it('leaves a folder that already holds anything to PGlite, and replaces what an interrupted copy left', async () => {
    const used = path.join(work, 'used');
    mkdirSync(used);
    writeFileSync(path.join(used, 'keep.txt'), 'x');
    expect(await createFromTemplate(used, template)).toBe(false);
    expect(readdirSync(used)).toEqual(['keep.txt']);

    const fresh = path.join(work, 'fresh');
    mkdirSync(`${fresh}.partial`);
    writeFileSync(path.join(`${fresh}.partial`, 'PG_VERSION'), 'half');
    expect(await createFromTemplate(fresh, template)).toBe(true);
    expect(existsSync(`${fresh}.partial`)).toBe(false);
    expect(existsSync(path.join(fresh, 'global', 'pg_control'))).toBe(true);
  });

  it('does nothing without a template (running from the sources)', async () => {
    expect(await createFromTemplate(path.join(work, 'none'), path.join(work, 'missing.zip'))).toBe(false);
    expect(existsSync(path.join(work, 'none'))).toBe(false);
  });
});
