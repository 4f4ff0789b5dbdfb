import { todayIsoDate, type Plan, type PlanList, type Subscription, type SubscriptionData } from '@consultorio/shared';
import type { Db, Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './billing.repository';
import type { CouponRow, PlanRow, SubscriptionRow } from './billing.repository';

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    period: row.period,
    patientsLimit: row.patientsLimit,
    priceCents: row.priceCents,
  };
}

export function toSubscription(row: SubscriptionRow, coupon: CouponRow | null): Subscription {
  return {
    dueDate: row.dueDate,
    cancellationDate: row.cancellationDate?.toISOString() ?? null,
    isTrial: row.isTrial,
    priceCents: row.priceCents,
    coupon: coupon ? { code: coupon.code, days: coupon.planId ? coupon.days : null, percentOff: coupon.planId ? null : coupon.percentOff } : null,
    paidOnline: row.stripeSubscriptionId !== null || row.stripeCustomerId !== null,
  };
}

/** yyyy-mm-dd plus a number of days, in calendar days. */
export function addDaysIso(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** A newly confirmed professional's trial of the default plan, inside the confirmation's transaction. */
export async function startTrial(tx: Tx, userId: string, dueDate: string): Promise<void> {
  await repo.startTrial(tx, userId, dueDate);
}

/** yyyy-mm-dd one period later: a month or a year, by the calendar. */
export function addPeriodIso(date: string, period: 'monthly' | 'annual'): string {
  const moved = new Date(`${date}T00:00:00Z`);
  const day = moved.getUTCDate();
  moved.setUTCDate(1);
  if (period === 'monthly') moved.setUTCMonth(moved.getUTCMonth() + 1);
  else moved.setUTCFullYear(moved.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved.toISOString().slice(0, 10);
}

export interface SubscribeOptions {
  /** The day the `days` count from (today when absent or past). */
  from?: string | null;
  /** The coupon that granted it, shown on the billing page; none for a grant. */
  couponId?: string | null;
}

/**
 * Puts the professional on `plan` at its price, no longer a trial, for `days` from today or a
 * later `from` (with no end for a lifetime plan); returns the due date.
 */
export async function subscribeToPlan(db: Db | Tx, userId: string, plan: PlanRow, days: number, now: Date, options: SubscribeOptions = {}): Promise<string | null> {
  const today = todayIsoDate(now);
  const start = options.from && options.from > today ? options.from : today;
  const dueDate = plan.period === 'lifetime' ? null : addDaysIso(start, days);
  await repo.putSubscription(
    db,
    userId,
    { planId: plan.id, dueDate, isTrial: false, priceCents: plan.priceCents, cancellationDate: null, couponId: options.couponId ?? null },
    now,
  );
  return dueDate;
}

/** The subscription and plan; the patient count is the session's user row, read for this request. */
export async function getSubscription(ctx: Context, user: SessionUser): Promise<SubscriptionData> {
  const found = await repo.findSubscription(ctx.db, user.id);
  return {
    userSubscription: found ? toSubscription(found.subscription, found.coupon) : null,
    plan: found ? toPlan(found.plan) : null,
    patientsUsed: user.patientCount,
  };
}

/** Coupons are case-insensitive and trimmed: they are stored and compared upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Applies a coupon: a plan coupon moves the professional to its plan for its number of free days
 * (no longer a trial), counted after the days the current subscription still has (a trial's
 * remaining days are kept, not replaced); a percentage coupon lowers the price of the current
 * subscription. Answers the subscription as it now is, with the coupon it applied.
 */
export async function applyCoupon(ctx: Context, user: SessionUser, code: string): Promise<SubscriptionData> {
  const now = ctx.clock.now();
  const applied = await repo.redeemCoupon(ctx.db, user.id, normalizeCouponCode(code), now, async (tx, coupon) => {
    if (coupon.planId && coupon.days) {
      const plan = await repo.findPlanById(tx, coupon.planId);
      if (!plan) return false;
      const current = await repo.findSubscription(tx, user.id);
      const stillRunning = current && !current.subscription.cancellationDate ? current.subscription.dueDate : null;
      await subscribeToPlan(tx, user.id, plan, coupon.days, now, { from: stillRunning, couponId: coupon.id });
      return true;
    }
    if (coupon.percentOff) {
      const current = await repo.findSubscription(tx, user.id);
      if (!current) return false;
      const priceCents = Math.round((current.plan.priceCents * (100 - coupon.percentOff)) / 100);
      const { planId, dueDate, isTrial, cancellationDate } = current.subscription;
      await repo.putSubscription(tx, user.id, { planId, dueDate, isTrial, cancellationDate, priceCents, couponId: coupon.id }, now);
      return true;
    }
    return false;
  });
  if (!applied) throw new AppError('COUPON_INVALID');
  return getSubscription(ctx, user);
}

/** The active plans, the professional's current one, and how to subscribe (Stripe Checkout or the billing contact). */
export async function listPlans(ctx: Context, user: SessionUser): Promise<PlanList> {
  const [plans, found] = await Promise.all([repo.listActivePlans(ctx.db), repo.findSubscription(ctx.db, user.id)]);
  return {
    plans: plans.map(toPlan),
    currentPlanId: found?.plan.id ?? null,
    checkoutAvailable: ctx.stripe !== undefined,
    billingEmail: ctx.config.supportContacts.billing,
  };
}
