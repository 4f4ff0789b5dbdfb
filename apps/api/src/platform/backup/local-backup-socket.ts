// PGlite lets one process open its data folder, and that is the running server. So the server
// answers backups itself on a Unix socket inside DATA_DIR (a folder only its owner may enter),
// and `npm run admin -- backup` asks it there; when nothing answers, no server runs and the
// command opens the database itself.
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import type { Writable } from 'node:stream';
import { messages } from '@consultorio/shared';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files';
import { BackupError } from './backup-format';

/** Unix socket paths are limited to about 108 bytes. */
const SOCKET_PATH_MAX = 100;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'admin.sock');
}

export interface BackupSocket {
  close(): Promise<void>;
}

interface Log {
  info(message: string): void;
  error(details: object, message: string): void;
}

/** Starts answering `POST /backup` on DATA_DIR/run/admin.sock with a backup written by `write`, one at a time. */
export async function serveLocalBackups(dataDir: string, write: (output: Writable) => Promise<unknown>, log: Log): Promise<BackupSocket | null> {
  const socketPath = backupSocketPath(dataDir);
  if (socketPath.length > SOCKET_PATH_MAX) {
    log.info(`backups while the server runs are unavailable: the path ${socketPath} is too long for a socket`);
    return null;
  }
  await ensurePrivateDir(path.dirname(socketPath));
  await rm(socketPath, { force: true });
  let busy = false;
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    if (busy) {
      response.writeHead(409).end(messages.admin.backupInProgress);
      return;
    }
    busy = true;
    response.writeHead(200, { 'content-type': 'application/zip' });
    write(response)
      .catch((error: unknown) => log.error({ err: error }, 'backup failed'))
      .finally(() => {
        busy = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  // A socket is made with the umask's mode; its folder already keeps others out.
  await chmod(socketPath, PRIVATE_FILE_MODE);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Asks the server running on this DATA_DIR for a backup, written into `output`. False when no
 * server answers (none runs, or one left a stale socket).
 */
export async function backupFromRunningServer(dataDir: string, output: Writable): Promise<boolean> {
  const response = await askServer(dataDir, 'POST', '/backup');
  if (!response) return false;
  if (response.statusCode !== 200) {
    const message = await text(response);
    throw new BackupError(message || messages.admin.backupRefusedByServer(response.statusCode));
  }
  try {
    await pipeline(response, output);
  } catch (error) {
    if (response.complete) throw error;
    throw new BackupError(messages.admin.backupInterruptedByServer);
  }
  return true;
}

/** Whether a server is running on this DATA_DIR (it answers on its socket). */
export async function isServerRunning(dataDir: string): Promise<boolean> {
  const response = await askServer(dataDir, 'GET', '/');
  response?.resume();
  return response !== null;
}

function askServer(dataDir: string, method: string, url: string): Promise<http.IncomingMessage | null> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: backupSocketPath(dataDir), method, path: url });
    request.once('response', resolve);
    request.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED' || error.code === 'ENOTSOCK') resolve(null);
      else reject(error);
    });
    request.end();
  });
}
