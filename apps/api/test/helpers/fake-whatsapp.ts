import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the app asked the Graph API to send. */
export interface SentWhatsapp {
  id: string;
  phoneNumberId: string;
  authorization: string | undefined;
  body: {
    to: string;
    type: 'template' | 'text';
    template?: { name: string; language: { code: string }; components: Array<{ type: string; sub_type?: string; index?: string; parameters: Array<{ type: string; text?: string; payload?: string }> }> };
    text?: { body: string };
  };
}

/**
 * A loopback stand-in for the WhatsApp Business Cloud API's `POST /{phone-number-id}/messages`,
 * answering as Graph does (`{ messages: [{ id }] }`), or failing every call with `failWith`; and
 * Meta's side of the webhook: notifications signed like Meta signs them (X-Hub-Signature-256:
 * 'sha256=' + the HMAC-SHA256 of the raw body with the app secret, in hex).
 */
export class FakeWhatsapp {
  readonly sent: SentWhatsapp[] = [];
  failWith: number | undefined;
  private server: Server | undefined;
  private counter = 0;

  constructor(readonly appSecret: string) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v21.0`;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The templates sent to a number (E.164 without '+'). */
  templatesTo(to: string): SentWhatsapp[] {
    return this.sent.filter((message) => message.body.to === to && message.body.type === 'template');
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const match = /^\/v21\.0\/(\d+)\/messages$/.exec(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    if (request.method !== 'POST' || !match) {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { message: 'Unknown path' } }));
      return;
    }
    if (this.failWith) {
      response.statusCode = this.failWith;
      response.end(JSON.stringify({ error: { message: 'Service temporarily unavailable', code: 131000 } }));
      return;
    }
    const id = `wamid.fake${++this.counter}`;
    this.sent.push({ id, phoneNumberId: match[1]!, authorization: request.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    response.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [], messages: [{ id }] }));
  }

  sign(raw: string): string {
    return `sha256=${createHmac('sha256', this.appSecret).update(raw).digest('hex')}`;
  }

  /** A notification as Meta posts it, around messages received and statuses of messages sent. */
  static notification(value: { messages?: unknown[]; statuses?: unknown[] }): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '1000' }, ...value } }] }],
    });
  }
}
