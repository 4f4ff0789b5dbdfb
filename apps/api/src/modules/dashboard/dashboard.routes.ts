import { dashboardApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as dashboard from './dashboard.service';

export function dashboardRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, dashboardApi.stats, async (request) => ({ data: { stats: await dashboard.getUserStats(ctx, sessionUser(request).id) } }));

    route(app, dashboardApi.supportContacts, async () => ({ data: { supportContacts: dashboard.getSupportContacts(ctx) } }));
  };
}
