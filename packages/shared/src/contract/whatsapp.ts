import { z } from 'zod';
import { messageEnvelope } from '../schemas/common';
import { whatsappVerifyQuery, whatsappWebhookBody } from '../schemas/whatsapp';
import { defineRoute } from './route';

const tag = 'whatsapp';

export const whatsappApi = {
  /** Meta's check of the webhook: answers `hub.challenge` when `hub.verify_token` is WHATSAPP_VERIFY_TOKEN (403 otherwise; 404 without WhatsApp). */
  verifyWebhook: defineRoute({
    method: 'GET',
    path: '/v1/webhooks/whatsapp',
    access: 'public',
    tag,
    query: whatsappVerifyQuery,
    status: 200,
    response: z.string().describe('the hub.challenge received'),
    raw: 'text/plain',
    errors: { 403: ['WHATSAPP_VERIFY_TOKEN_INVALID'], 404: ['WHATSAPP_NOT_CONFIGURED'] },
  }),
  /**
   * Messages received (a reminder's button, 'PARAR') and statuses of messages sent. The
   * X-Hub-Signature-256 header must be the HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET:
   * otherwise 401 and nothing changes. A message delivered twice is applied once.
   */
  webhook: defineRoute({
    method: 'POST',
    path: '/v1/webhooks/whatsapp',
    access: 'public',
    tag,
    body: whatsappWebhookBody,
    status: 200,
    response: messageEnvelope,
    errors: { 401: ['WHATSAPP_SIGNATURE_INVALID'], 404: ['WHATSAPP_NOT_CONFIGURED'] },
  }),
};
