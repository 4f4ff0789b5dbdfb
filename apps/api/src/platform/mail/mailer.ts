import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../lazy';
import { ensurePrivateDir, writePrivateFile } from '../private-files';

/** A file sent with a mail (a receipt's PDF, a Pix charge's QR Code). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** The product links the mail carries; logged when mail is written to disk. */
  links?: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailLogger {
  info(object: object, message: string): void;
}

export interface MailerOptions {
  from: string;
  smtpUrl?: string | undefined;
  /** Where `.eml` files go when there is no SMTP server. */
  mailDir: string;
  logger: MailLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : fileMailer(options);
}

/** The transport, made with the first mail (nodemailer is not loaded before). */
function lazyTransport(make: (library: typeof nodemailer) => Transporter) {
  let made: Transporter | undefined;
  const transport = onFirstUse(async () => (made = make((await import('nodemailer')).default)));
  return { transport, close: () => made?.close() };
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const { transport, close } = lazyTransport((library) => library.createTransport(smtpUrl));
  return {
    send: async ({ to, subject, text, html, attachments }) => {
      await (await transport()).sendMail({ from, to, subject, text, html, ...(attachments ? { attachments } : {}) });
    },
    close,
  };
}

function fileMailer({ from, mailDir, logger }: MailerOptions): Mailer {
  const { transport, close } = lazyTransport((library) => library.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  let sequence = 0;
  return {
    send: async ({ to, subject, text, html, attachments, links = [] }) => {
      const info = await (await transport()).sendMail({ from, to, subject, text, html, ...(attachments ? { attachments } : {}) });
      // Private: a mail carries confirmation links and temporary passwords.
      await ensurePrivateDir(mailDir);
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(4, '0')}.eml`;
      const file = path.join(mailDir, name);
      await writePrivateFile(file, info.message as Buffer);
      logger.info({ to, subject, file, links }, `mail written to ${file}${links.length ? ` — ${links.join(' ')}` : ''}`);
    },
    close,
  };
}
