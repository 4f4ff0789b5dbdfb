import { couponRequest, messages, subscriptionResponse } from '@consultorio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { send, sessionUser } from '../../platform/http';
import type { UserRow } from '../users/users.repository';
import { toPlan, toSubscription } from './billing.repository';
import * as billing from './billing.service';

const tags = ['billing'];

/** The subscription and plan; the patient count is the session's user row, read for this request. */
async function subscriptionData(ctx: Context, user: UserRow) {
  const found = await billing.getSubscription(ctx, user.id);
  return {
    userSubscription: found ? toSubscription(found.subscription) : null,
    plan: found ? toPlan(found.plan) : null,
    patientsUsed: user.patientCount,
  };
}

export function billingRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me/subscriptions', { schema: { tags, response: { 200: subscriptionResponse } } }, async (request, reply) =>
      send(reply, 200, await subscriptionData(ctx, sessionUser(request))),
    );

    app.post(
      '/users/me/subscriptions/coupon',
      { schema: { tags, body: couponRequest, response: { 200: subscriptionResponse } } },
      async (request, reply) => {
        const user = sessionUser(request);
        await billing.applyCoupon(ctx, user, request.body.couponCode);
        return send(reply, 200, await subscriptionData(ctx, user), messages.billing.couponApplied);
      },
    );
  };
}
