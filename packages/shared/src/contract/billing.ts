import { couponRequest, subscriptionResponse } from '../schemas/billing';
import { defineRoute } from './route';

const tag = 'billing';

export const billingApi = {
  subscription: defineRoute({
    method: 'GET',
    path: '/v1/users/me/subscriptions',
    access: 'session',
    tag,
    status: 200,
    response: subscriptionResponse,
  }),
  applyCoupon: defineRoute({
    method: 'POST',
    path: '/v1/users/me/subscriptions/coupon',
    access: 'session',
    tag,
    body: couponRequest,
    status: 200,
    response: subscriptionResponse,
  }),
};
