import { formatCents, messages, type PlanPeriod } from '@consultorio/shared';

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
