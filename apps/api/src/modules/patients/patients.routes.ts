import { messages, patientsApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { withSingleFile } from '../../platform/uploads';
import { sessionUser } from '../sessions/sessions.service';
import * as patients from './patients.service';

export function patientsRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, patientsApi.list, async (request) => ({ data: await patients.listPatients(ctx, sessionUser(request).id, request.query) }));

    route(app, patientsApi.create, async (request) => ({
      data: { patient: await patients.createPatient(ctx, sessionUser(request).id, request.body) },
      message: messages.patients.created,
    }));

    route(app, patientsApi.get, async (request) => ({
      data: { patient: await patients.getPatient(ctx, sessionUser(request).id, request.params.id) },
    }));

    route(app, patientsApi.update, async (request) => ({
      data: { patient: await patients.updatePatient(ctx, sessionUser(request).id, request.params.id, request.body) },
      message: messages.patients.updated,
    }));

    route(app, patientsApi.remove, async (request) => {
      await patients.deletePatient(ctx, sessionUser(request).id, request.params.id, request.body?.confirmName);
      return { data: null, message: messages.patients.deleted };
    });

    route(app, patientsApi.deletion, async (request) => ({
      data: { deletion: await patients.getDeletion(ctx, sessionUser(request).id, request.params.id) },
    }));

    route(app, patientsApi.accessLog, async (request) => ({
      data: await patients.getAccessLog(ctx, sessionUser(request).id, request.params.id, request.query),
    }));

    route(app, patientsApi.uploadAvatar, async (request) => {
      const patient = await withSingleFile(request, patientsApi.uploadAvatar.multipart, (upload) =>
        patients.replacePatientAvatar(ctx, sessionUser(request).id, request.params.id, upload),
      );
      return { data: { patient }, message: messages.patients.avatarUpdated };
    });
  };
}
