import { fullNameOf, messages, professionalNameOf } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { appLink, formatMailDateTime, renderMail } from '../../platform/mail/render';
import type { findForReminder } from './agenda.repository';

const m = messages.mail;

export type ReminderSubject = NonNullable<Awaited<ReturnType<typeof findForReminder>>>;

/** The page of the reminder's link; `action` only says which button the page offers first. */
function appointmentLink(ctx: Context, token: string, action: 'confirm' | 'cancel'): string {
  const url = new URL(appLink(ctx.config.publicUrl, 'appointment', token));
  url.searchParams.set('action', action);
  return url.toString();
}

/** How and where; `roomUrl` is the patient's link to the app's video room of an online appointment. */
function whereLines({ appointment }: ReminderSubject, roomUrl?: string): string[] {
  const lines = [m.reminderModality(messages.agenda.modality[appointment.modality])];
  if (roomUrl) lines.push(m.reminderRoomLink(roomUrl));
  if (appointment.modality === 'online' && appointment.videoLink) lines.push(m.reminderVideoLink(appointment.videoLink));
  if (appointment.location) lines.push(m.reminderLocation(appointment.location));
  return lines;
}

/**
 * The patient's reminder: when (in the professional's zone), with whom, how, and the two links.
 * The links open a page where the patient presses the button, so a mail scanner that follows
 * links confirms or cancels nothing.
 */
export async function sendReminderMail(ctx: Context, subject: ReminderSubject & { patient: { email: string } }, token: string, roomUrl?: string): Promise<void> {
  const { appointment, patient, professional } = subject;
  const when = formatMailDateTime(appointment.startsAt, professional.timeZone);
  const confirmUrl = appointmentLink(ctx, token, 'confirm');
  const cancelUrl = appointmentLink(ctx, token, 'cancel');
  await ctx.mailer.send({
    to: patient.email,
    subject: m.reminderSubject(when),
    ...renderMail({
      greetingName: patient.firstName,
      paragraphs: [m.reminderBody(when, professionalNameOf(professional)), whereLines(subject, roomUrl).join('\n'), m.reminderAsk],
      actions: [
        { label: m.reminderConfirm, url: confirmUrl },
        { label: m.reminderCancel, url: cancelUrl },
      ],
      footer: [m.reminderFooter],
    }),
    links: [confirmUrl, cancelUrl, ...(roomUrl ? [roomUrl] : [])],
  });
}

/** Tells the professional that a patient cancelled through the reminder's link, with the reason given. */
export async function sendCancellationNotice(ctx: Context, { appointment, patient, professional }: ReminderSubject): Promise<void> {
  const patientName = fullNameOf(patient);
  const when = formatMailDateTime(appointment.startsAt, professional.timeZone);
  const agendaUrl = appLink(ctx.config.publicUrl, 'agenda');
  await ctx.mailer.send({
    to: professional.email,
    subject: m.cancelledSubject(patientName),
    ...renderMail({
      greetingName: professional.firstName,
      paragraphs: [
        m.cancelledBody(patientName, when),
        appointment.cancellationReason ? m.cancelledReason(appointment.cancellationReason) : m.cancelledNoReason,
      ],
      action: { label: m.openAgenda, url: agendaUrl },
      footer: [m.cancelledFooter],
    }),
    links: [agendaUrl],
  });
}
