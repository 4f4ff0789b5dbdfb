import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { sessionUser } from '../../platform/http';
import { openOwnedFile } from './files.service';

export function filesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/files/:key',
      { schema: { tags: ['files'], params: z.object({ key: z.string().max(200) }) } },
      async (request, reply) => {
        const file = await openOwnedFile(ctx, sessionUser(request).id, request.params.key);
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(file.body);
      },
    );
  };
}
