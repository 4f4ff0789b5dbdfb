import { z } from 'zod';
import { messages } from '../messages/pt-br';
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

export const subscriptionSchema = z.object({
  /** yyyy-mm-dd; null for a lifetime plan. */
  dueDate: z.string().nullable(),
  cancellationDate: z.string().nullable(),
  isTrial: z.boolean(),
  priceCents: z.number().int(),
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
