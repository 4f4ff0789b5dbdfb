import { z } from 'zod';

/** Meta's verification of the webhook's address: it sends the verify token and expects the challenge back. */
export const whatsappVerifyQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** What the WhatsApp Business Cloud API posts (messages received, statuses of messages sent), signed in X-Hub-Signature-256. */
export const whatsappWebhookBody = z.unknown().describe('a WhatsApp Business Cloud API notification, signed in the X-Hub-Signature-256 header');
