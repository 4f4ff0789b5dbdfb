import { messages, qaTemplatesApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as templates from './qa-templates.service';

export function qaTemplatesRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, qaTemplatesApi.list, async (request) => ({ data: { qaTemplates: await templates.listTemplates(ctx, sessionUser(request).id) } }));

    route(app, qaTemplatesApi.create, async (request) => ({
      data: { qaTemplate: await templates.createTemplate(ctx, sessionUser(request).id, request.body) },
      message: messages.qaTemplates.created,
    }));

    route(app, qaTemplatesApi.update, async (request) => ({
      data: { qaTemplate: await templates.updateTemplate(ctx, sessionUser(request).id, request.params.id, request.body) },
      message: messages.qaTemplates.updated,
    }));

    route(app, qaTemplatesApi.remove, async (request) => {
      await templates.deleteTemplate(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: messages.qaTemplates.deleted };
    });
  };
}
