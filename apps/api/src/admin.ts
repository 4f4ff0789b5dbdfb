// `npm run admin -- <command>`: plans, coupons and subscriptions, on the database the server uses;
// backup and restore of the database and the stored files together.
import { messages } from '@consultorio/shared';
import { loadConfig, type Config } from './config';
import { databaseOptionsOf, openDatabase } from './db/client';
import { AdminError, runAdminCommand } from './modules/billing/billing.admin';
import { isBackupCommand, runBackupCommand } from './platform/backup/backup-commands';
import { BackupError } from './platform/backup/backup-format';
import { isServerRunning } from './platform/backup/local-backup-socket';

async function runDatabaseCommand(config: Config, args: string[]): Promise<string> {
  // PGlite's folder is the running server's: a second process opening it would corrupt it.
  if (!config.databaseUrl && (await isServerRunning(config.dataDir))) {
    throw new AdminError(messages.admin.serverRunning(config.dataDir));
  }
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await database.migrate();
    return await runAdminCommand(database.db, args);
  } finally {
    await database.close();
  }
}

const config = loadConfig();
const args = process.argv.slice(2);
try {
  console.log(isBackupCommand(args[0]) ? await runBackupCommand(config, args) : await runDatabaseCommand(config, args));
} catch (error) {
  if (!(error instanceof AdminError || error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
