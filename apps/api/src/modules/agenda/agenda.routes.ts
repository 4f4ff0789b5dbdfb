import { agendaApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { rawRoute, route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as agenda from './agenda.service';

export function agendaRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, agendaApi.list, async (request) => ({
      data: { appointments: await agenda.listAppointments(ctx, sessionUser(request).id, request.query) },
    }));

    route(app, agendaApi.create, async (request) => {
      const { appointment, count } = await agenda.createAppointment(ctx, sessionUser(request), request.body);
      return { data: { appointment }, message: messages.agenda.created(count) };
    });

    route(app, agendaApi.summaries, async (request) => ({
      data: { summaries: await agenda.getSummaries(ctx, sessionUser(request).id, request.query.patientIds) },
    }));

    route(app, agendaApi.patientSessions, async (request) => ({
      data: { appointments: await agenda.listPatientSessions(ctx, sessionUser(request).id, request.params.id) },
    }));

    route(app, agendaApi.get, async (request) => ({ data: { appointment: await agenda.getAppointment(ctx, sessionUser(request).id, request.params.id) } }));

    route(app, agendaApi.messages, async (request) => ({
      data: { messages: await agenda.listAppointmentMessages(ctx, sessionUser(request).id, request.params.id) },
    }));

    route(app, agendaApi.update, async (request) => {
      const appointment = await agenda.updateAppointment(ctx, sessionUser(request), request.params.id, request.body);
      // A cancellation says so, not 'atualizada'.
      return { data: { appointment }, message: request.body.status === 'cancelled' ? messages.agenda.cancelledNow : messages.agenda.updated };
    });

    route(app, agendaApi.remove, async (request) => {
      const count = await agenda.deleteAppointment(ctx, sessionUser(request), request.params.id, request.query.scope);
      return { data: null, message: count === 1 ? messages.agenda.deleted : messages.agenda.deletedSeries };
    });

    route(app, agendaApi.calendarFeed, async (request) => ({ data: await agenda.getCalendarFeed(ctx, sessionUser(request)) }));

    route(app, agendaApi.renewCalendarFeed, async (request) => ({
      data: await agenda.renewCalendarFeed(ctx, sessionUser(request), request.body),
      message: messages.agenda.feedRenewed,
    }));
  };
}

/** The patient's reminder link and the professional's calendar feed: no session, the token is the key. */
export function agendaPublicRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, agendaApi.getPublic, async (request) => ({ data: await agenda.getPublicAppointment(ctx, request.body.token, request.ip) }));

    route(app, agendaApi.confirmPublic, async (request) => ({
      data: await agenda.confirmPublicAppointment(ctx, request.body.token, request.ip),
      message: messages.agenda.publicConfirmed,
    }));

    route(app, agendaApi.cancelPublic, async (request) => ({
      data: await agenda.cancelPublicAppointment(ctx, request.body.token, request.body.reason, request.ip),
      message: messages.agenda.publicCancelled,
    }));

    rawRoute(app, agendaApi.calendar, async (request, reply) => {
      const ics = await agenda.calendarIcs(ctx, request.params.token);
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="consultorio.ics"').send(ics);
    });
  };
}
