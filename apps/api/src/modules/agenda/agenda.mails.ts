import { fullNameOf, isMinorOn, messages, professionalNameOf } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { appLink, formatMailDateTime, renderMail } from '../../platform/mail/render';
import type { findForReminder } from './agenda.repository';
import { toLocalStart } from './recurrence';

const m = messages.mail;

export type ReminderSubject = NonNullable<Awaited<ReturnType<typeof findForReminder>>>;

/** Someone a mail about the patient's appointment goes to; `guardian` for the 'Responsável financeiro' of a minor. */
export interface Recipient {
  email: string;
  greetingName: string;
  guardian: boolean;
}

/**
 * Who mails about a patient's appointment go to: the patient, and for a patient under 18 (on
 * the professional's today) the 'Responsável financeiro' too, when the patient file gives an
 * e-mail for them. None when the patient asked for no appointment e-mails.
 */
export function recipientsOf({ patient, professional }: ReminderSubject, now: Date): Recipient[] {
  if (patient.remindersOptOut) return [];
  const recipients: Recipient[] = [];
  if (patient.email) recipients.push({ email: patient.email, greetingName: patient.firstName, guardian: false });
  const today = toLocalStart(now, professional.timeZone).slice(0, 10);
  if (patient.payerEmail && patient.payerEmail !== patient.email && isMinorOn(patient.birthdate, today)) {
    const greetingName = patient.payerName?.trim().split(/\s+/)[0] || m.guardianGreetingName;
    recipients.push({ email: patient.payerEmail, greetingName, guardian: true });
  }
  return recipients;
}

/** The page of an appointment's link; `action` only says which button the page offers first. */
function appointmentLink(ctx: Context, token: string, action: 'confirm' | 'cancel'): string {
  const url = new URL(appLink(ctx.config.publicUrl, 'appointment', token));
  url.searchParams.set('action', action);
  return url.toString();
}

/**
 * How and where: for an online appointment the patient's link to the app's video room (`roomUrl`)
 * and any other video link; for one in person its place (the office's unless it says another).
 */
function whereLines({ appointment, professional }: ReminderSubject, roomUrl?: string): string[] {
  const lines = [m.reminderModality(messages.agenda.modality[appointment.modality])];
  if (appointment.modality === 'online') {
    if (roomUrl) lines.push(m.reminderRoomLink(roomUrl));
    if (appointment.videoLink) lines.push(m.reminderVideoLink(appointment.videoLink));
  } else {
    const location = appointment.location ?? professional.officeAddress;
    if (location) lines.push(m.reminderLocation(location));
  }
  return lines;
}

/**
 * The patient's reminder (and their guardian's): when (in the professional's zone), with whom,
 * how and where, and the two links. The links open a page where the patient presses the
 * button, so a mail scanner that follows links confirms or cancels nothing.
 */
export async function sendReminderMail(ctx: Context, subject: ReminderSubject, recipients: readonly Recipient[], token: string, roomUrl?: string): Promise<void> {
  const { appointment, patient, professional } = subject;
  const when = formatMailDateTime(appointment.startsAt, professional.timeZone);
  const professionalName = professionalNameOf(professional);
  const confirmUrl = appointmentLink(ctx, token, 'confirm');
  const cancelUrl = appointmentLink(ctx, token, 'cancel');
  for (const recipient of recipients) {
    const body = recipient.guardian ? m.guardianReminderBody(fullNameOf(patient), when, professionalName) : m.reminderBody(when, professionalName);
    await ctx.mailer.send({
      to: recipient.email,
      subject: m.reminderSubject(when),
      ...renderMail({
        greetingName: recipient.greetingName,
        paragraphs: [body, whereLines(subject, roomUrl).join('\n'), m.reminderAsk],
        actions: [
          { label: m.reminderConfirm, url: confirmUrl },
          { label: m.reminderCancel, url: cancelUrl },
        ],
        footer: [m.reminderFooter, ...(recipient.guardian ? [m.guardianFooter] : [])],
      }),
      links: [confirmUrl, cancelUrl],
    });
  }
}

/** A change the professional made that the patient is told of. */
export interface PatientNotice {
  change: 'cancelled' | 'moved';
  /** Where the appointment was before a move. */
  previousStartsAt: Date;
  /** The following appointments of its series changed the same way. */
  following: boolean;
}

/**
 * Tells the patient (and a minor's guardian) that the professional cancelled or moved the
 * appointment; a move comes with the link to the appointment, to confirm the new time or cancel.
 * The professional's cancellation reason is theirs: it is not sent.
 */
export async function sendPatientNotice(
  ctx: Context,
  subject: ReminderSubject,
  recipients: readonly Recipient[],
  notice: PatientNotice,
  token: string | null,
): Promise<void> {
  const { appointment, patient, professional } = subject;
  const professionalName = professionalNameOf(professional);
  const patientName = fullNameOf(patient);
  const before = formatMailDateTime(notice.previousStartsAt, professional.timeZone);
  const after = formatMailDateTime(appointment.startsAt, professional.timeZone);
  const openUrl = token ? appointmentLink(ctx, token, 'confirm') : null;
  for (const recipient of recipients) {
    const { guardian } = recipient;
    const content =
      notice.change === 'cancelled'
        ? {
            subject: m.noticeCancelledSubject(before),
            paragraphs: [
              guardian ? m.guardianNoticeCancelledBody(patientName, professionalName, before) : m.noticeCancelledBody(professionalName, before),
              ...(notice.following ? [m.noticeFollowingCancelled] : []),
            ],
          }
        : {
            subject: m.noticeMovedSubject(after),
            paragraphs: [
              guardian ? m.guardianNoticeMovedBody(patientName, professionalName, before, after) : m.noticeMovedBody(professionalName, before, after),
              ...(notice.following ? [m.noticeFollowingMoved] : []),
              whereLines(subject).join('\n'),
              ...(openUrl ? [m.noticeAsk] : []),
            ],
          };
    await ctx.mailer.send({
      to: recipient.email,
      subject: content.subject,
      ...renderMail({
        greetingName: recipient.greetingName,
        paragraphs: content.paragraphs,
        ...(openUrl ? { action: { label: m.noticeOpen, url: openUrl } } : {}),
        footer: [m.noticeFooter, ...(guardian ? [m.guardianFooter] : [])],
      }),
      links: openUrl ? [openUrl] : [],
    });
  }
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
