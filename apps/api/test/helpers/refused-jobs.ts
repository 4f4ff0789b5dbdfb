import type { Database } from '../../src/db/client';

/**
 * Runs `work` while the job queue's table refuses jobs of the kind `name` with 'fila indisponível'
 * (what a claim meets when its instance dies before queuing the job), then lets them in again.
 */
export async function whileQueueRefuses(database: Pick<Database, 'sql'>, name: string, work: () => Promise<void>): Promise<void> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`unexpected job name ${name}`);
  await database.sql.executeSql(`
    create function refuse_jobs() returns trigger language plpgsql as $$ begin raise exception 'fila indisponível'; end $$;
    create trigger refuse_jobs before insert on pgboss.job for each row when (new.name = '${name}') execute function refuse_jobs();`);
  try {
    await work();
  } finally {
    await database.sql.executeSql('drop trigger refuse_jobs on pgboss.job; drop function refuse_jobs();');
  }
}
