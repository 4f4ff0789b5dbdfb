import { z } from 'zod';
import { binaryAnswer, defineRoute } from './route';

export const filesApi = {
  /** A stored file (avatar, attachment), only for its owner; another's key answers 404 like a missing one. */
  download: defineRoute({
    method: 'GET',
    path: '/v1/files/:key',
    access: 'session',
    tag: 'files',
    params: z.object({ key: z.string().max(200) }),
    errors: { 404: ['NOT_FOUND'] },
    status: 200,
    response: binaryAnswer(
      'the file, sent as the type it was stored with: image/webp for an avatar; for an attachment the type its content shows (application/pdf, image/png...), or by its extension for text formats (text/plain, text/csv...), else application/octet-stream',
    ),
    raw: ['image/webp', '*/*'],
  }),
};

const statusOk = z.object({ status: z.literal('ok') });

/** Operational routes, outside the OpenAPI document (docs/api.md, 'Operations'). */
export const healthApi = {
  /** Liveness: the process answers; no database or other dependency is asked. */
  check: defineRoute({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    tag: 'operations',
    status: 200,
    response: statusOk,
  }),
  /** Readiness: 503 with the reason while the database does not answer, has migrations pending, or the server is shutting down. */
  readiness: defineRoute({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    tag: 'operations',
    status: 200,
    response: statusOk,
    errors: { 503: ['DATABASE_UNAVAILABLE', 'MIGRATIONS_PENDING', 'SHUTTING_DOWN'] },
  }),
  /** Prometheus metrics, only when METRICS_TOKEN is set (404 otherwise) and only to `Authorization: Bearer <token>` (401). */
  metrics: defineRoute({
    method: 'GET',
    path: '/metrics',
    access: 'public',
    tag: 'operations',
    status: 200,
    response: z.string().describe('Prometheus text exposition format'),
    raw: 'text/plain',
    errors: { 401: ['METRICS_UNAUTHORIZED'], 404: ['ROUTE_NOT_FOUND'] },
  }),
};
