import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { users } from '../users/users.tables';

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    period: text('period', { enum: ['monthly', 'annual', 'lifetime'] }).notNull(),
    patientsLimit: integer('patients_limit').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: boolean('active').notNull().default(true),
    /** The plan a confirmed registration starts its trial on. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plans_code_key').on(t.code)],
);

/** One current subscription per professional. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    dueDate: date('due_date', { mode: 'string' }),
    cancellationDate: timestamptz('cancellation_date'),
    isTrial: boolean('is_trial').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    /** The last coupon applied, so the page can say what it did. */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    /** Set once the professional pays through Stripe Checkout: renewals and cancellations arrive by webhook. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('subscriptions_user_key').on(t.userId), uniqueIndex('subscriptions_stripe_subscription_key').on(t.stripeSubscriptionId)],
);

/** A code that grants a plan for some days, or a percentage off the price. Stored upper-case. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    planId: uuid('plan_id').references(() => plans.id),
    days: integer('days'),
    percentOff: integer('percent_off'),
    validUntil: timestamptz('valid_until'),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_redemptions_once_key').on(t.couponId, t.userId)],
);

/** Stripe events already applied: a redelivered event is ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});
