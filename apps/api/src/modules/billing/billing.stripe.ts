import { messages, todayIsoDate } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError, isForeignKeyViolation } from '../../platform/errors';
import type { Stripe } from '../../platform/payments/stripe';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './billing.repository';
import type { PlanRow } from './billing.repository';
import { addPeriodIso } from './billing.service';

/** What the professional pays for `plan`: the discounted price when a percentage coupon applies to it. */
async function checkoutPrice(ctx: Context, userId: string, plan: PlanRow): Promise<number> {
  const found = await repo.findSubscription(ctx.db, userId);
  const discounted = found && found.plan.id === plan.id && found.coupon?.percentOff ? found.subscription.priceCents : null;
  return discounted ?? plan.priceCents;
}

/**
 * A Stripe Checkout session for an active plan: a subscription (monthly or yearly) or a single
 * payment (lifetime), in reais, with the professional and the plan in its metadata so the
 * webhook knows whom to activate. Answers the URL the page sends the professional to.
 */
export async function createCheckout(ctx: Context, user: SessionUser, planId: string): Promise<string> {
  if (!ctx.stripe) throw new AppError('CHECKOUT_UNAVAILABLE');
  const plan = await repo.findPlanById(ctx.db, planId);
  if (!plan || !plan.active) throw new AppError('PLAN_NOT_FOUND');
  const metadata = { userId: user.id, planId: plan.id };
  const recurring = plan.period === 'lifetime' ? undefined : { interval: plan.period === 'annual' ? ('year' as const) : ('month' as const) };
  const billingUrl = `${ctx.config.publicUrl}/billing`;
  try {
    const session = await ctx.stripe.checkout.sessions.create({
      mode: recurring ? 'subscription' : 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'brl',
            unit_amount: await checkoutPrice(ctx, user.id, plan),
            product_data: { name: plan.name, ...(plan.description ? { description: plan.description } : {}) },
            ...(recurring ? { recurring } : {}),
          },
        },
      ],
      client_reference_id: user.id,
      customer_email: user.email,
      metadata,
      ...(recurring ? { subscription_data: { metadata } } : {}),
      locale: 'pt-BR',
      success_url: `${billingUrl}?checkout=success`,
      cancel_url: `${billingUrl}?checkout=cancelled`,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return session.url;
  } catch (error) {
    ctx.log.error({ err: error }, 'stripe checkout failed');
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** yyyy-mm-dd of a Unix time (Stripe's), in UTC. */
function isoDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

/** The subscription an invoice bills, wherever the API version puts it. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null);
}

/**
 * A completed (and paid) checkout: the professional is on the plan, paid for one period.
 * Answers the Stripe subscription it replaces (a change of plan), which must stop billing.
 */
async function activateCheckout(tx: Parameters<typeof repo.claimStripeEvent>[0], session: Stripe.Checkout.Session, now: Date): Promise<string | null> {
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const userId = session.metadata?.userId ?? session.client_reference_id;
  const planId = session.metadata?.planId;
  if (!paid || !userId || !planId) return null;
  const plan = await repo.findPlanById(tx, planId);
  if (!plan) return null;
  const dueDate = plan.period === 'lifetime' ? null : addPeriodIso(todayIsoDate(now), plan.period);
  const previous = (await repo.findSubscription(tx, userId))?.subscription.stripeSubscriptionId ?? null;
  const current = idOf(session.subscription);
  try {
    await repo.putSubscription(
      tx,
      userId,
      {
        planId: plan.id,
        dueDate,
        isTrial: false,
        cancellationDate: null,
        priceCents: session.amount_total ?? plan.priceCents,
        couponId: null,
        stripeCustomerId: idOf(session.customer),
        stripeSubscriptionId: current,
      },
      now,
    );
  } catch (error) {
    // A professional deleted meanwhile: nothing to activate.
    if (!isForeignKeyViolation(error)) throw error;
    return null;
  }
  return previous !== null && previous !== current ? previous : null;
}

const CANCEL_REPLACED_JOB = 'billing.cancel-replaced-stripe-subscription';

/**
 * Stops the Stripe subscription a change of plan replaced, so the professional is not billed
 * twice. A job, so that a Stripe outage is retried (with backoff) rather than forgotten; Stripe
 * then sends `customer.subscription.deleted` for it, which matches no subscription any more.
 */
export function defineBillingJobs(ctx: Context): void {
  ctx.jobs.define<{ stripeSubscriptionId: string }>(CANCEL_REPLACED_JOB, {
    handle: async ({ data }) => {
      if (!ctx.stripe) return;
      try {
        await ctx.stripe.subscriptions.cancel(data.stripeSubscriptionId);
      } catch (error) {
        // Already cancelled (by the professional in Stripe's portal, or a previous attempt): done.
        if ((error as { code?: string }).code === 'resource_missing') return;
        throw error;
      }
    },
  });
}

/** Applies one verified Stripe event, once (a redelivered event changes nothing). */
async function applyEvent(ctx: Context, event: Stripe.Event): Promise<void> {
  const now = ctx.clock.now();
  const replaced = await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimStripeEvent(tx, event.id, event.type, now))) return null;
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      return activateCheckout(tx, event.data.object, now);
    } else if (event.type === 'invoice.paid') {
      // A renewal (or the first invoice): paid up to the end of the period it bills.
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      const periodEnd = invoice.lines.data[0]?.period.end;
      if (subscriptionId && periodEnd) {
        await repo.updateStripeSubscription(tx, subscriptionId, { dueDate: isoDay(periodEnd), cancellationDate: null, isTrial: false, priceCents: invoice.amount_paid }, now);
      }
    } else if (event.type === 'customer.subscription.deleted') {
      await repo.updateStripeSubscription(tx, event.data.object.id, { cancellationDate: now }, now);
    }
    // Any other event is noted and ignored.
    return null;
  });
  if (replaced) await ctx.jobs.send(CANCEL_REPLACED_JOB, { stripeSubscriptionId: replaced }, { singletonKey: replaced });
}

/**
 * Stripe's webhook: the signature (Stripe-Signature, HMAC of the raw body with
 * STRIPE_WEBHOOK_SECRET, within Stripe's five-minute tolerance) is checked before anything is
 * read; a bad one answers 400 and changes nothing.
 */
export async function handleStripeWebhook(ctx: Context, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const secret = ctx.config.stripe?.webhookSecret;
  if (!ctx.stripe || !secret) throw new AppError('NOT_FOUND', messages.errors.routeNotFound);
  let event: Stripe.Event;
  try {
    event = ctx.stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  await applyEvent(ctx, event);
}
