import { messages } from '@consultorio/shared';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedAttachment {
  filename: string | null;
  mimeType: string;
  content: Uint8Array;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
}

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private readonly server: SMTPServer;
  private waiters: Array<() => void> = [];
  private address: string | undefined;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((mail) => {
              this.received.push({
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: mail.html ?? '',
                attachments: mail.attachments.map((attachment) => ({
                  filename: attachment.filename,
                  mimeType: attachment.mimeType,
                  content: typeof attachment.content === 'string' ? new TextEncoder().encode(attachment.content) : new Uint8Array(attachment.content),
                })),
              });
              for (const wake of this.waiters.splice(0)) wake();
              callback();
            })
            .catch(callback);
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.address = `smtp://127.0.0.1:${port}`;
    return this.address;
  }

  /** The started server's address. */
  get url(): string {
    if (!this.address) throw new Error('the SMTP server has not started');
    return this.address;
  }

  /** Waits for the next message addressed to `to` received after `since` messages. */
  async waitFor(to: string, since = 0, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(since).find((mail) => mail.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  mailsTo(to: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(to));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export function linkToken(mail: ReceivedMail): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no token link in mail: ${mail.text}`);
  return match[1];
}

/** The password a recovery mail carries, found through the mail's own wording. */
export function mailedPassword(mail: ReceivedMail): string {
  const [before] = messages.mail.passwordBody('\u0000').split('\u0000');
  const start = mail.text.indexOf(before!);
  if (start < 0) throw new Error(`not a recovery mail: ${mail.text}`);
  const password = /^\S+/.exec(mail.text.slice(start + before!.length))?.[0];
  if (!password) throw new Error(`no password in mail: ${mail.text}`);
  return password;
}
