import { supportContactsResponse, userStatsResponse } from '@consultorio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { send, sessionUser } from '../../platform/http';
import { getSupportContacts, getUserStats } from './stats.service';

const tags = ['stats'];

export function statsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me/stats', { schema: { tags, response: { 200: userStatsResponse } } }, async (request, reply) => {
      const stats = await getUserStats(ctx, sessionUser(request).id);
      return send(reply, 200, { stats });
    });

    app.get('/support-contacts', { schema: { tags, response: { 200: supportContactsResponse } } }, async (request, reply) => {
      sessionUser(request);
      return send(reply, 200, { supportContacts: getSupportContacts(ctx) });
    });
  };
}
