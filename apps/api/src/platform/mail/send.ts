import type { Context } from '../context';
import { appLink, renderMail } from './render';

/** A mail in the product's layout whose button opens `path` in the web app (with the token as `?token=`). */
export async function sendActionMail(
  ctx: Pick<Context, 'mailer' | 'config'>,
  to: { email: string; firstName: string },
  mail: { subject: string; paragraphs: string[]; button: string; path: string; token?: string; footer?: string[] },
): Promise<void> {
  const url = appLink(ctx.config.publicUrl, mail.path, mail.token);
  await ctx.mailer.send({
    to: to.email,
    subject: mail.subject,
    ...renderMail({ greetingName: to.firstName, paragraphs: mail.paragraphs, action: { label: mail.button, url }, ...(mail.footer ? { footer: mail.footer } : {}) }),
    links: [url],
  });
}
