import { authApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../platform/http';
import { route, type RoutesPlugin } from '../../platform/routes';
import * as auth from './auth.service';

/** Registration, login, logout and recovery: public routes, answered without a session. */
export function authRoutes(ctx: Context): RoutesPlugin {
  const secureCookie = ctx.config.isHttps;
  return async (app) => {
    route(app, authApi.register, async (request) => ({
      data: { userRegistration: await auth.register(ctx, request.body, { ip: request.ip }) },
      message: messages.register.created,
    }));

    route(app, authApi.resendRegistrationMail, async (request) => {
      await auth.resendRegistrationMail(ctx, request.body.id);
      return { data: null, message: messages.register.resent };
    });

    route(app, authApi.confirmRegistration, async (request) => {
      await auth.confirmRegistration(ctx, request.body.confirmationToken);
      return { data: null, message: messages.confirmation.registrationConfirmed };
    });

    route(app, authApi.login, async (request, reply) => {
      const loggedIn = await auth.login(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookie(reply, loggedIn.token, loggedIn.maxAgeSeconds, secureCookie);
      return { data: { user: loggedIn.user } };
    });

    route(app, authApi.currentSession, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await auth.currentSession(ctx, token, request.ip) : null;
      if (token && session?.cookieMaxAge) setSessionCookie(reply, token, session.cookieMaxAge, secureCookie);
      return { data: { user: session?.user ?? null } };
    });

    route(app, authApi.logout, async (request, reply) => {
      await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, secureCookie);
      return { data: null, message: messages.success.loggedOut };
    });

    route(app, authApi.recoverUsername, async (request) => ({ data: null, message: await auth.recoverUsername(ctx, request.body.email) }));

    route(app, authApi.recoverPassword, async (request) => ({ data: null, message: await auth.recoverPassword(ctx, request.body.email) }));
  };
}
