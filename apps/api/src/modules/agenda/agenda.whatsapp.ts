import { messages, professionalNameOf, ptBrDateFormat, toE164 } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { sendTemplate } from '../../platform/whatsapp/graph-api';
import type { ReminderSubject } from './agenda.mails';

const w = messages.whatsapp;

/** What a button's payload says: the answer and the reminder's token ('confirm:<token>'). */
export type ButtonAnswer = { answer: 'confirmed' | 'cancelled'; token: string };

const payloadPrefixes = { confirmed: 'confirm:', cancelled: 'cancel:' } as const;

export function buttonPayload(answer: ButtonAnswer['answer'], token: string): string {
  return `${payloadPrefixes[answer]}${token}`;
}

export function parseButtonPayload(payload: string): ButtonAnswer | null {
  for (const answer of ['confirmed', 'cancelled'] as const) {
    const prefix = payloadPrefixes[answer];
    if (payload.startsWith(prefix) && payload.length > prefix.length) return { answer, token: payload.slice(prefix.length) };
  }
  return null;
}

/** The patient's WhatsApp address when they opted in and their phone is a valid number. */
export function whatsappAddressOf({ patient }: ReminderSubject): string | null {
  if (!patient.whatsappOptIn || !patient.phone) return null;
  return toE164(patient.cc, patient.phone);
}

/** Date ('sexta-feira, 27 de novembro de 2026') and time ('14:00') in the professional's zone, the templates' separate parameters. */
function dateAndTime(at: Date, timeZone: string): { date: string; time: string } {
  return {
    date: ptBrDateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(at),
    time: ptBrDateFormat({ hour: '2-digit', minute: '2-digit', timeZone }).format(at),
  };
}

/** The modality parameter: online with the room's link, or in person with the place (the office's unless it says another). */
function whereOf({ appointment, professional }: ReminderSubject, roomUrl: string | undefined): string {
  if (appointment.modality === 'online') return w.whereOnline(roomUrl ?? appointment.videoLink);
  return w.whereInPerson(appointment.location ?? professional.officeAddress);
}

/**
 * The reminder template (WHATSAPP_REMINDER_TEMPLATE): body {{1}} the patient's first name, {{2}}
 * the professional's name, {{3}} the date, {{4}} the time, {{5}} the modality with the room link
 * or the place; quick-reply buttons 'Confirmar' and 'Cancelar' whose payloads carry the token.
 * Answers WhatsApp's message id.
 */
export function sendReminderWhatsapp(ctx: Context, subject: ReminderSubject, to: string, token: string, roomUrl: string | undefined): Promise<string> {
  const config = ctx.config.whatsapp!;
  const { date, time } = dateAndTime(subject.appointment.startsAt, subject.professional.timeZone);
  return sendTemplate(config, {
    to,
    template: config.templates.reminder,
    bodyParameters: [subject.patient.firstName, professionalNameOf(subject.professional), date, time, whereOf(subject, roomUrl)],
    buttonPayloads: [buttonPayload('confirmed', token), buttonPayload('cancelled', token)],
  });
}

/**
 * A notice of the professional's change: WHATSAPP_CANCELLED_TEMPLATE ({{1}} first name, {{2}}
 * professional, {{3}} date, {{4}} time of the cancelled session) or WHATSAPP_MOVED_TEMPLATE (the
 * same of the new time, then {{5}} the modality and {{6}} the former date and time).
 */
export function sendNoticeWhatsapp(ctx: Context, subject: ReminderSubject, to: string, change: 'cancelled' | 'moved', previousStartsAt: Date): Promise<string> {
  const config = ctx.config.whatsapp!;
  const { patient, professional, appointment } = subject;
  const zone = professional.timeZone;
  const before = dateAndTime(previousStartsAt, zone);
  const common = [patient.firstName, professionalNameOf(professional)];
  if (change === 'cancelled') return sendTemplate(config, { to, template: config.templates.cancelled, bodyParameters: [...common, before.date, before.time] });
  const after = dateAndTime(appointment.startsAt, zone);
  return sendTemplate(config, {
    to,
    template: config.templates.moved,
    bodyParameters: [...common, after.date, after.time, whereOf(subject, undefined), `${before.date}, ${before.time}`],
  });
}
