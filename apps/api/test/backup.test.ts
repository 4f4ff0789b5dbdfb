// `npm run admin -- backup FILE` / `restore FILE`: round trips on the embedded PGlite (backup
// through the running server's socket) and on PostgreSQL with files in S3 (files added and
// deleted while the backup runs), refusals, and the command line's exit code.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { messages, type ClinicalRecord, type Patient, type RecordAttachment } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig, type Config } from '../src/config';
import { wholeLines, type BulkAccess } from '../src/db/bulk';
import { openDatabase, type Database } from '../src/db/client';
import { appliedMigrationLevel, applyMigrationsThrough, codeMigrations, latestMigrationLevel, type MigrationLevel } from '../src/db/migration-level';
import { users } from '../src/db/schema';
import { serveAdminSocket } from '../src/platform/admin-socket';
import { runBackupCommand } from '../src/platform/backup/backup-commands';
import { BackupError } from '../src/platform/backup/backup-format';
import { BackupArchive } from '../src/platform/backup/read-backup';
import { backupSource, writeBackup } from '../src/platform/backup/write-backup';
import { createLocalStorage } from '../src/platform/storage/local-storage';
import { createS3Storage } from '../src/platform/storage/s3-storage';
import type { Storage } from '../src/platform/storage/storage';
import { createPatientViaApi } from './factories/patients';
import { createRecordViaApi } from './factories/records';
import { DEFAULT_PASSWORD, newSignedInUser, signIn } from './factories/users';
import { createTestApp, type TestApp } from './helpers/build-app';
import { testDriver } from './helpers/database';
import { adminQuery, databaseUrl } from './helpers/postgres-template';
import { TestSmtpServer } from './helpers/smtp';

/** A round trip opens several databases (PGlite's start-up is seconds on a loaded machine). */
const ROUND_TRIP_TIMEOUT_MS = 180_000;

const scratch: string[] = [];
async function scratchDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `consultorio-backup-${name}-`));
  scratch.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** What one professional left in the app, to be found again after a restore. */
interface Practice {
  username: string;
  patient: Patient;
  record: ClinicalRecord;
  attachments: Attached[];
}

type Attached = { attachment: RecordAttachment; bytes: Buffer };

async function attach(t: TestApp, cookie: string, recordId: string, name: string): Promise<Attached> {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000)]);
  const body = new FormData();
  body.append('files', new File([bytes], name, { type: 'application/pdf' }));
  const response = await t.request({ method: 'POST', url: `/v1/records/${recordId}/attachments`, headers: { cookie }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  const attachment = (response.json().data.recordsAttachments as RecordAttachment[]).find((candidate) => candidate.basename === name)!;
  return { attachment, bytes };
}

async function newPractice(t: TestApp): Promise<Practice & { cookie: string }> {
  const { user, cookie } = await newSignedInUser(t);
  const patient = await createPatientViaApi(t, cookie, { firstName: 'Maria', lastName: 'Cópia Segura' });
  const created = await createRecordViaApi(t, cookie, patient.id, 'Primeira sessão');
  const saved = await t.request({
    method: 'PUT',
    url: `/v1/records/${created.id}/content`,
    headers: { cookie },
    payload: { content: '<p>Relato da sessão, com acentuação: coração, ação.</p>', version: created.version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const record = saved.json().data.record as ClinicalRecord;
  return { username: user.username, cookie, patient, record, attachments: [await attach(t, cookie, record.id, 'laudo.pdf')] };
}

/** Signs in as the professional on `t` and finds the patient, the record and each attachment's bytes. */
async function expectPractice(t: TestApp, practice: Practice): Promise<void> {
  const cookie = await signIn(t, practice.username, DEFAULT_PASSWORD);
  const patient = await t.request({ method: 'GET', url: `/v1/patients/${practice.patient.id}`, headers: { cookie } });
  expect(patient.statusCode, patient.body).toBe(200);
  expect(patient.json().data.patient).toMatchObject({ firstName: 'Maria', lastName: 'Cópia Segura' });
  const record = await t.request({ method: 'GET', url: `/v1/records/${practice.record.id}`, headers: { cookie } });
  expect(record.statusCode, record.body).toBe(200);
  expect(record.json().data.record.content).toBe(practice.record.content);
  const listed = (record.json().data.recordsAttachments as RecordAttachment[]).map((attachment) => attachment.externalKey).sort();
  expect(listed).toEqual(practice.attachments.map(({ attachment }) => attachment.externalKey).sort());
  // Loaded with the patients' trigger off: each patient counted once, as in the backup.
  const [owner] = await t.database.db.select({ patientCount: users.patientCount }).from(users).where(eq(users.username, practice.username));
  expect(owner?.patientCount).toBe(1);
  for (const { attachment, bytes } of practice.attachments) {
    const file = await t.request({ method: 'GET', url: `/v1/files/${attachment.externalKey}`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
  }
}

/** The app code on a restored database and storage. */
async function openRestored(database: Database, storage: Storage, smtp: TestSmtpServer): Promise<TestApp> {
  await database.migrate();
  return createTestApp({ shared: { database, smtp }, storage });
}

/** Every path under `dir` with its size and modification time: unchanged means untouched. */
async function listing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  const described = await Promise.all(
    entries.map(async (entry) => {
      const found = await stat(path.join(dir, entry));
      return `${entry} ${found.size} ${found.mtimeMs}`;
    }),
  );
  return described.sort();
}

async function refusal(config: Config, args: string[]): Promise<string> {
  const error: unknown = await runBackupCommand(config, args).then(
    (output) => new Error(`expected a refusal, got: ${output}`),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as BackupError).message;
}

describe('COPY text regrouped for PGlite', () => {
  it('regroups a stream into pieces that end at a row end, losing and adding nothing', async () => {
    const text = Array.from({ length: 200 }, (_, row) => `${row}\tlinha ${'x'.repeat(row % 37)}\n`).join('');
    const chunks = (async function* () {
      for (let at = 0; at < text.length; at += 97) yield Buffer.from(text.slice(at, at + 97));
    })();
    const pieces: string[] = [];
    for await (const piece of wholeLines(chunks, 500)) pieces.push(piece.toString());
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect(piece.endsWith('\n')).toBe(true);
  });
});

describe.skipIf(testDriver !== 'pglite')('backup and restore on the embedded PGlite', () => {
  let t: TestApp;
  let practice: Practice;
  let backupFile: string;
  const smtp = new TestSmtpServer();

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp();
    practice = await newPractice(t);
    backupFile = path.join(await scratchDir('files'), 'copia.zip');
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('backs up through the running server, restores into a new DATA_DIR, and the app finds everything there', async () => {
    // The running server answers on DATA_DIR/run/admin.sock; its database is not on disk, so the
    // command can only succeed by asking it.
    const storage = createLocalStorage(t.filesDir);
    const socket = await serveAdminSocket(
      t.config.dataDir,
      { backup: (output) => writeBackup(backupSource(t.config, t.database, storage), output), command: () => Promise.resolve('') },
      { info: () => undefined, error: () => undefined },
    );
    try {
      const [printed, served] = await Promise.all([
        runBackupCommand(loadConfig({ DATA_DIR: t.config.dataDir }), ['backup', backupFile]),
        t.request({ method: 'GET', url: '/healthz' }),
      ]);
      expect(printed).toMatch(/^Cópia de segurança gravada em .*copia\.zip: \d+ tabelas \(\d+ linhas\) e 1 arquivos/u);
      expect(served.statusCode).toBe(200);
    } finally {
      await socket?.close();
    }

    const dataDir = path.join(await scratchDir('restored'), 'data');
    const restored = await runBackupCommand(loadConfig({ DATA_DIR: dataDir }), ['restore', backupFile]);
    expect(restored).toMatch(/restaurada: .* Inicie o servidor normalmente/u);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const app = await openRestored(database, createLocalStorage(path.join(dataDir, 'files')), smtp);
    try {
      await expectPractice(app, practice);
    } finally {
      await app.close();
      await database.close();
    }

    // With no server on it, the command opens the restored database itself.
    const again = path.join(path.dirname(backupFile), 'de-novo.zip');
    expect(await runBackupCommand(loadConfig({ DATA_DIR: dataDir }), ['backup', again])).toMatch(/e 1 arquivos/u);
    const archive = await BackupArchive.open(again);
    try {
      await archive.verify();
      expect(archive.manifest.database.driver).toBe('pglite');
      expect(archive.manifest.files.map((file) => file.key)).toEqual([practice.attachments[0]!.attachment.externalKey]);
    } finally {
      archive.close();
    }
  }, ROUND_TRIP_TIMEOUT_MS);

  it('refuses to restore into a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const dataDir = await scratchDir('occupied');
    await mkdir(path.join(dataDir, 'files'));
    await writeFile(path.join(dataDir, 'files', 'avatar-existente.webp'), 'já estava aqui');
    const before = await listing(dataDir);
    expect(await refusal(loadConfig({ DATA_DIR: dataDir }), ['restore', backupFile])).toBe(messages.admin.restoreDataDirNotEmpty(dataDir));
    expect(await listing(dataDir)).toEqual(before);
  });

  it('refuses a backup whose bytes were changed, before writing anything', async () => {
    const zip = await readFile(backupFile);
    const { bytes } = practice.attachments[0]!;
    // Stored files go into the zip uncompressed: their bytes are there as they are.
    const at = zip.indexOf(bytes.subarray(1000, 1064));
    expect(at).toBeGreaterThan(0);
    zip[at] = zip[at]! ^ 0xff;
    const tampered = path.join(path.dirname(backupFile), 'adulterada.zip');
    await writeFile(tampered, zip);
    const dataDir = path.join(await scratchDir('tampered'), 'data');
    const message = await refusal(loadConfig({ DATA_DIR: dataDir }), ['restore', tampered]);
    expect(message).toBe(messages.admin.backupCorrupted(tampered, `files/${practice.attachments[0]!.attachment.externalKey}`));
    expect(await listing(dataDir)).toEqual([]);
  });

  /** A zip holding only the manifest of the backup, at another schema level. */
  async function backupAtLevel(name: string, migration: MigrationLevel): Promise<string> {
    const manifest = {
      ...(await BackupArchive.open(backupFile).then((archive) => (archive.close(), archive.manifest))),
      database: { driver: 'pglite', migration },
    };
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(manifest)), 'manifest.json');
    zip.end();
    const file = path.join(path.dirname(backupFile), name);
    await pipeline(zip.outputStream, createWriteStream(file));
    return file;
  }

  it('refuses a backup made by a newer version, naming both schema levels', async () => {
    const latest = latestMigrationLevel();
    const future = await backupAtLevel('futura.zip', { ...latest, count: latest.count + 1, when: latest.when + 1, tag: '9999_futura' });
    expect(await refusal(loadConfig({ DATA_DIR: path.join(await scratchDir('future'), 'data') }), ['restore', future])).toBe(messages.admin.backupFromNewerVersion(future, '9999_futura', latest.tag));
  });

  it('refuses a backup at a schema level this version does not have (another branch), before touching anything', async () => {
    const [first] = codeMigrations();
    const other = await backupAtLevel('outro-ramo.zip', { count: 1, when: first!.when + 1, tag: '0000_outro' });
    const config = loadConfig({ DATA_DIR: path.join(await scratchDir('other-branch'), 'data') });
    expect(await refusal(config, ['restore', other])).toBe(messages.admin.backupUnknownLevel(other, '0000_outro'));
    const miscounted = await backupAtLevel('contagem.zip', { count: 3, when: first!.when, tag: first!.tag });
    expect(await refusal(config, ['restore', miscounted])).toBe(messages.admin.backupUnknownLevel(miscounted, first!.tag));
  });

  it('refuses to overwrite a file, and answers bad arguments with the usage', async () => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir });
    expect(await refusal(config, ['backup', backupFile])).toBe(messages.admin.backupFileExists(backupFile));
    expect(await refusal(config, ['restore'])).toBe(messages.admin.backupUsage('restore'));
    expect(await refusal(config, ['backup', 'a.zip', 'b.zip'])).toBe(messages.admin.backupUsage('backup'));
    const nowhere = path.join(await scratchDir('nowhere'), 'sem-pasta', 'copia.zip');
    expect(await refusal(config, ['backup', nowhere])).toBe(messages.admin.backupCannotWrite(nowhere, 'ENOENT'));
  });

  it('the command line prints a clear message and exits with 1, without a stack trace, for a file that is not a backup', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const notBackup = path.join(await scratchDir('garbage'), 'planilha.zip');
    await writeFile(notBackup, randomBytes(4096));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(path.dirname(notBackup), 'data') };
    delete env.DATABASE_URL;
    const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/src/admin.ts', 'restore', notBackup], { cwd: root, env, timeout: 60_000 }).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim()).toBe(messages.admin.backupNotABackup(notBackup));
    expect(await listing(path.dirname(notBackup))).toEqual([expect.stringMatching(/^planilha\.zip 4096 /u)]);
  });

  it('copies a table larger than one slice out of PGlite and back in, row for row', async () => {
    // On the app's database (a new PGlite takes seconds to start), after the backups above.
    const { database } = t;
    try {
      await database.sql.executeSql(
        "create table origem (id int primary key, texto text); insert into origem select n, repeat(md5(n::text), 40) from generate_series(1, 3500) as n; create table destino (like origem)",
      );
      const columns = ['id', 'texto'];
      // Out in slices of 512 pages, back in pieces of 4 MB: both cut more than once here.
      const body = await database.bulk.inSnapshot(async (session) => {
        const copied: Buffer[] = [];
        for await (const chunk of session.copyOut({ schema: 'public', name: 'origem', columns })) copied.push(chunk as Buffer);
        return Buffer.concat(copied);
      });
      expect(body.length).toBeGreaterThan(4 * 1024 * 1024);
      expect(body.toString().split('\n')).toHaveLength(3501);
      await database.bulk.inTransaction((session) => session.copyIn({ schema: 'public', name: 'destino', columns }, Readable.from([body])));
      const { rows } = await database.sql.executeSql(
        `select (select count(*)::int from destino) as n, pg_relation_size('origem') > 512 * 8192 as "severalSlices",
          (select md5(string_agg(id || texto, ',' order by id)) from origem) = (select md5(string_agg(id || texto, ',' order by id)) from destino) as same`,
      );
      expect(rows[0]).toEqual({ n: 3500, severalSlices: true, same: true });
    } finally {
      await database.sql.executeSql('drop table origem; drop table destino');
    }
  });
});

describe.skipIf(testDriver !== 'postgres')('backup and restore on PostgreSQL with files in S3', () => {
  const databases: string[] = [];
  let s3: S3rver;
  let s3Endpoint: string;
  const smtp = new TestSmtpServer();

  async function newDatabase(fromTemplate: boolean): Promise<string> {
    const name = `consultorio_backup_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}${fromTemplate ? ` template ${inject('templateDatabase')}` : ''}`);
    databases.push(name);
    return databaseUrl(name);
  }

  const s3Env = (bucket: string) => ({ S3_BUCKET: bucket, S3_ENDPOINT: s3Endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
  const bucketStorage = (bucket: string) => createS3Storage(loadConfig(s3Env(bucket)).s3!);

  beforeAll(async () => {
    await smtp.start();
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: await scratchDir('s3'),
      configureBuckets: ['origem', 'destino', 'outro-destino'].map((name) => ({ name, configs: [] })),
    });
    const address: AddressInfo = await s3.run();
    s3Endpoint = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await s3.close();
    await smtp.close();
    for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it('keeps the snapshot and the files consistent while files are added and deleted, and restores into a new database and bucket', async () => {
    const sourceUrl = await newDatabase(true);
    const database = await openDatabase({ url: sourceUrl });
    const storage = bucketStorage('origem');
    const t = await createTestApp({ shared: { database, smtp }, storage });
    const backupFile = path.join(await scratchDir('pg'), 'copia.zip');
    try {
      const { cookie, ...practice } = await newPractice(t);
      // While the files already listed are being copied, the professional uploads two more; once
      // the snapshot has begun (it lists both), she deletes one of them before it is copied.
      let uploaded: { added: Attached; doomed: Attached } | undefined;
      const watched: Storage = {
        ...storage,
        get: async (key) => {
          uploaded ??= {
            added: await attach(t, cookie, practice.record.id, 'enviado-durante.pdf'),
            doomed: await attach(t, cookie, practice.record.id, 'apagado-durante.pdf'),
          };
          return storage.get(key);
        },
      };
      let snapshots = 0;
      const bulk: BulkAccess = {
        inTransaction: (work) => database.bulk.inTransaction(work),
        inSnapshot: (work) =>
          database.bulk.inSnapshot(async (session) => {
            snapshots += 1;
            if (snapshots === 1) {
              await session.rows('select 1');
              const removed = await t.request({ method: 'DELETE', url: `/v1/records/attachments/${uploaded!.doomed.attachment.id}`, headers: { cookie } });
              expect(removed.statusCode, removed.body).toBe(200);
            }
            return work(session);
          }),
      };
      const manifest = await writeBackup({ database: { ...database, bulk }, storage: watched, storageKind: 's3' }, createWriteStream(backupFile));
      // The first snapshot still had the deleted file's row but its object was gone: a second one was taken.
      expect(snapshots).toBe(2);
      const expected = [...practice.attachments, uploaded!.added];
      expect(manifest.files.map((file) => file.key).sort()).toEqual(expected.map(({ attachment }) => attachment.externalKey).sort());

      const restoredUrl = await newDatabase(false);
      const config = loadConfig({ DATABASE_URL: restoredUrl, DATA_DIR: await scratchDir('pg-data'), ...s3Env('destino') });
      expect(await runBackupCommand(config, ['restore', backupFile])).toMatch(/e 2 arquivos/u);
      const restored = await openDatabase({ url: restoredUrl });
      const app = await openRestored(restored, bucketStorage('destino'), smtp);
      try {
        await expectPractice(app, { ...practice, attachments: expected });
        expect(await bucketStorage('destino').get(uploaded!.doomed.attachment.externalKey)).toBeNull();
      } finally {
        await app.close();
        await restored.close();
      }
    } finally {
      await t.close();
      await database.close();
    }

    // The same backup restores into the embedded PGlite, the files onto the local disk.
    const dataDir = path.join(await scratchDir('into-pglite'), 'data');
    expect(await runBackupCommand(loadConfig({ DATA_DIR: dataDir }), ['restore', backupFile])).toMatch(/restaurada/u);
    expect((await readdir(path.join(dataDir, 'files'))).length).toBe(2);
  }, ROUND_TRIP_TIMEOUT_MS);

  it('restores a backup made by an older version, and brings its schema up to date', async () => {
    const older = codeMigrations().at(-3)!;
    const sourceUrl = await newDatabase(false);
    const source = await openDatabase({ url: sourceUrl });
    const backupFile = path.join(await scratchDir('pg-older'), 'antiga.zip');
    try {
      await source.bulk.inTransaction(async (session) => {
        await applyMigrationsThrough(session, older.when);
        await session.exec("insert into rate_counters (key, attempts) values ('versao-antiga', 3)");
      });
      const manifest = await writeBackup(
        { database: source, storage: createLocalStorage(await scratchDir('pg-older-files')), storageKind: 'local' },
        createWriteStream(backupFile),
      );
      expect(manifest.database.migration).toEqual({ count: codeMigrations().length - 2, when: older.when, tag: older.tag });
    } finally {
      await source.close();
    }

    const restoredUrl = await newDatabase(false);
    await runBackupCommand(loadConfig({ DATABASE_URL: restoredUrl, DATA_DIR: await scratchDir('pg-older-data') }), ['restore', backupFile]);
    const restored = await openDatabase({ url: restoredUrl });
    try {
      const level = await restored.bulk.inSnapshot((session) => appliedMigrationLevel(session));
      expect(level).toEqual(latestMigrationLevel());
      const { rows } = await restored.sql.executeSql("select attempts from rate_counters where key = 'versao-antiga'");
      expect(rows).toEqual([{ attempts: 3 }]);
    } finally {
      await restored.close();
    }
  });

  it('backs up with the command, and refuses to restore into a database or a bucket that is not empty', async () => {
    const sourceUrl = await newDatabase(true);
    const database = await openDatabase({ url: sourceUrl });
    const t = await createTestApp({ shared: { database, smtp }, storage: bucketStorage('outro-destino') });
    const backupFile = path.join(await scratchDir('pg-cli'), 'copia.zip');
    try {
      await newPractice(t);
      const config = loadConfig({ DATABASE_URL: sourceUrl, DATA_DIR: await scratchDir('pg-cli-data'), ...s3Env('outro-destino') });
      expect(await runBackupCommand(config, ['backup', backupFile])).toMatch(/e 1 arquivos/u);
      const tables = async () => (await database.sql.executeSql("select count(*)::int as n from pg_tables where schemaname = 'public'")).rows;
      const before = await tables();
      expect(await refusal(config, ['restore', backupFile])).toMatch(
        /^O banco de dados de DATABASE_URL não está vazio \(\d+ tabelas\)\. A restauração só grava num banco vazio: crie um banco novo \(createdb\) e aponte DATABASE_URL para ele\. Nada foi alterado\.$/u,
      );
      expect(await tables()).toEqual(before);

      const emptyUrl = await newDatabase(false);
      expect(await refusal({ ...config, databaseUrl: emptyUrl }, ['restore', backupFile])).toBe(messages.admin.restoreBucketNotEmpty('outro-destino'));
    } finally {
      await t.close();
      await database.close();
    }
  });
});
