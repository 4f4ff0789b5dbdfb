import type { Subscription } from '../schemas/billing';

export type SubscriptionStatus = 'none' | 'trial' | 'cancelled' | 'expired' | 'active';

/**
 * The status shown for a subscription, in the specification's order: none, trial, cancelled,
 * then expired once today is past the due date (due today is still active), else active.
 */
export function subscriptionStatus(
  subscription: Pick<Subscription, 'isTrial' | 'cancellationDate' | 'dueDate'> | null,
  today: string,
): SubscriptionStatus {
  if (!subscription) return 'none';
  if (subscription.isTrial) return 'trial';
  if (subscription.cancellationDate) return 'cancelled';
  if (subscription.dueDate !== null && today > subscription.dueDate) return 'expired';
  return 'active';
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Money is kept in cents and shown in reais: 4990 → 'R$ 49,90'. */
export function formatCents(cents: number): string {
  return brl.format(cents / 100);
}

