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

interface NoticeRecipient {
  email: string;
  firstName: string;
  timeZone?: string | undefined;
}

/** A notice that the account's credentials changed: what and when, and who to contact if it was not the professional (a stolen session is the usual reason). */
async function sendSecurityNotice(ctx: Context, to: NoticeRecipient, notice: { subject: string; body: string; footer: string }): Promise<void> {
  await ctx.mailer.send({
    to: to.email,
    subject: notice.subject,
    ...renderMail({
      greetingName: to.firstName,
      paragraphs: [notice.body, m.securityNoticeAction(ctx.config.supportContacts.account)],
      footer: [notice.footer],
    }),
    links: [],
  });
}

/** To the address an account had, once a change to another one is confirmed. */
export async function sendEmailChangedNotice(ctx: Context, to: NoticeRecipient & { newEmail: string }, when: Date): Promise<void> {
  await sendSecurityNotice(ctx, to, {
    subject: m.emailChangedSubject,
    body: m.emailChangedBody(to.newEmail, formatMailDateTime(when, to.timeZone)),
    footer: m.emailChangedFooter,
  });
}

/** To the account's address, once its password is changed. */
export async function sendPasswordChangedNotice(ctx: Context, to: NoticeRecipient, when: Date): Promise<void> {
  await sendSecurityNotice(ctx, to, {
    subject: m.passwordChangedSubject,
    body: m.passwordChangedBody(formatMailDateTime(when, to.timeZone)),
    footer: m.passwordChangedFooter,
  });
}
