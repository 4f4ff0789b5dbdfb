import { messages, sessionsApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../platform/http';
import { markSessionScope, route, type RoutesPlugin } from '../../platform/routes';
import { endOtherSessions, endSessionById, forgetUserSessions, listSessions, resolveSession, sessionTokenHash, sessionUser } from './sessions.service';

/** Reads may reuse a session looked up moments ago; anything else checks the database. */
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The scope every route that needs a session is registered in: its onRequest hook resolves the
 * session cookie before anything else, so a request without a valid session answers 401
 * before its body is read or validated. A session renewed here renews the cookie too. A session
 * that must set a new password (after a recovery) gets 403 from every route but the few allowed.
 * A write may have changed the user's row, so what this instance kept of the user's sessions is
 * dropped before its answer leaves.
 */
export function sessionScope(ctx: Context, routes: readonly RoutesPlugin[]): RoutesPlugin {
  return async (app) => {
    markSessionScope(app);
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) throw new AppError('UNAUTHORIZED');
      const session = await resolveSession(ctx, token, request.ip, { cached: isRead(request.method) });
      if (!session) throw new AppError('UNAUTHORIZED');
      request.session = { user: session.user, tokenHash: session.tokenHash };
      request.requestContext.set('accessActor', { userId: session.user.id, ip: request.ip });
      if (session.cookieMaxAge !== null) setSessionCookie(reply, token, session.cookieMaxAge, ctx.config.isHttps);
      if (session.user.passwordChangeRequired && !request.routeOptions.config.allowedDuringPasswordChange) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED');
      }
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.session && !isRead(request.method)) forgetUserSessions(ctx, request.session.user.id);
      done(null, payload);
    });
    for (const plugin of routes) await app.register(plugin);
  };
}

/** The professional's open sessions: list them, end one, end all the others. */
export function sessionsRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, sessionsApi.list, async (request) => ({
      data: { sessions: await listSessions(ctx, sessionUser(request).id, sessionTokenHash(request)) },
    }));

    route(app, sessionsApi.end, async (request, reply) => {
      const endedCurrent = await endSessionById(ctx, sessionUser(request).id, request.params.id, sessionTokenHash(request));
      if (endedCurrent) clearSessionCookie(reply, ctx.config.isHttps);
      return { data: null, message: messages.account.sessionEnded };
    });

    route(app, sessionsApi.endOthers, async (request) => {
      await endOtherSessions(ctx, sessionUser(request).id, sessionTokenHash(request));
      return { data: null, message: messages.account.otherSessionsEnded };
    });
  };
}
