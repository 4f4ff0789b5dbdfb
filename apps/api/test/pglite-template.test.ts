// A new DATA_DIR's embedded database comes from the template build.mjs zips (PGlite's initdb run
// at build time): the server opens it, migrates and answers as with a folder PGlite made itself.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgliteTemplate } from '../build-pglite-template.mjs';
import { openDatabase } from '../src/db/client';
import { bundleFiles, keptRanges, leanFsBundle } from '../src/db/pglite-fs-bundle';
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
      // Opened with the lean file-system bundle: what a practice's queries read is all there.
      const [row] = (
        await database.sql.executeSql(
          "select (timestamptz '2026-03-01 12:00:00Z' at time zone 'America/Sao_Paulo')::text as local, similarity('Conceição', 'Conceicao') > 0.3 as near, upper('ação') as upper",
        )
      ).rows as { local: string; near: boolean; upper: string }[];
      expect(row).toEqual({ local: '2026-03-01 09:00:00', near: true, upper: 'AÇÃO' });
      await database.sql.executeSql("do $$ begin perform set_config('application_name', 'plpgsql', false); end $$");
      expect((await database.sql.executeSql('show max_connections')).rows).toEqual([{ max_connections: '3' }]);
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

  it('reads only the files an initialized cluster uses from PGlite\'s file-system bundle, the others left as untouched zeros', async () => {
    const dataDir = path.join(work, 'lean', 'db');
    expect(await leanFsBundle(dataDir)).toBeUndefined();
    await createFromTemplate(dataDir, template);
    const lean = await leanFsBundle(dataDir);
    const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    const original = readFileSync(path.join(dist, 'pglite.data'));
    expect(lean?.size).toBe(original.length);
    expect(lean!.size - lean!.readBytes).toBeGreaterThan(4_000_000);
    const bytes = new Uint8Array(await lean!.arrayBuffer());
    const kept = keptRanges(await bundleFiles());
    const isKept = (file: { start: number; end: number }) => kept.some((range) => range.start <= file.start && file.end <= range.end);
    for (const file of await bundleFiles()) {
      const content = bytes.subarray(file.start, file.end);
      if (isKept(file)) expect(Buffer.from(content).equals(original.subarray(file.start, file.end)), file.filename).toBe(true);
      else expect(content.every((byte) => byte === 0), file.filename).toBe(true);
    }
    const left = (await bundleFiles()).filter((file) => !isKept(file)).map((file) => file.filename);
    expect(left).toEqual(expect.arrayContaining(['/pglite/share/postgresql/postgres.bki', '/pglite/lib/postgresql/utf8_and_gb18030.so']));
    expect(left.some((name) => /timezone|plpgsql|tsearch|snowball\.so|extension/.test(name))).toBe(false);
  });

  it('does nothing without a template (running from the sources)', async () => {
    expect(await createFromTemplate(path.join(work, 'none'), path.join(work, 'missing.zip'))).toBe(false);
    expect(existsSync(path.join(work, 'none'))).toBe(false);
  });
});
