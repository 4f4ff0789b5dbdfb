import { messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { renderMail } from '../../platform/mail/render';

const m = messages.mail;

/** The signed document to the patient (or the responsible), its PDF attached; the mail's text names the document only. */
export async function sendDocumentMail(
  ctx: Context,
  mail: { email: string; greetingName: string; title: string; professional: string; filename: string; pdf: Buffer },
): Promise<void> {
  await ctx.mailer.send({
    to: mail.email,
    subject: m.documentSubject(mail.title, mail.professional),
    ...renderMail({ greetingName: mail.greetingName, paragraphs: [m.documentBody(mail.title, mail.professional)], footer: [m.documentFooter] }),
    attachments: [{ filename: mail.filename, content: mail.pdf, contentType: 'application/pdf' }],
    links: [],
  });
}
