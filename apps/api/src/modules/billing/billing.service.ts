import { todayIsoDate, type Plan, type Subscription, type SubscriptionData } from '@consultorio/shared';
import type { Db, Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './billing.repository';
import type { PlanRow, SubscriptionRow } from './billing.repository';

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

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    dueDate: row.dueDate,
    cancellationDate: row.cancellationDate?.toISOString() ?? null,
    isTrial: row.isTrial,
    priceCents: row.priceCents,
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

/**
 * Puts the professional on `plan` at its price, no longer a trial, for `days` from today (with
 * no end for a lifetime plan); returns the due date.
 */
export async function subscribeToPlan(db: Db | Tx, userId: string, plan: PlanRow, days: number, now: Date): Promise<string | null> {
  const dueDate = plan.period === 'lifetime' ? null : addDaysIso(todayIsoDate(now), days);
  await repo.putSubscription(db, userId, { planId: plan.id, dueDate, isTrial: false, priceCents: plan.priceCents, cancellationDate: null }, now);
  return dueDate;
}

/** The subscription and plan; the patient count is the session's user row, read for this request. */
export async function getSubscription(ctx: Context, user: SessionUser): Promise<SubscriptionData> {
  const found = await repo.findSubscription(ctx.db, user.id);
  return {
    userSubscription: found ? toSubscription(found.subscription) : null,
    plan: found ? toPlan(found.plan) : null,
    patientsUsed: user.patientCount,
  };
}

/** Coupons are case-insensitive and trimmed: they are stored and compared upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Applies a coupon: a plan coupon moves the professional to its plan for its number of days
 * (no longer a trial); a percentage coupon lowers the price of the current subscription.
 * Answers the subscription as it now is.
 */
export async function applyCoupon(ctx: Context, user: SessionUser, code: string): Promise<SubscriptionData> {
  const now = ctx.clock.now();
  const applied = await repo.redeemCoupon(ctx.db, user.id, normalizeCouponCode(code), now, async (tx, coupon) => {
    if (coupon.planId && coupon.days) {
      const plan = await repo.findPlanById(tx, coupon.planId);
      if (!plan) return false;
      await subscribeToPlan(tx, user.id, plan, coupon.days, now);
      return true;
    }
    if (coupon.percentOff) {
      const current = await repo.findSubscription(tx, user.id);
      if (!current) return false;
      const priceCents = Math.round((current.plan.priceCents * (100 - coupon.percentOff)) / 100);
      const { planId, dueDate, isTrial, cancellationDate } = current.subscription;
      await repo.putSubscription(tx, user.id, { planId, dueDate, isTrial, cancellationDate, priceCents }, now);
      return true;
    }
    return false;
  });
  if (!applied) throw new AppError('COUPON_INVALID');
  return getSubscription(ctx, user);
}
