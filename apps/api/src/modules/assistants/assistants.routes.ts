import { aiAssistantListResponse } from '@consultorio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { send, sessionUser } from '../../platform/http';
import { listVisibleAssistants, toAssistant } from './assistants.repository';

export function assistantsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me/ai-assistants', { schema: { tags: ['chats'], response: { 200: aiAssistantListResponse } } }, async (request, reply) => {
      const rows = await listVisibleAssistants(ctx.db, sessionUser(request).id);
      return send(reply, 200, { aiAssistants: rows.map(toAssistant) });
    });
  };
}
