import { parseArgs } from 'node:util';
import { formatCents, isDayInRange, isRealIsoDate, messages, planPeriods, type PlanPeriod } from '@consultorio/shared';
import type { Db } from '../../db/client';
import { addDaysIso, normalizeCouponCode, subscribeToPlan } from './billing.service';
import { isUniqueViolation, OperatorError } from '../../platform/errors';
import { findUserByUsernameOrEmail } from '../users/users.service';
import * as repo from './billing.repository';

export const adminUsage = messages.admin.usage;

const m = messages.admin;

export class AdminError extends OperatorError {}

const options = {
  code: { type: 'string' },
  name: { type: 'string' },
  period: { type: 'string' },
  limit: { type: 'string' },
  price: { type: 'string' },
  description: { type: 'string' },
  plan: { type: 'string' },
  days: { type: 'string' },
  percent: { type: 'string' },
  'valid-until': { type: 'string' },
  max: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (!value) throw new AdminError(m.missingOption(name));
  return value;
}

/** The largest value an integer column holds. */
const INT_MAX = 2_147_483_647;

function wholeNumber(value: string | undefined, name: string, { min = 0, max = INT_MAX } = {}): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new AdminError(m.wholeNumberBetween(name, min, max));
  return Number(value);
}

async function findUser(db: Db, who: string | undefined) {
  if (!who) throw new AdminError(m.userRequired);
  const user = await findUserByUsernameOrEmail({ db }, who);
  if (!user) throw new AdminError(m.professionalNotFound(who));
  return user;
}

async function planByCode(db: Db, code: string) {
  const plan = await repo.findPlanByCode(db, code);
  if (!plan) throw new AdminError(m.planNotFound(code));
  return plan;
}

/** Runs an insert; a code already taken becomes a plain message instead of a database error. */
async function uniquely<T>(message: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminError(message);
    throw error;
  }
}

type Command = (db: Db, values: Values, positionals: string[], now: Date) => Promise<string>;

const commands: Record<string, Command> = {
  'plans:list': async (db) =>
    (await repo.listPlans(db))
      .map((p) => `${p.code}\t${p.name}\t${p.period}\t${m.patients(p.patientsLimit)}\t${formatCents(p.priceCents)}${p.isDefault ? `\t${m.planDefault}` : ''}${p.active ? '' : `\t${m.planInactive}`}`)
      .join('\n') || m.noPlans,

  'plans:create': async (db, values) => {
    const code = required(values, 'code');
    if (!/^[a-z0-9-]{2,40}$/.test(code)) throw new AdminError(m.planCodeInvalid);
    const period = required(values, 'period');
    if (!planPeriods.includes(period as PlanPeriod)) throw new AdminError(m.planPeriodInvalid);
    const plan = await uniquely(m.planCodeTaken(code), () => repo.insertPlan(db, {
      code,
      name: required(values, 'name'),
      description: values.description ?? '',
      period: period as PlanPeriod,
      patientsLimit: wholeNumber(required(values, 'limit'), 'limit', { min: 1 })!,
      priceCents: wholeNumber(required(values, 'price'), 'price')!,
    }));
    return m.planCreated(plan.code, plan.name);
  },

  'coupons:list': async (db) =>
    (await repo.listCoupons(db))
      .map(({ coupon, planCode }) => {
        const grant = coupon.percentOff ? m.couponPercentOff(coupon.percentOff) : m.couponPlanDays(planCode, coupon.days);
        const uses = m.couponUses(coupon.redemptions, coupon.maxRedemptions);
        const until = coupon.validUntil ? m.couponValidUntil(coupon.validUntil.toISOString().slice(0, 10)) : m.couponNoExpiry;
        return `${coupon.code}\t${grant}\t${uses}\t${until}`;
      })
      .join('\n') || m.noCoupons,

  'coupons:create': async (db, values) => {
    const code = normalizeCouponCode(required(values, 'code'));
    if (!/^[A-Z0-9_-]{3,64}$/.test(code)) throw new AdminError(m.couponCodeInvalid);
    const percentOff = wholeNumber(values.percent, 'percent', { min: 1, max: 100 });
    const days = wholeNumber(values.days, 'days', { min: 1 });
    const plan = values.plan ? await planByCode(db, values.plan) : undefined;
    if ((percentOff === null) === (plan === undefined)) throw new AdminError(m.couponPlanOrPercent);
    if (plan && days === null) throw new AdminError(m.missingOption('days'));
    if (percentOff !== null && days !== null) throw new AdminError(m.couponDaysOnlyWithPlan);
    const validUntil = values['valid-until'];
    if (validUntil !== undefined && !(isRealIsoDate(validUntil) && isDayInRange(validUntil))) throw new AdminError(m.couponValidUntilInvalid);
    await uniquely(m.couponCodeTaken(code), () => repo.insertCoupon(db, {
      code,
      planId: plan?.id ?? null,
      days,
      percentOff,
      // Valid through the whole given day, in the server's time zone (the one "today" uses).
      validUntil: validUntil ? new Date(`${addDaysIso(validUntil, 1)}T00:00:00`) : null,
      maxRedemptions: wholeNumber(values.max, 'max', { min: 1 }),
    }));
    return m.couponCreated(code);
  },

  'subscription:show': async (db, _values, [who]) => {
    const user = await findUser(db, who);
    const found = await repo.findSubscription(db, user.id);
    if (!found) return m.noSubscription(user.username);
    const { subscription: s, plan } = found;
    return [
      `${user.username} <${user.email}>`,
      m.subscriptionPlan(plan.code, plan.name, plan.patientsLimit, user.patientCount),
      m.subscriptionPrice(formatCents(s.priceCents), s.isTrial),
      m.subscriptionDue(s.dueDate, s.cancellationDate ? s.cancellationDate.toISOString().slice(0, 10) : null),
    ].join('\n');
  },

  'subscription:grant': async (db, values, [who], now) => {
    const user = await findUser(db, who);
    const plan = await planByCode(db, required(values, 'plan'));
    const days = wholeNumber(values.days, 'days', { min: 1 }) ?? (plan.period === 'annual' ? 365 : 30);
    const dueDate = await subscribeToPlan(db, user.id, plan, days, now, { couponId: null });
    return m.subscriptionGranted(user.username, plan.code, dueDate);
  },

  'subscription:cancel': async (db, _values, [who], now) => {
    const user = await findUser(db, who);
    if (!(await repo.cancelSubscription(db, user.id, now))) throw new AdminError(m.noSubscription(user.username));
    return m.subscriptionCancelled(user.username);
  },
};

/**
 * Checks the command's name and options without the database and answers the command ready to
 * run. An unknown command or option throws AdminError with the usage.
 */
export function parseAdminCommand(args: string[]): (db: Db, now?: Date) => Promise<string> {
  const [name, ...rest] = args;
  const command = name ? commands[name] : undefined;
  if (!command) throw new AdminError(adminUsage);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new AdminError(`${(error as Error).message}\n\n${adminUsage}`);
  }
  const { values, positionals } = parsed;
  return (db, now = new Date()) => command(db, values, positionals, now);
}

/** Runs one admin command; returns what to print. Bad input throws AdminError with a Portuguese message. */
export async function runAdminCommand(db: Db, args: string[], now: Date = new Date()): Promise<string> {
  return parseAdminCommand(args)(db, now);
}
