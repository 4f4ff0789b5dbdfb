import { qaTemplateListResponse } from '@consultorio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { send, sessionUser } from '../../platform/http';
import { listCurrentTemplates, toQaTemplate } from './qa-templates.repository';

export function qaTemplatesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me/qa-templates',
      { schema: { tags: ['forms'], response: { 200: qaTemplateListResponse } } },
      async (request, reply) => {
        const templates = await listCurrentTemplates(ctx.db, sessionUser(request).id);
        return send(reply, 200, { qaTemplates: templates.map(toQaTemplate) });
      },
    );
  };
}
