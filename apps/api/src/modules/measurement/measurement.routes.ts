import { measurementApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as measurement from './measurement.service';

const m = messages.measurement;

export function measurementRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, measurementApi.sendForm, async (request) => {
      const sent = await measurement.sendForm(ctx, sessionUser(request).id, request.params.id, request.body.email);
      return { data: sent, message: m.sent(sent.sentTo) };
    });

    route(app, measurementApi.listAlerts, async (request) => ({
      data: { alerts: await measurement.listAlerts(ctx, sessionUser(request).id, request.query) },
    }));

    route(app, measurementApi.acknowledgeAlert, async (request) => ({
      data: { alert: await measurement.acknowledgeAlert(ctx, sessionUser(request).id, request.params.id) },
      message: m.acknowledged,
    }));

    route(app, measurementApi.createPlan, async (request) => ({
      data: { plan: await measurement.createPlan(ctx, sessionUser(request).id, request.params.id, request.body) },
      message: m.planCreated,
    }));

    route(app, measurementApi.listPlans, async (request) => ({
      data: await measurement.listPlans(ctx, sessionUser(request).id, request.params.id),
    }));

    route(app, measurementApi.deletePlan, async (request) => {
      await measurement.deletePlan(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: m.planDeleted };
    });

    route(app, measurementApi.scoreSeries, async (request) => ({
      data: { series: await measurement.scoreSeries(ctx, sessionUser(request).id, request.params.id) },
    }));
  };
}

/** The patient's link: sending the answers for good. */
export function measurementPublicRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, measurementApi.submitPublic, async (request) => {
      const { form, professionalGender } = await measurement.submitForm(ctx, request.body.publicToken, request.body.content, request.ip);
      return { data: { form }, message: m.submitted(professionalGender) };
    });
  };
}
