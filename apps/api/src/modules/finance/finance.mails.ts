import { formatCents, messages, professionalNameOf } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { renderMail } from '../../platform/mail/render';
import type { ReceiptContent } from './receipt-pdf';

const m = messages.mail;

/** The receipt to the payer, its PDF attached. */
export async function sendReceiptMail(ctx: Context, mail: { email: string; greetingName: string; content: ReceiptContent; pdf: Buffer }): Promise<void> {
  const professional = professionalNameOf(mail.content.professional);
  await ctx.mailer.send({
    to: mail.email,
    subject: m.receiptSubject(mail.content.number, professional),
    ...renderMail({
      greetingName: mail.greetingName,
      paragraphs: [m.receiptBody(professional, formatCents(mail.content.amountCents))],
      footer: [m.receiptFooter],
    }),
    attachments: [{ filename: messages.finance.receipt.fileName(mail.content.number), content: mail.pdf, contentType: 'application/pdf' }],
    links: [],
  });
}

/** A Pix charge to the payer: the 'copia e cola' code in the text and its QR Code attached. */
export async function sendPixChargeMail(
  ctx: Context,
  mail: { email: string; greetingName: string; professional: string; amount: string; sessions: string; payload: string; qrPng: Buffer },
): Promise<void> {
  await ctx.mailer.send({
    to: mail.email,
    subject: m.pixSubject(mail.professional),
    ...renderMail({
      greetingName: mail.greetingName,
      paragraphs: [m.pixBody(mail.professional, mail.amount, mail.sessions), m.pixHowTo, mail.payload],
      footer: [m.pixFooter],
    }),
    attachments: [{ filename: 'pix-qrcode.png', content: mail.qrPng, contentType: 'image/png' }],
    links: [],
  });
}
