import { billingApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as billing from './billing.service';
import { createCheckout, handleStripeWebhook } from './billing.stripe';

export function billingRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, billingApi.subscription, async (request) => ({ data: await billing.getSubscription(ctx, sessionUser(request)) }));

    route(app, billingApi.applyCoupon, async (request) => ({
      data: await billing.applyCoupon(ctx, sessionUser(request), request.body.couponCode),
      message: messages.billing.couponApplied,
    }));

    route(app, billingApi.plans, async (request) => ({ data: await billing.listPlans(ctx, sessionUser(request)) }));

    route(app, billingApi.checkout, async (request) => ({ data: { url: await createCheckout(ctx, sessionUser(request), request.body.planId) } }));
  };
}

/** Stripe's webhook: no session; the signature on the raw body is the key, so JSON is kept unparsed here. */
export function billingPublicRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    // The body stays the bytes Stripe signed; it must still be JSON (malformed JSON answers 400 like everywhere).
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      try {
        JSON.parse((body as Buffer).toString('utf8'));
        done(null, body);
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    route(app, billingApi.stripeWebhook, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await handleStripeWebhook(ctx, raw, request.headers['stripe-signature'] as string | undefined);
      return { data: null, message: messages.billing.webhookProcessed };
    });
  };
}
