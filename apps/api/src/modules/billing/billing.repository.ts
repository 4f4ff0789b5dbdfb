import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { couponRedemptions, coupons, plans, stripeEvents, subscriptions } from './billing.tables';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** The professional's subscription with its plan and the last coupon applied to it. */
export async function findSubscription(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans, coupon: coupons })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(coupons, eq(coupons.id, subscriptions.couponId))
    .where(eq(subscriptions.userId, userId));
  return row;
}

export async function findSubscriptionByStripeId(db: Db | Tx, stripeSubscriptionId: string) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row;
}

/** Notes a Stripe event as applied; false when it already was (a redelivery). */
export async function claimStripeEvent(tx: Tx, id: string, type: string, now: Date): Promise<boolean> {
  const rows = await tx.insert(stripeEvents).values({ id, type, createdAt: now }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function countStripeEvents(db: Db): Promise<number> {
  const rows = await db.select({ id: stripeEvents.id }).from(stripeEvents);
  return rows.length;
}

/** Gives a newly confirmed professional a trial of the default plan (none when no default plan exists). */
export async function startTrial(tx: Tx, userId: string, dueDate: string): Promise<void> {
  const [plan] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.isDefault, true), eq(plans.active, true)))
    .limit(1);
  if (!plan) return;
  await tx
    .insert(subscriptions)
    .values({ userId, planId: plan.id, dueDate, isTrial: true, priceCents: plan.priceCents })
    .onConflictDoNothing({ target: subscriptions.userId });
}

/** Sets the professional's subscription (creating it when there is none). */
export async function putSubscription(
  db: Db | Tx,
  userId: string,
  values: {
    planId: string;
    dueDate: string | null;
    isTrial: boolean;
    priceCents: number;
    cancellationDate: Date | null;
    couponId?: string | null;
    stripeCustomerId?: string | null;
    stripeSubscriptionId?: string | null;
  },
  now: Date,
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ ...values, userId, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: now } });
}

export async function cancelSubscription(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ cancellationDate: now, updatedAt: now })
    .where(eq(subscriptions.userId, userId))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

export async function findPlanByCode(db: Db | Tx, code: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.code, code));
  return row;
}

export async function findPlanById(db: Db | Tx, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

class CouponRefused extends Error {}

/**
 * Takes one use of the coupon for the professional and applies it, in one transaction: the use
 * is counted by a conditional UPDATE (so two redemptions of the last use cannot both pass) and
 * recorded once per professional; anything refused rolls the whole redemption back.
 */
export async function redeemCoupon(
  db: Db,
  userId: string,
  code: string,
  now: Date,
  apply: (tx: Tx, coupon: CouponRow) => Promise<boolean>,
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      const [coupon] = await tx
        .update(coupons)
        .set({ redemptions: sql`${coupons.redemptions} + 1` })
        .where(
          and(
            eq(coupons.code, code),
            or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
            or(isNull(coupons.maxRedemptions), lt(coupons.redemptions, coupons.maxRedemptions)),
          ),
        )
        .returning();
      if (!coupon) throw new CouponRefused();
      const [redemption] = await tx
        .insert(couponRedemptions)
        .values({ couponId: coupon.id, userId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: couponRedemptions.id });
      if (!redemption) throw new CouponRefused();
      if (!(await apply(tx, coupon))) throw new CouponRefused();
    });
    return true;
  } catch (error) {
    if (error instanceof CouponRefused) return false;
    throw error;
  }
}

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(plans.priceCents);
}

export async function listActivePlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.active, true)).orderBy(plans.priceCents);
}

/** Changes a subscription found by its Stripe id (a renewal or a cancellation at Stripe). */
export async function updateStripeSubscription(
  tx: Tx,
  stripeSubscriptionId: string,
  values: Partial<Pick<SubscriptionRow, 'dueDate' | 'cancellationDate' | 'priceCents' | 'isTrial'>>,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: now })
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

export async function insertPlan(db: Db, values: typeof plans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

export async function listCoupons(db: Db) {
  return db
    .select({ coupon: coupons, planCode: plans.code })
    .from(coupons)
    .leftJoin(plans, eq(plans.id, coupons.planId))
    .orderBy(coupons.createdAt);
}

export async function insertCoupon(db: Db, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}
