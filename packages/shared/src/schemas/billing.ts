import { z } from 'zod';
import { messages } from '../messages';
import { envelope } from './common';

const v = messages.validation;

export const planPeriods = ['monthly', 'annual', 'lifetime'] as const;
export type PlanPeriod = (typeof planPeriods)[number];

export const planSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  period: z.enum(planPeriods),
  patientsLimit: z.number().int(),
  priceCents: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

/** The last coupon applied to the subscription, and what it did. */
export const appliedCouponSchema = z.object({
  code: z.string(),
  /** Free days on a plan (no charge until the due date)... */
  days: z.number().int().nullable(),
  /** ...or a percentage off the plan's price. */
  percentOff: z.number().int().nullable(),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

export const subscriptionSchema = z.object({
  /** yyyy-mm-dd; null for a lifetime plan. */
  dueDate: z.string().nullable(),
  cancellationDate: z.string().nullable(),
  isTrial: z.boolean(),
  /** What the professional pays per period once any free days end (after a percentage coupon). */
  priceCents: z.number().int(),
  coupon: appliedCouponSchema.nullable(),
  /** Paid through Stripe Checkout: renewals arrive by themselves. */
  paidOnline: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponse = envelope(
  z.object({
    userSubscription: subscriptionSchema.nullable(),
    plan: planSchema.nullable(),
    /** How many patients the professional has, to show beside the plan's limit. */
    patientsUsed: z.number().int(),
  }),
);
export type SubscriptionData = z.infer<typeof subscriptionResponse>['data'];

export const couponRequest = z.object({
  couponCode: z
    .string({ error: v.couponRequired })
    .trim()
    .min(1, { error: v.couponRequired })
    .max(64, { error: messages.errors.couponInvalid }),
});
export type CouponRequest = z.input<typeof couponRequest>;

export const planListResponse = envelope(
  z.object({
    plans: z.array(planSchema),
    currentPlanId: z.uuid().nullable(),
    /** Whether 'Assinar' opens Stripe Checkout; without it the page points to the billing contact. */
    checkoutAvailable: z.boolean(),
    billingEmail: z.string(),
  }),
);
export type PlanList = z.infer<typeof planListResponse>['data'];

export const checkoutRequest = z.object({ planId: z.uuid({ error: v.planRequired }) });
export type CheckoutRequest = z.input<typeof checkoutRequest>;
export const checkoutResponse = envelope(z.object({ url: z.string() }));

/** A Stripe event as sent to the webhook; its signature is checked on the raw body. */
export const stripeWebhookBody = z.unknown().describe('a Stripe event, signed in the Stripe-Signature header');
