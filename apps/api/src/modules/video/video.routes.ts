import { videoApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { rawRoute, route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import type { VideoHub } from './video.hub';
import * as video from './video.service';

export function videoRoutes(ctx: Context, hub: VideoHub): RoutesPlugin {
  return async (app) => {
    route(app, videoApi.room, async (request) => ({ data: { videoRoom: await video.getVideoRoom(ctx, sessionUser(request).id, request.params.id) } }));

    route(app, videoApi.professionalView, async (request) => ({ data: { room: await video.getProfessionalView(ctx, sessionUser(request).id, request.params.id) } }));

    rawRoute(app, videoApi.professionalEvents, async (request, reply) => {
      const { clientId, pageId } = request.body;
      await video.enterAsProfessional(ctx, hub, sessionUser(request).id, request.params.id, { clientId, pageId, ip: request.ip }, reply);
    });

    route(app, videoApi.professionalSignals, async (request) => {
      await video.relayFromProfessional(ctx, hub, sessionUser(request).id, request.params.id, request.body.clientId, request.body.signals);
      return { data: null };
    });
  };
}

/** The patient's side: no session, the link's token is the key. */
export function videoPublicRoutes(ctx: Context, hub: VideoHub): RoutesPlugin {
  return async (app) => {
    route(app, videoApi.patientView, async (request) => ({ data: { room: await video.getPatientView(ctx, request.body.token, request.ip) } }));

    rawRoute(app, videoApi.patientEvents, async (request, reply) => {
      const { token, clientId, pageId } = request.body;
      await video.enterAsPatient(ctx, hub, token, { clientId, pageId, ip: request.ip }, reply);
    });

    route(app, videoApi.patientSignals, async (request) => {
      await video.relayFromPatient(ctx, hub, request.body.token, request.body.clientId, request.body.signals, request.ip);
      return { data: null };
    });
  };
}
