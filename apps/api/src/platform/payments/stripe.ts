import type Stripe from 'stripe';
import type { StripeConfig } from '../../config';

export type { Stripe };

/**
 * The official Stripe client. `apiUrl` points it elsewhere than api.stripe.com (the loopback
 * fake of the tests, or stripe-mock); one retry on a network failure, 20 s at most per call.
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  // Loaded only when Stripe is configured.
  const { default: StripeClient } = await import('stripe');
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return new StripeClient(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Consultório' },
    ...(api ? { host: api.hostname, port: Number(api.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
  });
}
