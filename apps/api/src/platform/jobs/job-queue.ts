import PgBoss from 'pg-boss';
import { sqlWithin, type SqlExecutor, type Tx } from '../../db/client';
import { runInJobScope } from '../log-context';

/** A job as its handler gets it: its data, and whether this is its last attempt. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  isLastAttempt: boolean;
}

export interface JobDefinition<T> {
  handle(job: JobRun<T>): Promise<void>;
  /** Told once a job has failed its last attempt (a reminder marks its appointment). */
  onFailed?(data: T, error: unknown): Promise<void>;
}

/** How many jobs of one kind are due and waiting, waiting for a later time, or running (on any instance). */
export interface QueueDepth {
  name: string;
  state: 'pending' | 'scheduled' | 'running';
  count: number;
}

export interface JobQueue {
  /** Declares a kind of job and its handler; before `start`. */
  define<T extends object>(name: string, definition: JobDefinition<T>): void;
  /**
   * Adds a job; it runs once (retried with backoff on failure) on whichever instance fetches it
   * first. `within`: in the caller's transaction, so the job exists only if the change that calls
   * for it commits (then `wake` it, as the uncommitted job is invisible to an immediate fetch).
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  /** Has this instance fetch that kind of job now rather than at its next poll. */
  wake(name: string): void;
  start(): Promise<void>;
  /**
   * Starts; when the database cannot be reached, resolves all the same and keeps trying every
   * few seconds (the app still answers, /readyz with 503) until it succeeds or is stopped.
   */
  startWhenPossible(): Promise<void>;
  /** Stops fetching, and waits up to `timeoutMs` for the jobs running here to finish. */
  stop(timeoutMs?: number): Promise<void>;
  /** Resolves once no job is waiting, running or due (tests and shutdown). */
  idle(timeoutMs?: number): Promise<void>;
  /** The kinds of job defined. */
  names(): string[];
  /** The unfinished jobs by kind and state, in one query (for /metrics); kinds without any are left out. */
  depth(): Promise<QueueDepth[]>;
}

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
  within?: Tx;
  /**
   * How long this job may run before it counts as abandoned (its worker died) and is retried,
   * when its work is known to take longer than the queue's `expireSeconds` (a long transcription);
   * at most `MAX_JOB_EXPIRE_SECONDS`. The worker itself gives up on the job after that long.
   */
  expireSeconds?: number;
}

/** pg-boss refuses an expiry of 24 hours or more. */
export const MAX_JOB_EXPIRE_SECONDS = 23 * 3600;

export interface JobQueueOptions {
  pollingSeconds: number;
  /** How long a running job may take before another instance may retry it (a killed worker's job). */
  expireSeconds: number;
  retryLimit: number;
  /** How often expired jobs are found and retried, and old ones archived. */
  maintenanceSeconds: number;
}

/** Unfinished jobs only: finished ones move to the archive, so this stays small. */
const UNFINISHED_JOBS_BY_STATE = `
  select name,
         case when state = 'active' then 'running' when start_after > now() then 'scheduled' else 'pending' end as state,
         count(*)::int as count
  from pgboss.job
  where state in ('created', 'retry', 'active')
  group by 1, 2`;

/**
 * The kinds of job with one due now (waiting or to be retried, its time come), through each
 * queue's fetch index (pg-boss's job_i5: name, start_after where state < 'active').
 */
const DUE_KINDS = `select distinct name from pgboss.job where state < 'active' and start_after <= now()`;

/**
 * How often each kind's own worker looks for jobs by itself (pg-boss's polling), a safety net
 * behind the one look for every kind every JOB_POLL_SECONDS (see `start`).
 */
const WORKER_POLLING_SECONDS = 300;

/**
 * The jobs not yet done (waiting, to be retried, running) take the queue's settings; the expiry
 * only of those that had the queue's previous one (a job sent with its own keeps it).
 */
const UPDATE_UNFINISHED_JOBS = `
  update pgboss.job
  set retry_limit = $2,
      expire_in = case when expire_in = make_interval(secs => $4) then make_interval(secs => $3) else expire_in end
  where name = $1 and state < 'completed'`;

interface Log {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * The durable job queue, pg-boss on the app's own database connection (PostgreSQL, or the
 * embedded PGlite through the same executor). Its schema comes with the migrations. Jobs
 * survive a restart; with several instances on one database each job is fetched by one of them
 * (SKIP LOCKED), and a job whose worker died is retried once it expires.
 */
export function createJobQueue(executor: SqlExecutor, options: JobQueueOptions, log: Log): JobQueue {
  const boss = new PgBoss({
    db: executor,
    schema: 'pgboss',
    migrate: false,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, JobDefinition<object>>();
  const workers = new Map<string, string>();
  let started = false;
  let retry: NodeJS.Timeout | undefined;
  let lookout: NodeJS.Timeout | undefined;

  async function run(name: string, definition: JobDefinition<object>, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const isLastAttempt = job.retryCount >= job.retryLimit;
    try {
      await definition.handle({ id: job.id, data: job.data, retryCount: job.retryCount, isLastAttempt });
    } catch (error) {
      log.warn({ err: error, job: name, attempt: job.retryCount + 1 }, `job ${name} failed`);
      if (isLastAttempt) {
        log.error({ err: error, job: name, data: job.data }, `job ${name} failed for good`);
        await definition.onFailed?.(job.data, error).catch((failure: unknown) => log.error({ err: failure }, 'job failure handler failed'));
      }
      throw error;
    }
  }

  const settings = { retryLimit: options.retryLimit, retryBackoff: true, retryDelay: 1, expireInSeconds: options.expireSeconds };

  /**
   * Creates the queue with this configuration's settings. pg-boss creates a queue once and leaves
   * an existing one as it was: its settings (and so each job sent to it, which copies them) are
   * brought in line here, and so are its unfinished jobs, so that JOB_EXPIRE_SECONDS and
   * JOB_RETRY_LIMIT apply to a database made with other values too.
   */
  async function createOrUpdateQueue(name: string): Promise<void> {
    await boss.createQueue(name, { name, ...settings });
    const queue = await boss.getQueue(name);
    if (!queue || sameSettings(queue)) return;
    await boss.updateQueue(name, { name, ...settings });
    await executor.executeSql(UPDATE_UNFINISHED_JOBS, [name, settings.retryLimit, settings.expireInSeconds, queue.expireInSeconds]);
  }

  function sameSettings(queue: PgBoss.QueueResult): boolean {
    return (
      queue.retryLimit === settings.retryLimit &&
      queue.expireInSeconds === settings.expireInSeconds &&
      queue.retryBackoff === settings.retryBackoff &&
      queue.retryDelay === settings.retryDelay
    );
  }

  function wake(name: string): void {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  }

  /**
   * One query every JOB_POLL_SECONDS for every kind of job, instead of one per kind (pg-boss's
   * workers each poll their own queue): 21 kinds polled every 2 s were 10 queries a second at
   * idle, which kept V8's memory reducer from ever seeing the process idle (issue 34). The
   * workers of the kinds with a due job are woken; jobs sent here wake theirs at once as before.
   */
  function lookForDueJobs(): void {
    lookout = setTimeout(() => {
      executor
        .executeSql(DUE_KINDS, [])
        .then(({ rows }) => {
          for (const row of rows as Array<{ name: string }>) wake(row.name);
        })
        .catch((error: unknown) => log.warn({ err: error }, 'looking for due jobs failed'))
        .finally(() => {
          if (started) lookForDueJobs();
        });
    }, options.pollingSeconds * 1000);
    lookout.unref();
  }

  return {
    define(name, definition) {
      if (started) throw new Error(`job ${name} defined after the queue started`);
      definitions.set(name, definition);
    },
    async send(name, data, sendOptions = {}) {
      await boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.within ? { db: sqlWithin(sendOptions.within) } : {}),
        ...(sendOptions.expireSeconds ? { expireInSeconds: Math.max(1, Math.min(MAX_JOB_EXPIRE_SECONDS, Math.ceil(sendOptions.expireSeconds))) } : {}),
      });
      // Fetch now rather than at the next poll when this instance runs such jobs.
      if (!sendOptions.startAfter && !sendOptions.within) wake(name);
    },
    wake,
    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const [name, definition] of definitions) {
        await createOrUpdateQueue(name);
        const id = await boss.work<object>(
          name,
          { pollingIntervalSeconds: Math.max(options.pollingSeconds, WORKER_POLLING_SECONDS), batchSize: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            try {
              // Every line logged meanwhile, by the handler's services too, names the job.
              await runInJobScope({ jobId: job.id, job: name }, () => run(name, definition, job));
            } finally {
              // More may be waiting: fetch again at once instead of after the polling interval.
              const worker = workers.get(name);
              if (worker) boss.notifyWorker(worker);
            }
          },
        );
        workers.set(name, id);
      }
      lookForDueJobs();
    },
    async startWhenPossible() {
      const attempt = async (): Promise<void> => {
        retry = undefined;
        try {
          await this.start();
        } catch (error) {
          started = false;
          log.error({ err: error }, 'job queue could not start; trying again in 5 s');
          retry = setTimeout(() => void attempt(), 5000);
          retry.unref();
        }
      };
      await attempt();
    },
    async stop(timeoutMs = 10_000) {
      if (retry) clearTimeout(retry);
      if (!started) return;
      started = false;
      clearTimeout(lookout);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
    async idle(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await executor.executeSql(
          "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()",
          [],
        );
        if (Number((rows[0] as { n: number } | undefined)?.n ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error('the job queue did not go idle');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    names: () => [...definitions.keys()],
    async depth() {
      const { rows } = await executor.executeSql(UNFINISHED_JOBS_BY_STATE, []);
      return (rows as Array<{ name: string; state: QueueDepth['state']; count: number }>).map((row) => ({ ...row, count: Number(row.count) }));
    },
  };
}
