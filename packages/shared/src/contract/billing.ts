import { messageEnvelope } from '../schemas/common';
import { checkoutRequest, checkoutResponse, couponRequest, planListResponse, stripeWebhookBody, subscriptionResponse } from '../schemas/billing';
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
    errors: { 400: ['COUPON_INVALID'] },
    status: 200,
    response: subscriptionResponse,
  }),
  /** The active plans, the current one, and whether checkout is online (Stripe) or through the billing contact. */
  plans: defineRoute({
    method: 'GET',
    path: '/v1/users/me/subscriptions/plans',
    access: 'session',
    tag,
    status: 200,
    response: planListResponse,
  }),
  /** A Stripe Checkout session for the plan: the page sends the professional to `url`. 409 when STRIPE_SECRET_KEY is not set; 503 when Stripe fails. */
  checkout: defineRoute({
    method: 'POST',
    path: '/v1/users/me/subscriptions/checkout',
    access: 'session',
    tag,
    body: checkoutRequest,
    status: 200,
    response: checkoutResponse,
    errors: { 404: ['PLAN_NOT_FOUND'], 409: ['CHECKOUT_UNAVAILABLE'], 503: ['PAYMENT_PROVIDER_FAILED'] },
  }),
  /** Stripe's events (checkout completed, invoice paid, subscription deleted), signed with STRIPE_WEBHOOK_SECRET; a bad signature answers 400 and changes nothing. */
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/v1/billing/webhooks/stripe',
    access: 'public',
    tag,
    body: stripeWebhookBody,
    status: 200,
    response: messageEnvelope,
    errors: { 400: ['WEBHOOK_SIGNATURE_INVALID'], 404: ['NOT_FOUND'] },
  }),
};
