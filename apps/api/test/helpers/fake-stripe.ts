import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  /** The form-encoded body the SDK sent, flattened ('line_items[0][price_data][unit_amount]'). */
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  customer: string | null;
  subscription: string | null;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/**
 * A loopback stand-in for the few Stripe endpoints the app uses (creating a Checkout session),
 * which also plays Stripe's part in a payment: completing a session and sending its events to
 * the app's webhook, signed as Stripe documents (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of
 * "<t>.<raw body>" with the endpoint's secret, in hex>`).
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly sessions = new Map<string, FakeCheckoutSession>();
  /** The subscriptions the app cancelled. */
  readonly cancelledSubscriptions: string[] = [];
  /** Answer every API call with this status (a Stripe outage) when set. */
  failWith: number | undefined;
  private server: Server | undefined;
  private address: string | undefined;

  constructor(private readonly webhookSecret: string) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.address = `http://127.0.0.1:${port}`;
    return this.address;
  }

  get url(): string {
    if (!this.address) throw new Error('the fake Stripe server has not started');
    return this.address;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = (request.url ?? '').split('?')[0]!;
    this.calls.push({ method: request.method ?? '', path, form, authorization: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    if (this.failWith) return send(this.failWith, { error: { type: 'api_error', message: 'Stripe is down' } });
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const session: FakeCheckoutSession = {
        id: id('cs'),
        object: 'checkout.session',
        url: '',
        mode: form.mode ?? 'payment',
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata,
        amount_total: Number(form['line_items[0][price_data][unit_amount]'] ?? 0) * Number(form['line_items[0][quantity]'] ?? 1),
        currency: form['line_items[0][price_data][currency]'] ?? 'brl',
        status: 'open',
        payment_status: 'unpaid',
        customer: null,
        subscription: null,
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      this.sessions.set(session.id, session);
      return send(200, session);
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1];
    if (request.method === 'DELETE' && subscription) {
      const known = [...this.sessions.values()].some((session) => session.subscription === subscription);
      if (!known || this.cancelledSubscriptions.includes(subscription)) {
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscription}'` } });
      }
      this.cancelledSubscriptions.push(subscription);
      return send(200, { id: subscription, object: 'subscription', status: 'canceled' });
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
  }

  /** Stripe's signature header for a raw body, at `timestamp` (seconds), with `secret` (the endpoint's unless given). */
  sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', options.secret ?? this.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  /** An event as Stripe sends it. */
  event(type: string, object: object): { id: string; payload: string } {
    const eventId = id('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return { id: eventId, payload };
  }

  /** Posts an event's raw body to the webhook, signed (or with the header given). */
  async deliver(webhookUrl: string, payload: string, signature: string | null = this.sign(payload)): Promise<{ status: number; body: unknown }> {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
    return { status: response.status, body: await response.json() };
  }

  /** The customer pays: the session completes, with a customer and (for a subscription) a subscription. */
  complete(sessionId: string): FakeCheckoutSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: id('cus'),
      subscription: session.mode === 'subscription' ? id('sub') : null,
    });
    return session;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
