import { patientsApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { rawRoute, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import { exportPatient } from './patient-export.service';

export function patientExportRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    rawRoute(app, patientsApi.export, async (request, reply) => {
      const { filename, stream } = await exportPatient(ctx, sessionUser(request), request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    });
  };
}
