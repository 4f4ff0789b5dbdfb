import { formatCents, messages, type Plan, type PlanPeriod, type Subscription } from '@consultorio/shared';

/** The price with its period: 'R$ 49,90 / mês', 'R$ 999,00 / único'. */
export function formatPrice(cents: number, period: PlanPeriod): string {
  return `${formatCents(cents)} / ${messages.billing.periodSuffix[period]}`;
}

/**
 * A plain yyyy-mm-dd date as dd/mm/aaaa. It is read as text, not through Date, so that no
 * timezone can move it a day; the dash when there is none (a lifetime plan).
 */
export function formatPlainDate(isoDate: string | null): string {
  const match = isoDate === null ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate ?? messages.common.dash;
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/**
 * What the subscription's coupon (or trial) really does, in sentences: free days until the due
 * date and the price after them, or the price before and after a discount.
 */
export function couponExplanation(subscription: Subscription, plan: Plan): string[] {
  const b = messages.billing;
  const { coupon } = subscription;
  const planPrice = formatPrice(plan.priceCents, plan.period);
  if (subscription.isTrial && subscription.dueDate) return [b.trialUntil(formatPlainDate(subscription.dueDate)), b.couponAfter(formatPrice(subscription.priceCents, plan.period))];
  if (!coupon) return [];
  if (coupon.days !== null) {
    return [
      b.couponDays(coupon.code, coupon.days, plan.name, subscription.dueDate ? formatPlainDate(subscription.dueDate) : null),
      b.couponAfter(formatPrice(subscription.priceCents, plan.period)),
    ];
  }
  if (coupon.percentOff !== null) return [b.couponPercent(coupon.code, coupon.percentOff, planPrice, formatPrice(subscription.priceCents, plan.period))];
  return [];
}
