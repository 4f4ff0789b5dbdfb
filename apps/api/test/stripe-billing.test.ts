// The app's own subscription: the plans list, Stripe Checkout against a loopback fake of Stripe,
// and Stripe's signed webhooks (activation, renewal, cancellation, a redelivery, bad signatures);
// without STRIPE_SECRET_KEY, the billing contact instead.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { messages, todayIsoDate, type PlanList, type SubscriptionData } from '@consultorio/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents } from '../src/db/schema';
import { addPeriodIso } from '../src/modules/billing/billing.service';
import { createTestApp, type TestApp } from './helpers/build-app';
import { FakeStripe } from './helpers/fake-stripe';
import { admin, newCoupon, subscriptionRow } from './factories/billing';
import { newSignedInUser } from './factories/users';

const WEBHOOK_SECRET = 'whsec_test_consultorio';
const e = messages.errors;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

/** The log lines an app wrote, parsed. */
class LogLines extends Writable {
  readonly lines: Array<{ level: number; msg: string }> = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line) as { level: number; msg: string });
    done();
  }
}

let t: TestApp;
/** Without STRIPE_SECRET_KEY (its webhook secret alone, which start-up warns about). */
let plain: TestApp;
const plainLogs = new LogLines();
let stripe: FakeStripe;
let webhookUrl: string;

beforeAll(async () => {
  stripe = new FakeStripe(WEBHOOK_SECRET);
  const apiUrl = await stripe.start();
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_consultorio', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: apiUrl, SUPPORT_BILLING_EMAIL: 'financeiro@consultorio.test' } });
  // Stripe calls the webhook over HTTP: the app listens on loopback.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/billing/webhooks/stripe`;
  plain = await createTestApp({ env: { SUPPORT_BILLING_EMAIL: 'financeiro@consultorio.test', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, logStream: plainLogs });
});
afterAll(async () => {
  await t.close();
  await plain.close();
  await stripe.close();
});

function call(app: TestApp, method: InjectOptions['method'], url: string, cookie: string, payload?: object) {
  return app.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
}

async function plansOf(app: TestApp, cookie: string): Promise<PlanList> {
  const response = await call(app, 'GET', '/v1/users/me/subscriptions/plans', cookie);
  expect(response.statusCode).toBe(200);
  return response.json().data as PlanList;
}

async function subscriptionOf(cookie: string): Promise<SubscriptionData> {
  return (await call(t, 'GET', '/v1/users/me/subscriptions', cookie)).json().data as SubscriptionData;
}

async function eventCount(): Promise<number> {
  return (await t.database.db.select().from(stripeEvents)).length;
}

/** A professional on the default plan, and the plans by name. */
async function professional(app = t) {
  const { user, cookie } = await newSignedInUser(app);
  await admin(app, 'subscription:grant', user.username, '--plan', 'essencial', '--days', '5');
  const list = await plansOf(app, cookie);
  const plan = (name: string) => list.plans.find((item) => item.name === name)!;
  return { user, cookie, list, plan };
}

describe('plans', () => {
  it('lists the active plans from the database with the current one', async () => {
    const { list, plan } = await professional();
    expect(list.plans.map((item) => [item.name, item.period, item.priceCents, item.patientsLimit])).toEqual(
      expect.arrayContaining([
        ['Essencial', 'monthly', 4990, 50],
        ['Profissional', 'monthly', 9990, 300],
        ['Clínica anual', 'annual', 99900, 2000],
      ]),
    );
    expect(list).toMatchObject({ currentPlanId: plan('Essencial').id, checkoutAvailable: true, billingEmail: 'financeiro@consultorio.test' });
  });

  it('points to the billing contact and refuses checkout without STRIPE_SECRET_KEY; the webhook is not there', async () => {
    const { cookie, list, plan } = await professional(plain);
    expect(list).toMatchObject({ checkoutAvailable: false, billingEmail: 'financeiro@consultorio.test' });
    const checkout = await call(plain, 'POST', '/v1/users/me/subscriptions/checkout', cookie, { planId: plan('Profissional').id });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json()).toEqual(failure(409, e.checkoutUnavailable));
    const webhook = await plain.request({ method: 'POST', url: '/v1/billing/webhooks/stripe', payload: { id: 'evt_1' } });
    expect(webhook.statusCode).toBe(404);
  });

  it('warns at start-up when only some of the Stripe variables are set', () => {
    const warnings = plainLogs.lines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings).toContain('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: Stripe stays off; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together');
  });

  it('says what a coupon really does: free days after the current ones, then the price', async () => {
    const { user, cookie } = await professional();
    const coupon = await newCoupon(t, `GRATIS${user.username.slice(-6)}`, '--plan', 'profissional', '--days', '30');
    const before = await subscriptionRow(t, user.id);
    const response = await call(t, 'POST', '/v1/users/me/subscriptions/coupon', cookie, { couponCode: coupon.code });
    expect(response.json().data.userSubscription).toMatchObject({
      coupon: { code: coupon.code, days: 30, percentOff: null },
      dueDate: addDays(before!.dueDate!, 30),
      priceCents: 9990,
      isTrial: false,
    });
  });
});

function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('Stripe Checkout and webhooks', () => {
  it('opens Checkout for a plan, and the signed webhook activates it; a redelivery changes nothing', async () => {
    const { user, cookie, plan } = await professional();
    const chosen = plan('Profissional');
    const response = await call(t, 'POST', '/v1/users/me/subscriptions/checkout', cookie, { planId: chosen.id });
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data as { url: string };
    const session = [...stripe.sessions.values()].find((item) => url.endsWith(item.id))!;
    const created = stripe.calls.at(-1)!;
    expect(created).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_consultorio' });
    expect(created.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      customer_email: user.email,
      'metadata[userId]': user.id,
      'metadata[planId]': chosen.id,
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '9990',
      'line_items[0][price_data][recurring][interval]': 'month',
      success_url: 'http://consultorio.test/billing?checkout=success',
    });
    // Nothing changes before Stripe says the payment went through.
    expect((await subscriptionOf(cookie)).plan?.name).toBe('Essencial');

    const completed = stripe.event('checkout.session.completed', stripe.complete(session.id));
    const delivered = await stripe.deliver(webhookUrl, completed.payload);
    expect(delivered).toEqual({ status: 200, body: { status: 200, data: null, message: messages.billing.webhookProcessed } });
    const active = await subscriptionOf(cookie);
    expect(active).toMatchObject({
      plan: { name: 'Profissional' },
      userSubscription: { isTrial: false, cancellationDate: null, priceCents: 9990, paidOnline: true, coupon: null, dueDate: addPeriodIso(todayIsoDate(t.clock.now()), 'monthly') },
    });
    const row = await subscriptionRow(t, user.id);
    expect(row).toMatchObject({ stripeCustomerId: session.customer, stripeSubscriptionId: session.subscription });

    const events = await eventCount();
    expect((await stripe.deliver(webhookUrl, completed.payload)).status).toBe(200);
    expect(await eventCount()).toBe(events);
    expect(await subscriptionOf(cookie)).toEqual(active);

    // A renewal: paid up to the end of the period the invoice bills.
    const periodEnd = Math.floor(Date.UTC(2031, 0, 15, 12) / 1000);
    const invoice = stripe.event('invoice.paid', {
      id: 'in_test_1',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 9990,
      parent: { type: 'subscription_details', subscription_details: { subscription: session.subscription } },
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: periodEnd - 30 * 86400, end: periodEnd } }] },
    });
    expect((await stripe.deliver(webhookUrl, invoice.payload)).status).toBe(200);
    expect((await subscriptionOf(cookie)).userSubscription?.dueDate).toBe('2031-01-15');

    const deleted = stripe.event('customer.subscription.deleted', { id: session.subscription, object: 'subscription', status: 'canceled' });
    expect((await stripe.deliver(webhookUrl, deleted.payload)).status).toBe(200);
    expect((await subscriptionOf(cookie)).userSubscription?.cancellationDate).not.toBeNull();
  });

  it('cancels the replaced Stripe subscription when the professional changes plan, once', async () => {
    const { user, cookie, plan } = await professional();
    const paidCheckout = async (name: string) => {
      const { url } = (await call(t, 'POST', '/v1/users/me/subscriptions/checkout', cookie, { planId: plan(name).id })).json().data as { url: string };
      const session = stripe.complete([...stripe.sessions.values()].find((item) => url.endsWith(item.id))!.id);
      expect((await stripe.deliver(webhookUrl, stripe.event('checkout.session.completed', session).payload)).status).toBe(200);
      return session;
    };
    const first = await paidCheckout('Profissional');
    await t.app.jobs.idle();
    expect(stripe.cancelledSubscriptions).not.toContain(first.subscription);

    const second = await paidCheckout('Profissional');
    await t.app.jobs.idle();
    expect(stripe.cancelledSubscriptions.filter((id) => id === first.subscription)).toHaveLength(1);
    expect(await subscriptionRow(t, user.id)).toMatchObject({ stripeSubscriptionId: second.subscription });
    // Stripe then says the old one ended: the professional's current plan is not touched.
    const ended = stripe.event('customer.subscription.deleted', { id: first.subscription, object: 'subscription', status: 'canceled' });
    expect((await stripe.deliver(webhookUrl, ended.payload)).status).toBe(200);
    expect((await subscriptionOf(cookie)).userSubscription?.cancellationDate).toBeNull();
  });

  it('answers 400 to a bad, stale or missing signature and changes nothing', async () => {
    const { user, cookie, plan } = await professional();
    const response = await call(t, 'POST', '/v1/users/me/subscriptions/checkout', cookie, { planId: plan('Clínica anual').id });
    const { url } = response.json<{ data: { url: string } }>().data;
    const session = [...stripe.sessions.values()].find((item) => url.endsWith(item.id))!;
    expect(stripe.calls.at(-1)!.form['line_items[0][price_data][recurring][interval]']).toBe('year');
    const completed = stripe.event('checkout.session.completed', stripe.complete(session.id));
    const before = await subscriptionRow(t, user.id);
    const events = await eventCount();

    const wrongSecret = await stripe.deliver(webhookUrl, completed.payload, stripe.sign(completed.payload, { secret: 'whsec_someone_else' }));
    const stale = await stripe.deliver(webhookUrl, completed.payload, stripe.sign(completed.payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    const tampered = await stripe.deliver(webhookUrl, completed.payload.replace('"paid"', '"unpaid"'), stripe.sign(completed.payload));
    const missing = await stripe.deliver(webhookUrl, completed.payload, null);
    for (const answer of [wrongSecret, stale, tampered, missing]) {
      expect(answer).toEqual({ status: 400, body: failure(400, e.webhookSignatureInvalid) });
    }
    expect(await subscriptionRow(t, user.id)).toEqual(before);
    expect(await eventCount()).toBe(events);

    // The same event, signed properly, goes through.
    expect((await stripe.deliver(webhookUrl, completed.payload)).status).toBe(200);
    expect((await subscriptionOf(cookie)).plan?.name).toBe('Clínica anual');
  });

  it('answers 404 to an unknown plan, 400 to a bad id, and 503 when Stripe fails', async () => {
    const { cookie, plan } = await professional();
    const unknown = await call(t, 'POST', '/v1/users/me/subscriptions/checkout', cookie, { planId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json()).toEqual(failure(404, e.planNotFound));
    const bad = await call(t, 'POST', '/v1/users/me/subscriptions/checkout', cookie, { planId: 'profissional' });
    expect(bad.json()).toEqual(failure(400, messages.validation.planRequired));
    stripe.failWith = 500;
    try {
      const down = await call(t, 'POST', '/v1/users/me/subscriptions/checkout', cookie, { planId: plan('Profissional').id });
      expect(down.json()).toEqual(failure(503, e.paymentProviderFailed));
    } finally {
      stripe.failWith = undefined;
    }
  });
});
