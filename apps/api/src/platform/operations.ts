import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { healthApi } from '@consultorio/shared';
import type { FastifyInstance } from 'fastify';
import type { SqlExecutor } from '../db/client';
import { migrationsApplied } from '../db/migrations-state';
import { AppError } from './errors';
import type { JobQueue } from './jobs/job-queue';
import { REQUEST_ID_HEADER } from './log-context';
import type { Metrics } from './metrics';
import { routeSchema } from './routes';

/** Set once a shutdown begins: readiness answers 503 and answers ask their connection to close. */
export interface Lifecycle {
  shuttingDown: boolean;
}

interface OperationsOptions {
  lifecycle: Lifecycle;
  /** Absent without METRICS_TOKEN: /metrics answers 404 and nothing is measured. */
  metrics: Metrics | undefined;
}

/**
 * The request id on every answer, the measured durations, and `Connection: close` while draining.
 * Added before any plugin or route, so that every one of them gets these hooks.
 */
export function addOperationalHooks(app: FastifyInstance, { lifecycle, metrics }: OperationsOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // While draining, the client (or the proxy) opens its next request on a new connection, elsewhere.
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    done();
  });
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observe(request, reply);
      done();
    });
  }
}

const ok = { status: 'ok' } as const;

/** Liveness, readiness and metrics: operational, so left out of the OpenAPI document. */
export function addOperationalRoutes(app: FastifyInstance, { lifecycle, metrics, sql }: OperationsOptions & { sql: SqlExecutor }): void {
  // Liveness: the process answers. Nothing else is asked, so a database outage never gets it restarted.
  app.get('/healthz', { schema: { ...routeSchema(healthApi.check), hide: true } }, (_request, reply) => reply.send(ok));

  app.get('/readyz', { schema: { ...routeSchema(healthApi.readiness), hide: true } }, async (_request, reply) => {
    if (lifecycle.shuttingDown) throw new AppError('SHUTTING_DOWN');
    const applied = await migrationsApplied(sql).catch(() => {
      throw new AppError('DATABASE_UNAVAILABLE');
    });
    if (!applied) throw new AppError('MIGRATIONS_PENDING');
    return reply.send(ok);
  });

  app.get('/metrics', { schema: { ...routeSchema(healthApi.metrics), hide: true } }, async (request, reply) => {
    // Without a token the route looks like any unknown address.
    if (!metrics) throw new AppError('ROUTE_NOT_FOUND');
    if (!metrics.authorizes(request.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('METRICS_UNAUTHORIZED');
    }
    const { contentType, text } = await metrics.render();
    return reply.type(contentType).send(text);
  });
}

/** How often, while draining, connections that went idle (a finished event stream) are closed. */
const IDLE_SWEEP_MS = 200;

/**
 * The server's connections that have not sent a byte yet: a browser opens some ahead of need and
 * may keep them for minutes. Node counts them as busy (`closeIdleConnections` leaves them open),
 * so without this a drain would wait for them until its deadline. Watched from the start.
 */
export function watchSilentConnections(server: Server): () => Socket[] {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return () => [...open].filter((socket) => socket.bytesRead === 0);
}

interface Connections {
  server: Server;
  silent: () => Socket[];
}

/**
 * Stops accepting connections at once and closes the idle ones (kept alive after an answer, or
 * never used); lets the requests in flight finish; stops fetching jobs and waits for the running
 * ones. After `timeoutMs` the connections left are cut (and pg-boss hands the jobs left to a
 * retry). Resolves when nothing runs here.
 */
export async function drain(connections: Connections, jobs: Pick<JobQueue, 'stop'>, timeoutMs: number): Promise<{ connectionsCut: boolean }> {
  const [connectionsCut] = await Promise.all([closeConnections(connections, timeoutMs), jobs.stop(timeoutMs)]);
  return { connectionsCut };
}

/** Resolves with whether connections had to be cut at the deadline. */
function closeConnections({ server, silent }: Connections, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let cut = false;
    const closeIdle = () => {
      server.closeIdleConnections();
      for (const socket of silent()) socket.destroy();
    };
    const sweep = setInterval(closeIdle, IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, timeoutMs);
    // Called when the last connection has closed (at once, with an error, when not listening).
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve(cut);
    });
    closeIdle();
  });
}
