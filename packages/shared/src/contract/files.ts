import { z } from 'zod';
import { defineRoute } from './route';

export const filesApi = {
  /** A stored file (avatar, attachment), only for its owner; another's key answers 404 like a missing one. */
  download: defineRoute({
    method: 'GET',
    path: '/v1/files/:key',
    access: 'session',
    tag: 'files',
    params: z.object({ key: z.string().max(200) }),
    status: 200,
    response: z.string().describe('the file'),
    raw: 'application/octet-stream',
  }),
};

export const healthApi = {
  /** Liveness with a database round trip: 503 when the database does not answer. */
  check: defineRoute({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    tag: 'operations',
    status: 200,
    response: z.object({ status: z.literal('ok') }),
    errors: [503],
  }),
};
