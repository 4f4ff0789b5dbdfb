import { couponRequest, messages, subscriptionResponse } from '@consultorio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { send, sessionUser } from '../../platform/http';
import { countOwnedPatients } from '../patients/patients.repository';
import { toPlan, toSubscription } from './billing.repository';
import * as billing from './billing.service';

const tags = ['billing'];

async function subscriptionData(ctx: Context, userId: string) {
  const [found, patientsUsed] = await Promise.all([billing.getSubscription(ctx, userId), countOwnedPatients(ctx.db, userId)]);
  return {
    userSubscription: found ? toSubscription(found.subscription) : null,
    plan: found ? toPlan(found.plan) : null,
    patientsUsed,
  };
}

export function billingRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me/subscriptions', { schema: { tags, response: { 200: subscriptionResponse } } }, async (request, reply) =>
      send(reply, 200, await subscriptionData(ctx, sessionUser(request).id)),
    );

    app.post(
      '/users/me/subscriptions/coupon',
      { schema: { tags, body: couponRequest, response: { 200: subscriptionResponse } } },
      async (request, reply) => {
        const user = sessionUser(request);
        await billing.applyCoupon(ctx, user, request.body.couponCode);
        return send(reply, 200, await subscriptionData(ctx, user.id), messages.billing.couponApplied);
      },
    );
  };
}
