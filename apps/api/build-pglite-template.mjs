// The empty database cluster a new DATA_DIR starts from (src/db/pglite-template.ts): PGlite's
// initdb, run once per PGlite version and cached, then zipped beside main.js by build.mjs.
// initdb is what makes a first start heavy (a second PostgreSQL and a copy of its memory), so it
// happens here, at build time, instead of in the server.
import { copyFile, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

// Bump when the way the template is made changes, so cached copies are not reused.
const TEMPLATE_FORMAT = 1;

function pgliteVersion() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let folder = path.dirname(entry);
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).version;
}

async function addFolder(zip, folder, prefix = '') {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      // Empty folders matter: PostgreSQL refuses to start without pg_tblspc, pg_notify...
      zip.addEmptyDirectory(name);
      await addFolder(zip, path.join(folder, entry.name), `${name}/`);
    } else {
      zip.addFile(path.join(folder, entry.name), name);
    }
  }
}

async function initdb(zipFile) {
  const { PGlite } = await import('@electric-sql/pglite');
  const work = await mkdtemp(path.join(tmpdir(), 'consultorio-pgdata-'));
  try {
    const dataDir = path.join(work, 'db');
    const database = await PGlite.create(dataDir);
    await database.close();
    const zip = new yazl.ZipFile();
    await addFolder(zip, dataDir);
    zip.end();
    const partial = `${zipFile}.${process.pid}.partial`;
    await pipeline(zip.outputStream, createWriteStream(partial));
    await rename(partial, zipFile);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Copies the template to `target`, making it first when this PGlite version has none cached. */
export async function buildPgliteTemplate(target) {
  const cacheDir = path.join(import.meta.dirname, 'node_modules/.cache/consultorio');
  const cached = path.join(cacheDir, `pgdata-template-${pgliteVersion()}-${TEMPLATE_FORMAT}.zip`);
  if (!existsSync(cached)) {
    await mkdir(cacheDir, { recursive: true });
    await initdb(cached);
  }
  await copyFile(cached, target);
}
