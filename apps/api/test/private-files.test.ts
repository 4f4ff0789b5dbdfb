// Everything the server writes under DATA_DIR (the embedded database, stored files, written mail,
// the admin socket) and every backup is readable by the server's user alone, files 0600 and
// folders 0700, even when the process runs with a umask that hides nothing.
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { runBackupCommand } from '../src/platform/backup/backup-commands';
import { serveAdminSocket } from '../src/platform/admin-socket';
import { backupSource, writeBackup } from '../src/platform/backup/write-backup';
import { createLocalStorage } from '../src/platform/storage/local-storage';
import { createPatientViaApi } from './factories/patients';
import { createRecordViaApi } from './factories/records';
import { newSignedInUser } from './factories/users';
import { createTestApp, type TestApp } from './helpers/build-app';
import { testDriver } from './helpers/database';

/** The restore makes a PGlite data folder with its initdb: seconds on a loaded machine. */
const TIMEOUT_MS = 180_000;

/** Each path under `root` (and `root`) whose mode lets anyone but its owner in, with that mode. */
async function notPrivate(root: string): Promise<string[]> {
  const under = (await lstat(root)).isDirectory() ? await readdir(root, { recursive: true }) : [];
  const paths = [root, ...under.map((entry) => path.join(root, entry))];
  const found = await Promise.all(
    paths.map(async (entry) => {
      const stats = await lstat(entry);
      const mode = stats.mode & 0o777;
      return mode === (stats.isDirectory() ? 0o700 : 0o600) ? [] : [`${path.relative(root, entry) || '.'} ${mode.toString(8)}`];
    }),
  );
  return found.flat();
}

function multipart(field: string, bytes: Uint8Array, name: string, type: string): FormData {
  const body = new FormData();
  body.append(field, new File([bytes], name, { type }));
  return body;
}

describe.runIf(testDriver === 'pglite')('files the server writes, under a umask that hides nothing', () => {
  let umask: number;
  let t: TestApp;
  let scratch: string;
  beforeAll(async () => {
    umask = process.umask(0o000);
    scratch = await mkdtemp(path.join(tmpdir(), 'consultorio-private-'));
    // No SMTP server: every mail is written as a file in DATA_DIR/mail.
    t = await createTestApp({ env: { SMTP_URL: '' } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(scratch, { recursive: true, force: true });
    process.umask(umask);
  });

  it(
    'keeps mail, avatars, attachments, the admin socket, a backup and a restored DATA_DIR with its database private',
    async () => {
      const { user, cookie } = await newSignedInUser(t);
      const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } }).png().toBuffer();
      const avatar = await t.request({ method: 'PUT', url: '/v1/users/me/avatar', headers: { cookie }, payload: multipart('file', picture, 'foto.png', 'image/png') });
      expect(avatar.statusCode, avatar.body).toBe(200);
      const patient = await createPatientViaApi(t, cookie);
      const record = await createRecordViaApi(t, cookie, patient.id);
      const attached = await t.request({
        method: 'POST',
        url: `/v1/records/${record.id}/attachments`,
        headers: { cookie },
        payload: multipart('files', Buffer.from('%PDF-1.4\nlaudo'), 'laudo.pdf', 'application/pdf'),
      });
      expect(attached.statusCode, attached.body).toBe(201);
      // Its mail carries a temporary password.
      await t.request({ method: 'POST', url: '/v1/users/recover-password', payload: { email: user.email } });
      await t.app.jobs.idle();

      const dataDir = t.config.dataDir;
      expect((await readdir(path.join(dataDir, 'mail'))).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
      expect(await readdir(t.filesDir)).toHaveLength(2);

      // The backup through the running server's socket, which lives in DATA_DIR/run meanwhile.
      const storage = createLocalStorage(t.filesDir);
      const socket = await serveAdminSocket(
        dataDir,
        { backup: (output) => writeBackup(backupSource(t.config, t.database, storage), output), command: () => Promise.resolve('') },
        { info: () => undefined, error: () => undefined },
      );
      const backupFile = path.join(scratch, 'copia.zip');
      try {
        await runBackupCommand(loadConfig({ DATA_DIR: dataDir }), ['backup', backupFile]);
        expect(await readdir(path.join(dataDir, 'run'))).toEqual(['admin.sock']);
        expect(await notPrivate(dataDir)).toEqual([]);
      } finally {
        await socket?.close();
      }
      expect(await notPrivate(backupFile)).toEqual([]);

      // A restore makes a new DATA_DIR: the embedded database (PGlite's initdb) and the files.
      const restored = path.join(scratch, 'restaurado', 'data');
      await runBackupCommand(loadConfig({ DATA_DIR: restored }), ['restore', backupFile]);
      expect(await readdir(restored)).toEqual(expect.arrayContaining(['db', 'files']));
      expect(await notPrivate(path.join(scratch, 'restaurado'))).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
