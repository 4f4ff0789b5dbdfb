import { messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { formatMailDateTime, renderMail } from '../../platform/mail/render';
import { sendActionMail } from '../../platform/mail/send';

const m = messages.booking.mail;

/** To the person who asked for a slot: the link that confirms it (good for 30 minutes). */
export async function sendConfirmationMail(
  ctx: Context,
  to: { email: string; firstName: string },
  booking: { professional: string; startsAt: Date; timeZone: string },
  token: string,
): Promise<void> {
  await sendActionMail(ctx, to, {
    subject: m.confirmSubject,
    paragraphs: [m.confirmBody(booking.professional, formatMailDateTime(booking.startsAt, booking.timeZone))],
    button: m.confirmButton,
    path: 'confirmar-agendamento',
    token,
  });
}

/** A plain notice (no link): to the professional of a new booking, to the patient of a decision; nothing to ignore. */
export async function sendNotice(ctx: Context, to: { email: string; firstName: string }, notice: { subject: string; body: string }): Promise<void> {
  await ctx.mailer.send({ to: to.email, subject: notice.subject, ...renderMail({ greetingName: to.firstName, paragraphs: [notice.body], footer: [] }), links: [] });
}
