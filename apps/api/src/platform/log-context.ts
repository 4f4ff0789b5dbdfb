import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { requestContext } from '@fastify/request-context';
import type { FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy or client may send as the request id: short, and safe to log and echo as is. */
const ACCEPTED_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The id of a request: the `x-request-id` the proxy or client sent when it looks sane (so one id
 * follows a request from the proxy's log to ours), otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    requestId: string;
  }
}

interface JobScope {
  jobId: string;
  job: string;
}

const jobScope = new AsyncLocalStorage<JobScope>();

/** Runs a background job's work so that every log line written meanwhile names the job. */
export function runInJobScope<T>(scope: JobScope, work: () => Promise<T>): Promise<T> {
  return jobScope.run(scope, work);
}

/** The ids a log line written now belongs to: the running job's, or the request's. */
function currentIds(): Record<string, string> {
  const job = jobScope.getStore();
  if (job) return { jobId: job.jobId, job: job.job };
  const reqId = requestContext.get('requestId');
  return reqId ? { reqId } : {};
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The app's logger options. Fastify's per-request loggers already carry `reqId`; the services
 * log through the app's root logger, so a mixin adds the request's (or the running job's) id to
 * the root logger's lines. `adopt` must be given the root logger once Fastify has made it.
 */
export function contextualLogger(options: LoggerOptions): { options: LoggerOptions; adopt(root: unknown): void } {
  let root: unknown;
  return {
    options: { ...options, mixin: (_object: object, _level: number, logger: unknown) => (logger === root ? currentIds() : {}) },
    adopt: (logger) => {
      root = logger;
    },
  };
}
