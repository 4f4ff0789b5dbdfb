import { messages } from '@consultorio/shared';
import type { Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { hashToken } from '../../platform/tokens';
import { parseButtonPayload } from './agenda.whatsapp';
import * as repo from './agenda.repository';
import { CANCELLATION_NOTICE_JOB, fallBackToEmail } from './agenda.reminders';

// ---- what the patient answers by WhatsApp (the whatsapp module's webhook calls these in its transaction) ----

/**
 * A reminder's button pressed: confirms or cancels the appointment the reminder was sent for,
 * while it is open, and keeps the answer on the reminder. A payload no reminder carries, a
 * reminder already answered or an appointment the professional closed change nothing. A
 * cancellation tells the professional by e-mail, as through the link.
 */
export async function answerReminderButton(ctx: Context, tx: Tx, payload: string): Promise<'applied' | 'ignored'> {
  const parsed = parseButtonPayload(payload);
  if (!parsed) return 'ignored';
  const message = await repo.findMessageByTokenHash(tx, hashToken(parsed.token));
  if (!message || message.answer) return 'ignored';
  const now = ctx.clock.now();
  const changes = parsed.answer === 'confirmed' ? { status: 'confirmed' as const } : { status: 'cancelled' as const, cancellationReason: null };
  const updated = await repo.updateOpenAppointment(tx, message.appointmentId, changes, now);
  if (!updated) return 'ignored';
  await repo.answerMessage(tx, message.id, parsed.answer, now);
  if (parsed.answer === 'cancelled') await ctx.jobs.send(CANCELLATION_NOTICE_JOB, { appointmentId: updated.id }, { within: tx });
  return 'applied';
}

/** A status WhatsApp reported for a message sent: kept when it moves forward; a reminder that failed falls back to e-mail. */
export async function recordWhatsappStatus(ctx: Context, tx: Tx, report: { messageId: string; status: 'sent' | 'delivered' | 'read' | 'failed'; error: string | null }): Promise<void> {
  const changed = await repo.advanceMessageStatus(tx, report.messageId, report.status, report.error);
  if (changed?.status === 'failed' && changed.kind === 'reminder') await fallBackToEmail(ctx, changed, report.error ?? messages.whatsapp.failedWithoutReason, tx);
}
