import { messages, portalApi } from '@consultorio/shared';
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { contentDisposition } from '../../platform/http';
import { rawRoute, route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as portal from './portal.service';
import { PORTAL_COOKIE, PORTAL_SESSION_SECONDS } from './portal.service';

/** The professional invites a patient. */
export function portalRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, portalApi.invite, async (request) => {
      await portal.invitePatient(ctx, sessionUser(request), request.params.id);
      return { data: null, message: messages.portal.invited };
    });

    route(app, portalApi.revoke, async (request) => {
      await portal.revokeAccess(ctx, sessionUser(request), request.params.id);
      return { data: null, message: messages.portal.revoked };
    });

    route(app, portalApi.access, async (request) => ({ data: { access: await portal.portalAccess(ctx, sessionUser(request), request.params.id) } }));
  };
}

/**
 * The portal: signing in (no session), and the patient's views behind the portal's own cookie,
 * whose onRequest hook answers 401 without it (the professional's `sid` opens nothing here).
 */
export function portalPublicRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, portalApi.requestSignIn, async (request) => {
      await portal.requestSignIn(ctx, request.body.email, request.ip);
      return { data: null, message: messages.portal.linkSent };
    });

    route(app, portalApi.signIn, async (request, reply) => {
      const token = await portal.signIn(ctx, request.body.token, request.ip);
      const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.isHttps, maxAge: PORTAL_SESSION_SECONDS } as const;
      reply.header('set-cookie', reply.server.serializeCookie(PORTAL_COOKIE, token, options));
      return { data: null };
    });

    route(app, portalApi.signOut, async (request, reply) => {
      await portal.signOut(ctx, request.cookies[PORTAL_COOKIE]);
      reply.clearCookie(PORTAL_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.isHttps });
      return { data: null };
    });

    await app.register(async (scope) => {
      scope.decorateRequest('portalEmail', null);
      scope.addHook('onRequest', async (request) => {
        const email = await portal.resolvePortalSession(ctx, request.cookies[PORTAL_COOKIE]);
        if (!email) throw new AppError('UNAUTHORIZED');
        request.portalEmail = email;
      });

      route(scope, portalApi.consent, async (request) => ({ data: { consent: await portal.consentOf(ctx, portal.portalEmail(request)) } }));
      route(scope, portalApi.acceptConsent, async (request) => ({
        data: { consent: await portal.acceptConsent(ctx, portal.portalVisitor(request), request.body.pendingSince) },
        message: messages.portal.consent.accepted,
      }));
      route(scope, portalApi.withdrawConsent, async (request, reply) => {
        await portal.withdrawConsent(ctx, portal.portalVisitor(request));
        reply.clearCookie(PORTAL_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.isHttps });
        return { data: null, message: messages.portal.consent.withdrawn };
      });

      // Everything else: only once the patient has accepted the terms (403 before).
      await scope.register(async (views) => {
        views.addHook('onRequest', async (request) => portal.requireConsent(ctx, portal.portalEmail(request)));
        patientViews(ctx, views);
      });
    });
  };
}

/** The patient's views, behind the portal's cookie and the accepted terms. */
function patientViews(ctx: Context, scope: FastifyInstance): void {
  route(scope, portalApi.appointments, async (request) => ({ data: { appointments: await portal.listAppointments(ctx, portal.portalEmail(request)) } }));

  route(scope, portalApi.slots, async (request) => ({ data: { slots: await portal.listSlotsToMove(ctx, portal.portalEmail(request), request.params.id, request.query) } }));

  route(scope, portalApi.confirm, async (request) => ({
    data: { appointment: await portal.confirmAppointment(ctx, portal.portalEmail(request), request.params.id) },
    message: messages.portal.confirmed,
  }));

  route(scope, portalApi.cancel, async (request) => ({
    data: { appointment: await portal.cancelAppointment(ctx, portal.portalEmail(request), request.params.id, request.body.reason) },
    message: messages.portal.cancelled,
  }));

  route(scope, portalApi.reschedule, async (request) => ({
    data: { appointment: await portal.reschedule(ctx, portal.portalEmail(request), request.params.id, request.body.startsAt) },
    message: messages.portal.rescheduled,
  }));

  route(scope, portalApi.forms, async (request) => ({ data: { forms: await portal.listForms(ctx, portal.portalEmail(request)) } }));
  route(scope, portalApi.receipts, async (request) => ({ data: { receipts: await portal.listReceipts(ctx, portal.portalEmail(request)) } }));
  route(scope, portalApi.documents, async (request) => ({ data: { documents: await portal.listDocuments(ctx, portal.portalEmail(request)) } }));
  route(scope, portalApi.balance, async (request) => ({ data: { balances: await portal.listBalances(ctx, portal.portalEmail(request)) } }));

  // The PDFs: a receipt is written in a worker thread; a document's stored file is streamed.
  rawRoute(scope, portalApi.receiptPdf, async (request, reply) => {
    const { filename, pdf } = await portal.receiptPdf(ctx, portal.portalVisitor(request), request.params.id);
    return reply.type('application/pdf').header('content-disposition', contentDisposition(filename, false)).header('cache-control', 'private, no-store').send(pdf);
  });
  rawRoute(scope, portalApi.documentPdf, async (request, reply) => {
    const { filename, pdf } = await portal.documentPdf(ctx, portal.portalVisitor(request), request.params.id);
    return reply.type('application/pdf').header('content-disposition', contentDisposition(filename, false)).header('cache-control', 'private, no-store').send(pdf);
  });
}
