import { messages, usersApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { withSingleFile } from '../../platform/uploads';
import { sessionTokenHash, sessionUser } from '../sessions/sessions.service';
import * as users from './users.service';

/** The account's routes; confirming an e-mail change needs no session (the link may open anywhere). */
export function usersPublicRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, usersApi.confirmEmailUpdate, async (request) => {
      await users.confirmEmailUpdate(ctx, request.body.confirmationToken);
      return { data: null, message: messages.confirmation.emailUpdated };
    });
  };
}

export function usersRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, usersApi.me, async (request) => ({ data: { user: users.toUser(sessionUser(request)) } }));

    route(app, usersApi.updateProfile, async (request) => ({
      data: { user: await users.updateProfile(ctx, sessionUser(request), request.body) },
      message: messages.account.profileUpdated,
    }));

    route(app, usersApi.changePassword, async (request) => {
      await users.changePassword(ctx, sessionUser(request), request.body, sessionTokenHash(request));
      return { data: null, message: messages.account.passwordUpdated };
    });

    route(app, usersApi.requestEmailUpdate, async (request) => {
      await users.requestEmailUpdate(ctx, sessionUser(request), request.body);
      return { data: null, message: messages.account.emailUpdateSent };
    });

    route(app, usersApi.uploadAvatar, async (request) => {
      const user = await withSingleFile(request, usersApi.uploadAvatar.multipart, (upload) => users.replaceAvatar(ctx, sessionUser(request), upload));
      return { data: { user }, message: messages.account.avatarUpdated };
    });
  };
}
