import { eq } from 'drizzle-orm';
import { couponRedemptions, coupons, subscriptions } from '../../src/db/schema';
import { runAdminCommand } from '../../src/modules/billing/billing.admin';
import type { TestApp } from '../helpers/build-app';

/** yyyy-mm-dd plus some calendar days, computed independently of the code under test. */
export function plusDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return moved.toISOString().slice(0, 10);
}

/** Runs an admin command on the test database with the test clock's time. */
export function admin(t: TestApp, ...args: string[]): Promise<string> {
  return runAdminCommand(t.database.db, args, t.clock.now());
}

/** Creates a coupon through the admin command; `args` are the options after the code. */
export async function newCoupon(t: TestApp, code: string, ...args: string[]) {
  await admin(t, 'coupons:create', '--code', code, ...args);
  return couponByCode(t, code.trim().toUpperCase());
}

export async function couponByCode(t: TestApp, code: string) {
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, code));
  if (!row) throw new Error(`no coupon ${code}`);
  return row;
}

export function redemptionsOf(t: TestApp, couponId: string) {
  return t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
}

export async function subscriptionRow(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}
