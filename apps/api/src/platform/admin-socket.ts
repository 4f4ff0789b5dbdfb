// PGlite lets one process open its data folder, and that is the running server. So the server
// answers `npm run admin` itself on a Unix socket, DATA_DIR/run/admin.sock (mode 0600, in a
// folder of mode 0700: only the server's system user gets in), and the command asks it there;
// when nothing answers, no server runs and the command opens the database itself.
//
// The protocol is HTTP/1.1 on that socket, two requests:
//   POST /backup                                → 200 application/zip, the backup, streamed;
//                                                 409 text/plain while another backup runs
//   POST /command {"args": ["plans:list", …]}   → 200 text/plain what the command prints;
//     (application/json, at most 64 KB)           422 text/plain the operator's mistake (an OperatorError);
//                                                 400 a malformed body, 413 a larger one, 500 a failure (logged)
// Anything else is answered 404.
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import type { Writable } from 'node:stream';
import { messages } from '@consultorio/shared';
import { BackupError } from './backup/backup-format';
import { OperatorError } from './errors';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';

/** Unix socket paths are limited to about 108 bytes. */
const SOCKET_PATH_MAX = 100;
/** A command's arguments are a few words: anything larger is not from the admin command. */
const COMMAND_BODY_MAX = 64 * 1024;
const plainText = { 'content-type': 'text/plain; charset=utf-8' };

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'admin.sock');
}

export interface AdminSocket {
  close(): Promise<void>;
}

export interface AdminHandlers {
  /** Writes a backup into `output`. */
  backup: (output: Writable) => Promise<unknown>;
  /** Runs one admin command (`plans:list`, …) and answers what it prints; the operator's mistakes reject with an OperatorError. */
  command: (args: string[]) => Promise<string>;
}

interface Log {
  info(message: string): void;
  error(details: object, message: string): void;
}

/** Starts answering the admin command on DATA_DIR/run/admin.sock; backups one at a time. */
export async function serveAdminSocket(dataDir: string, handlers: AdminHandlers, log: Log): Promise<AdminSocket | null> {
  const socketPath = adminSocketPath(dataDir);
  if (socketPath.length > SOCKET_PATH_MAX) {
    log.info(`admin commands while the server runs are unavailable: the path ${socketPath} is too long for a socket`);
    return null;
  }
  await ensurePrivateDir(path.dirname(socketPath));
  await rm(socketPath, { force: true });
  const answerBackup = backupAnswerer(handlers.backup, log);
  const server = http.createServer((request, response) => {
    const route = `${request.method ?? ''} ${request.url ?? ''}`;
    if (route === 'POST /backup') answerBackup(response);
    else if (route === 'POST /command') answerCommand(request, response, handlers.command, log).catch((error: unknown) => log.error({ err: error }, 'admin command failed'));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, PRIVATE_FILE_MODE);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function backupAnswerer(backup: AdminHandlers['backup'], log: Log): (response: http.ServerResponse) => void {
  let busy = false;
  return (response) => {
    if (busy) {
      response.writeHead(409, plainText).end(messages.admin.backupInProgress);
      return;
    }
    busy = true;
    response.writeHead(200, { 'content-type': 'application/zip' });
    backup(response)
      .catch((error: unknown) => log.error({ err: error }, 'backup failed'))
      .finally(() => {
        busy = false;
      });
  };
}

async function answerCommand(request: http.IncomingMessage, response: http.ServerResponse, command: AdminHandlers['command'], log: Log): Promise<void> {
  const body = await bodyUpTo(request, COMMAND_BODY_MAX);
  if (body === undefined) {
    response.writeHead(413, plainText).end();
    return;
  }
  const args = commandArgsOf(body);
  if (!args) {
    response.writeHead(400, plainText).end();
    return;
  }
  try {
    const output = await command(args);
    response.writeHead(200, plainText).end(output);
  } catch (error) {
    if (error instanceof OperatorError) {
      response.writeHead(422, plainText).end(error.message);
    } else {
      log.error({ err: error }, 'admin command failed');
      response.writeHead(500, plainText).end();
    }
  }
}

/** The request's body as text, or undefined when it is longer than `limit` bytes (read to its end all the same, so that the answer arrives). */
async function bodyUpTo(request: http.IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length <= limit) chunks.push(chunk);
  }
  return length > limit ? undefined : Buffer.concat(chunks).toString('utf8');
}

function commandArgsOf(body: string): string[] | null {
  try {
    const { args } = JSON.parse(body) as { args?: unknown };
    return Array.isArray(args) && args.every((arg) => typeof arg === 'string') ? args : null;
  } catch {
    return null;
  }
}

/**
 * Asks the server running on this DATA_DIR for a backup, written into `output`. False when no
 * server answers (none runs, or one left a stale socket).
 */
export async function backupFromRunningServer(dataDir: string, output: Writable): Promise<boolean> {
  const response = await askServer(dataDir, '/backup');
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

/**
 * Runs an admin command in the server running on this DATA_DIR and answers what it prints;
 * null when no server answers. The operator's mistakes reject with an OperatorError.
 */
export async function commandInRunningServer(dataDir: string, args: string[]): Promise<string | null> {
  const response = await askServer(dataDir, '/command', JSON.stringify({ args }));
  if (!response) return null;
  const answer = await text(response);
  if (response.statusCode === 200) return answer;
  if (response.statusCode === 422) throw new OperatorError(answer);
  throw new OperatorError(messages.admin.commandFailedInServer(response.statusCode));
}

/** POSTs `body` (JSON) to `url` on the socket; null when no server listens there. */
function askServer(dataDir: string, url: string, body?: string): Promise<http.IncomingMessage | null> {
  const socketPath = adminSocketPath(dataDir);
  // No server could listen on such a path (serveAdminSocket declines it).
  if (socketPath.length > SOCKET_PATH_MAX) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    const request = http.request({ socketPath, method: 'POST', path: url, headers });
    request.once('response', resolve);
    request.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED' || error.code === 'ENOTSOCK') resolve(null);
      else reject(error);
    });
    request.end(body);
  });
}
