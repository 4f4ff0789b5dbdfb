// `npm run admin -- <command>`: plans, coupons and subscriptions, on the database the server uses.
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { AdminError, runAdminCommand } from './modules/billing/billing.admin';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
try {
  await database.migrate();
  console.log(await runAdminCommand(database.db, process.argv.slice(2)));
} catch (error) {
  if (!(error instanceof AdminError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
