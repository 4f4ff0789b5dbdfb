import { assistantsApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as assistants from './assistants.service';

export function assistantsRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, assistantsApi.list, async (request) => ({ data: { aiAssistants: await assistants.listAssistants(ctx, sessionUser(request).id) } }));

    route(app, assistantsApi.create, async (request) => ({
      data: { aiAssistant: await assistants.createAssistant(ctx, sessionUser(request).id, request.body) },
      message: messages.aiAssistants.created,
    }));

    route(app, assistantsApi.update, async (request) => ({
      data: { aiAssistant: await assistants.updateAssistant(ctx, sessionUser(request).id, request.params.id, request.body) },
      message: messages.aiAssistants.updated,
    }));

    route(app, assistantsApi.remove, async (request) => {
      await assistants.deleteAssistant(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: messages.aiAssistants.deleted };
    });
  };
}
