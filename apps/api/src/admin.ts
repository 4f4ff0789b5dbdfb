// `npm run admin -- <command>`: plans, coupons and subscriptions, on the database the server uses;
// backup and restore of the database and the stored files together. With the embedded PGlite
// and a server running on the same DATA_DIR, the server runs the command (platform/admin-socket.ts).
import { messages } from '@consultorio/shared';
import { ConfigError, loadConfig, type Config } from './config';
import { databaseOptionsOf, openDatabase } from './db/client';
import { parseAdminCommand } from './modules/billing/billing.admin';
import { commandInRunningServer } from './platform/admin-socket';
import { isBackupCommand, runBackupCommand } from './platform/backup/backup-commands';
import { OperatorError } from './platform/errors';

/** `--help` anywhere, or `help` as the command: answered without configuration or database. */
function asksForHelp(args: string[]): boolean {
  return args[0] === 'help' || args.some((arg) => arg === '--help' || arg === '-h');
}

async function runDatabaseCommand(config: Config, args: string[]): Promise<string> {
  // Checked here first: a mistyped command never opens (or creates) a database.
  const command = parseAdminCommand(args);
  // PGlite's folder is the running server's: a second process opening it would corrupt it.
  if (!config.databaseUrl) {
    const output = await commandInRunningServer(config.dataDir, args);
    if (output !== null) return output;
  }
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await database.migrate();
    return await command(database.db);
  } finally {
    await database.close();
  }
}

async function run(args: string[]): Promise<string> {
  if (asksForHelp(args)) return messages.admin.usage;
  const config = loadConfig();
  return isBackupCommand(args[0]) ? runBackupCommand(config, args) : runDatabaseCommand(config, args);
}

try {
  console.log(await run(process.argv.slice(2)));
} catch (error) {
  if (!(error instanceof OperatorError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
