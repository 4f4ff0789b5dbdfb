import { billingApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as billing from './billing.service';

export function billingRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, billingApi.subscription, async (request) => ({ data: await billing.getSubscription(ctx, sessionUser(request)) }));

    route(app, billingApi.applyCoupon, async (request) => ({
      data: await billing.applyCoupon(ctx, sessionUser(request), request.body.couponCode),
      message: messages.billing.couponApplied,
    }));
  };
}
