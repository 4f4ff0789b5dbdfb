import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue, QueueDepth } from './jobs/job-queue';

/** Seconds; up to a minute, as a streamed chat answer may take that long. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** A request no route matched: one label for all of them, so unknown URLs cannot add series. */
const UNMATCHED_ROUTE = 'unmatched';

const QUEUE_STATES: ReadonlyArray<QueueDepth['state']> = ['pending', 'scheduled', 'running'];

export interface Metrics {
  /** Records one answer: its route's pattern (never the URL), method, status and duration. */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  /** The Prometheus text exposition, and its content type. */
  render(): Promise<{ contentType: string; text: string }>;
  /** Whether an Authorization header carries the metrics token (compared in constant time). */
  authorizes(authorization: string | undefined): boolean;
}

/**
 * The app's metrics in a registry of its own (several apps in one process, as in the tests, do
 * not collide): Node's default process metrics (CPU, memory, GC, event-loop lag), request
 * durations, and the job queue's depth read from the database at each scrape.
 */
export function createMetrics(token: string, jobs: Pick<JobQueue, 'names' | 'depth'>, log: FastifyBaseLogger): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'consultorio_job_queue_depth',
    help: 'Unfinished background jobs on the shared database, by kind and state (pending: due and waiting; scheduled: for later; running)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of jobs.names()) for (const state of QUEUE_STATES) this.set({ queue, state }, 0);
      try {
        for (const { name, state, count } of await jobs.depth()) this.set({ queue: name, state }, count);
      } catch (error) {
        // The scrape still answers with the other metrics; the gauge shows nothing rather than zeros.
        this.reset();
        log.warn({ err: error }, 'job queue depth not read');
      }
    },
  });
  const tokenDigest = digest(token);

  return {
    observe(request, reply) {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      durations.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    },
    async render() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
    authorizes(authorization) {
      const presented = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
      // Digests have one length whatever was sent, as timingSafeEqual requires.
      return presented !== undefined && timingSafeEqual(digest(presented), tokenDigest);
    },
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
