import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsappConfig } from '../../config';

/**
 * The few calls of the WhatsApp Business Cloud API the app makes, by plain HTTP (`fetch`) to
 * WHATSAPP_API_URL (docs/decisions.md, "WhatsApp by plain HTTP"). Knows no module: the agenda
 * sends reminders and notices through it, the whatsapp module answers a patient's 'PARAR'.
 */

const TIMEOUT_MS = 15_000;

/** A failed call: Graph's own message when it gave one (the job that sent it retries, then falls back). */
export class WhatsappSendError extends Error {}

/** A template message: its body's parameters in order, and the payloads of its quick-reply buttons in order. */
export interface TemplateMessage {
  /** The recipient in E.164 ('+5511987654321'). */
  to: string;
  template: string;
  bodyParameters: readonly string[];
  buttonPayloads?: readonly string[];
}

function templateComponents(message: TemplateMessage) {
  return [
    { type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) },
    ...(message.buttonPayloads ?? []).map((payload, index) => ({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    })),
  ];
}

async function postMessage(config: WhatsappConfig, body: Record<string, unknown>): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', ...body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new WhatsappSendError(`WhatsApp unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const answer = (await response.json().catch(() => null)) as { messages?: Array<{ id?: unknown }>; error?: { message?: unknown } } | null;
  if (!response.ok) {
    const reason = typeof answer?.error?.message === 'string' ? answer.error.message : `HTTP ${response.status}`;
    throw new WhatsappSendError(`WhatsApp refused the message: ${reason}`);
  }
  const id = answer?.messages?.[0]?.id;
  if (typeof id !== 'string') throw new WhatsappSendError('WhatsApp answered without a message id');
  return id;
}

/** Sends an approved template (business-initiated: reminders, notices); answers WhatsApp's message id. */
export function sendTemplate(config: WhatsappConfig, message: TemplateMessage): Promise<string> {
  return postMessage(config, {
    to: message.to.replace(/^\+/, ''),
    type: 'template',
    template: { name: message.template, language: { code: config.templates.language }, components: templateComponents(message) },
  });
}

/** Sends a plain text, allowed only within 24 hours of the patient's own message (the answer to 'PARAR'). */
export function sendText(config: WhatsappConfig, to: string, text: string): Promise<string> {
  return postMessage(config, { to: to.replace(/^\+/, ''), type: 'text', text: { body: text } });
}

/** Whether `header` is 'sha256=' and the HMAC-SHA256 of the raw body with the app secret (compared in constant time). */
export function isSignatureValid(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
