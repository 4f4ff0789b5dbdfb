import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { databaseOptionsOf, openDatabase } from './db/client';
import { runAdminCommand } from './modules/billing/billing.admin';
import { serveAdminSocket, type AdminSocket } from './platform/admin-socket';
import { backupSource, writeBackup } from './platform/backup/write-backup';
import { logDestination } from './platform/log-destination';
import { createMailer } from './platform/mail/mailer';
import { startIdleMemoryTrim } from './platform/idle-memory-trim';
import { createStorage } from './platform/storage/create-storage';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * After the drain's own deadline, how long closing the app, the mailer and the database may
 * take: the process is gone within SHUTDOWN_TIMEOUT_SECONDS + 5 s whatever happens.
 */
const FORCED_EXIT_GRACE_MS = 4_000;
/** How long the last log lines may take to be written before the process exits. */
const LOG_FLUSH_MS = 500;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = await openDatabase({
    ...databaseOptionsOf(config),
    onConnectionLost: (error) => console.warn(`database connection lost: ${error.message}`),
  });
  await database.migrate();

  const mailer = createMailer({
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, 'mail'),
    logger: { info: (_details, line) => console.log(line) },
  });
  const storage = createStorage(config);
  const logs = logDestination();
  const app = await buildApp({ config, database, storage, mailer, logger: { level: config.logLevel, stream: logs.stream } });
  // With PGlite only this process may open the database, so `npm run admin` asks it here.
  const adminSocket: AdminSocket | null =
    database.driver === 'pglite'
      ? await serveAdminSocket(
          config.dataDir,
          {
            backup: (output) => writeBackup(backupSource(config, database, storage), output),
            command: (args) => runAdminCommand(database.db, args),
          },
          {
            info: (message) => app.log.info(message),
            error: (details, message) => app.log.error(details, message),
          },
        )
      : null;

  const cleanup = setInterval(() => {
    app.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'cleanup failed'));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  const memoryTrim = await startIdleMemoryTrim();

  /** Exits with the first code asked for, once the log lines are out or after LOG_FLUSH_MS (a reader that has gone never reads them). */
  let exitCode: number | undefined;
  const exit = (code: number) => {
    exitCode ??= code;
    void logs.close(LOG_FLUSH_MS).then(() => process.exit(exitCode));
  };
  const timeoutMs = config.shutdownTimeoutSeconds * 1000;
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      app.log.warn(`${signal} received again: exiting without waiting`);
      exit(1);
      return;
    }
    shuttingDown = true;
    app.log.info(`${signal} received: finishing the requests and jobs in progress (up to ${config.shutdownTimeoutSeconds} s)`);
    clearInterval(cleanup);
    memoryTrim?.stop();
    // A last resort should closing itself hang (a stuck database call): the drain is bounded, the rest should take moments.
    setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting');
      exit(1);
    }, timeoutMs + FORCED_EXIT_GRACE_MS).unref();
    const { connectionsCut } = await app.drain(timeoutMs);
    if (connectionsCut) app.log.warn('requests still in progress at the shutdown deadline were cut');
    await adminSocket?.close();
    await app.close();
    mailer.close();
    await database.close();
    app.log.info('shut down');
    exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      });
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Consultório em ${config.publicUrl} (banco: ${database.driver}, e-mail: ${config.smtpUrl ? 'SMTP' : 'arquivos .eml'}, arquivos: ${config.s3 ? 'S3' : 'disco local'})`);
}

await main();
