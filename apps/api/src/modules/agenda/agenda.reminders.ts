import { type AppointmentMessage } from '@consultorio/shared';
import type { Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { once } from '../../platform/jobs/once';
import { hashToken, newToken } from '../../platform/tokens';
import { patientRoomUrl } from '../video/video.service';
import { recipientsOf, sendCancellationNotice, sendPatientNotice, sendReminderMail, type PatientNotice, type ReminderSubject } from './agenda.mails';
import { sendNoticeWhatsapp, sendReminderWhatsapp, whatsappAddressOf } from './agenda.whatsapp';
import * as repo from './agenda.repository';
import { noteAppointment, isOpen, ownedAppointment } from './agenda.common';

// ---- reminders and the other messages to the patient ----

/** Sends one row of `appointment_messages` (a reminder by e-mail or WhatsApp, a WhatsApp notice). */
const REMINDER_JOB = 'agenda.reminder';
export const CANCELLATION_NOTICE_JOB = 'agenda.cancellation-notice';
export const PATIENT_NOTICE_JOB = 'agenda.patient-notice';

export interface PatientNoticeJob {
  appointmentId: string;
  change: PatientNotice['change'];
  previousStartsAt: string;
  following: boolean;
}

interface MessageJob {
  messageId: string;
  /** A move's or cancellation's former start, for a notice. */
  previousStartsAt?: string;
}

/** Queues the reminders that are due, of every professional or one (each claimed by one instance). */
export async function queueDueReminders(ctx: Context, ownerId?: string): Promise<number> {
  // Claimed and queued in one transaction: an instance that dies between the two leaves neither.
  const ids = await ctx.db.transaction(async (tx) => {
    const claimed = await repo.claimDueReminders(tx, ctx.clock.now(), { whatsapp: ctx.config.whatsapp !== undefined, ...(ownerId ? { ownerId } : {}) });
    for (const messageId of claimed) await ctx.jobs.send(REMINDER_JOB, { messageId } satisfies MessageJob, { within: tx });
    return claimed;
  });
  if (ids.length > 0) ctx.jobs.wake(REMINDER_JOB);
  return ids.length;
}

/**
 * The same, a failure logged rather than thrown (the next scan tries again). After a booking or a
 * move it runs before the answer, so a reminder already due goes at once.
 */
export function queueDueRemindersLogged(ctx: Context, ownerId?: string): Promise<void> {
  return queueDueReminders(ctx, ownerId).then(
    () => undefined,
    (error: unknown) => ctx.log.error({ err: error }, 'could not queue due reminders'),
  );
}

/** A new link to the appointment for a mail: its token, whose hash is kept (good until the appointment's end). */
async function newLink(ctx: Context, appointmentId: string): Promise<string> {
  const token = newToken();
  await repo.insertLink(ctx.db, appointmentId, hashToken(token));
  return token;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** Sends one message of the record, if it still has a reason to go; a WhatsApp failure throws, for the job to retry. */
async function sendPatientMessage(ctx: Context, job: MessageJob): Promise<void> {
  const message = await repo.findMessage(ctx.db, job.messageId);
  if (!message || message.status !== 'queued') return;
  const found = await repo.findForReminder(ctx.db, message.appointmentId);
  if (!found) return;
  if (message.kind !== 'reminder') {
    await sendWhatsappNotice(ctx, message, found, job);
    return;
  }
  const now = ctx.clock.now();
  const { appointment } = found;
  const stillDue = isOpen(appointment.status) && appointment.startsAt > now && appointment.startsAt.getTime() === message.startsAt.getTime();
  // A reminder the appointment outgrew (moved, cancelled) never went: it leaves no trace.
  if (!stillDue) return repo.deleteMessage(ctx.db, message.id);
  const roomUrl = appointment.modality === 'online' ? await patientRoomUrl(ctx, appointment.id) : undefined;
  if (message.channel === 'whatsapp') {
    const to = ctx.config.whatsapp ? whatsappAddressOf(found) : null;
    // Opted out (or WhatsApp turned off) since it was claimed: e-mail takes over.
    if (!to) return fallBackToEmail(ctx, message, 'WhatsApp indisponível para este paciente');
    const token = newToken();
    await repo.updateMessage(ctx.db, message.id, { tokenHash: hashToken(token) });
    const providerMessageId = await sendReminderWhatsapp(ctx, found, to, token, roomUrl);
    await repo.updateMessage(ctx.db, message.id, { status: 'sent', providerMessageId, sentAt: now, error: null });
  } else {
    const recipients = recipientsOf(found, now);
    if (recipients.length === 0) return repo.deleteMessage(ctx.db, message.id);
    await sendReminderMail(ctx, found, recipients, await newLink(ctx, appointment.id), roomUrl);
    await repo.updateMessage(ctx.db, message.id, { status: 'sent', sentAt: now, error: null });
  }
  await repo.updateAppointment(ctx.db, appointment.id, { reminderSentAt: now, reminderError: null }, now);
}

/** A WhatsApp notice of the professional's cancellation or move (the e-mail one went on its own). */
async function sendWhatsappNotice(ctx: Context, message: repo.AppointmentMessageRow, found: ReminderSubject, job: MessageJob): Promise<void> {
  const to = ctx.config.whatsapp ? whatsappAddressOf(found) : null;
  if (!to || message.kind === 'reminder') return repo.deleteMessage(ctx.db, message.id);
  const previousStartsAt = new Date(job.previousStartsAt ?? message.startsAt);
  const providerMessageId = await sendNoticeWhatsapp(ctx, found, to, message.kind, previousStartsAt);
  await repo.updateMessage(ctx.db, message.id, { status: 'sent', providerMessageId, sentAt: ctx.clock.now(), error: null });
}

/**
 * A WhatsApp reminder that could not go (its retries spent, or WhatsApp reported it failed): the
 * e-mail reminder goes instead, once, to those the e-mail would go to.
 */
export async function fallBackToEmail(ctx: Context, message: repo.AppointmentMessageRow, reason: string, tx?: Tx): Promise<void> {
  const db = tx ?? ctx.db;
  await repo.updateMessage(db, message.id, { status: 'failed', error: reason.slice(0, 500) });
  const now = ctx.clock.now();
  await repo.updateAppointment(db, message.appointmentId, { reminderError: reason.slice(0, 500) }, now);
  const fallback = await repo.insertMessage(db, {
    appointmentId: message.appointmentId,
    kind: 'reminder',
    channel: 'email',
    leadHours: message.leadHours,
    startsAt: message.startsAt,
    fallback: true,
  });
  if (!fallback) return;
  await ctx.jobs.send(REMINDER_JOB, { messageId: fallback.id } satisfies MessageJob, tx ? { within: tx } : {});
  if (!tx) ctx.jobs.wake(REMINDER_JOB);
}

/**
 * Tells the patient of the professional's cancellation or move, if it still holds when the job
 * runs (a move then undone by a cancellation is not announced as a move): by e-mail, and by
 * WhatsApp too when the patient opted in (a job of its own, so a WhatsApp retry mails nothing again).
 * Each is listed among the appointment's messages.
 */
async function notifyPatient(ctx: Context, job: PatientNoticeJob): Promise<void> {
  const found = await repo.findForReminder(ctx.db, job.appointmentId);
  if (!found) return;
  const now = ctx.clock.now();
  const { appointment } = found;
  const stillTrue = job.change === 'cancelled' ? appointment.status === 'cancelled' : isOpen(appointment.status) && appointment.startsAt > now;
  if (!stillTrue) return;
  // The start the notice is about: the one cancelled, or the new one.
  const startsAt = job.change === 'cancelled' ? new Date(job.previousStartsAt) : appointment.startsAt;
  if (ctx.config.whatsapp && whatsappAddressOf(found)) {
    const row = await repo.insertMessage(ctx.db, { appointmentId: appointment.id, kind: job.change, channel: 'whatsapp', startsAt });
    if (row) {
      await ctx.jobs.send(REMINDER_JOB, { messageId: row.id, previousStartsAt: job.previousStartsAt } satisfies MessageJob);
      ctx.jobs.wake(REMINDER_JOB);
    }
  }
  const recipients = recipientsOf(found, now);
  if (recipients.length === 0) return;
  const token = job.change === 'moved' ? await newLink(ctx, appointment.id) : null;
  const notice = { change: job.change, previousStartsAt: new Date(job.previousStartsAt), following: job.following };
  await sendPatientNotice(ctx, found, recipients, notice, token);
  // Listed with the appointment's other messages, as sent (the mail is sent in this job).
  await repo.insertMessage(ctx.db, { appointmentId: appointment.id, kind: job.change, channel: 'email', startsAt, status: 'sent', sentAt: ctx.clock.now() });
}

export function defineAgendaJobs(ctx: Context): void {
  ctx.jobs.define<MessageJob>(REMINDER_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => sendPatientMessage(ctx, data)),
    onFailed: async (data, error) => {
      const message = data.messageId ? await repo.findMessage(ctx.db, data.messageId) : undefined;
      if (!message) return;
      if (message.channel === 'whatsapp' && message.kind === 'reminder') return fallBackToEmail(ctx, message, errorText(error));
      await repo.updateMessage(ctx.db, message.id, { status: 'failed', error: errorText(error) });
      if (message.kind === 'reminder') await repo.updateAppointment(ctx.db, message.appointmentId, { reminderError: errorText(error) }, ctx.clock.now());
    },
  });
  ctx.jobs.define<PatientNoticeJob>(PATIENT_NOTICE_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => notifyPatient(ctx, data)),
  });
  ctx.jobs.define<{ appointmentId: string }>(CANCELLATION_NOTICE_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const found = await repo.findForReminder(ctx.db, data.appointmentId);
        if (found) await sendCancellationNotice(ctx, found);
      }),
  });
}

export function toAppointmentMessage(row: repo.AppointmentMessageRow): AppointmentMessage {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    leadHours: row.leadHours,
    startsAt: row.startsAt.toISOString(),
    status: row.status,
    fallback: row.fallback,
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The reminders and notices the patient was sent about the owner's appointment, with their statuses and answers. */
export async function listAppointmentMessages(ctx: Context, ownerId: string, id: string): Promise<AppointmentMessage[]> {
  const { appointment } = await ownedAppointment(ctx, ownerId, id);
  noteAppointment(appointment, 'read');
  return (await repo.listMessages(ctx.db, appointment.id)).map(toAppointmentMessage);
}
