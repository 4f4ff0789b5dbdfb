import { messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { formatMailDateTime, renderMail } from '../../platform/mail/render';
import { sendActionMail } from '../../platform/mail/send';

const m = messages.mail;

export async function sendEmailUpdateMail(ctx: Context, to: { email: string; firstName: string }, token: string) {
  await sendActionMail(ctx, to, {
    subject: m.emailUpdateSubject,
    paragraphs: [m.emailUpdateBody],
    button: m.emailUpdateButton,
    path: 'confirm-user-email-update',
    token,
  });
}

/**
 * To the address an account had, once a change to another one is confirmed: when it happened and
 * who to contact if it was not the professional (a stolen session is the usual reason).
 */
export async function sendEmailChangedNotice(ctx: Context, to: { email: string; firstName: string; newEmail: string; timeZone?: string | undefined }, when: Date): Promise<void> {
  const support = ctx.config.supportContacts.account;
  await ctx.mailer.send({
    to: to.email,
    subject: m.emailChangedSubject,
    ...renderMail({
      greetingName: to.firstName,
      paragraphs: [m.emailChangedBody(to.newEmail, formatMailDateTime(when, to.timeZone)), m.emailChangedAction(support)],
      footer: [m.emailChangedFooter],
    }),
    links: [],
  });
}
