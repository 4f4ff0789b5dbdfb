import { formsApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as forms from './forms.service';

export function formsRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, formsApi.list, async (request) => ({ data: await forms.listForms(ctx, sessionUser(request).id, request.params.id) }));

    route(app, formsApi.create, async (request) => ({
      data: await forms.createForm(ctx, sessionUser(request).id, request.params.id, request.body),
      message: messages.forms.created,
    }));

    route(app, formsApi.get, async (request) => ({ data: await forms.getForm(ctx, sessionUser(request).id, request.params.id) }));

    route(app, formsApi.update, async (request) => ({
      data: { form: await forms.updateForm(ctx, sessionUser(request).id, request.params.id, request.body) },
      message: updateMessage(request.body),
    }));

    route(app, formsApi.remove, async (request) => {
      await forms.deleteForm(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: messages.forms.deleted };
    });

    route(app, formsApi.saveContent, async (request) => ({
      data: { form: await forms.saveContent(ctx, sessionUser(request).id, request.params.id, request.body.content) },
      message: messages.forms.saved,
    }));
  };
}

/** The patient's link: no session, the token is the only key. */
export function formsPublicRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, formsApi.getPublic, async (request) => ({ data: await forms.getPublicForm(ctx, request.body.publicToken, request.ip) }));

    route(app, formsApi.savePublicContent, async (request) => ({
      data: { form: await forms.savePublicContent(ctx, request.body.publicToken, request.body.content, request.ip) },
      message: messages.publicForm.saved,
    }));
  };
}

function updateMessage(update: { name?: string | undefined; isLocked?: boolean | undefined }): string {
  if (update.isLocked === undefined) return messages.forms.updated;
  return update.isLocked ? messages.forms.locked : messages.forms.unlocked;
}
