import type { Tx } from '../../db/client';
import * as repo from './agenda.repository';
import type { AppointmentRow } from './agenda.repository';
import { paymentStatusOf } from './agenda.common';

// ---- what payments settle (finance registers and cancels them) ----

/**
 * A payment's shares, added to what each session has been paid, in the payment's transaction
 * (the caller has locked the sessions in it): each becomes 'paid' once its fee is covered.
 */
export async function settleSessions(
  tx: Tx,
  shares: ReadonlyArray<{ appointment: Pick<AppointmentRow, 'id' | 'feeCents' | 'paidCents' | 'paymentStatus'>; amountCents: number }>,
  now: Date,
): Promise<void> {
  for (const { appointment, amountCents } of shares) {
    const paidCents = appointment.paidCents + amountCents;
    await repo.updateAppointment(tx, appointment.id, { paidCents, paymentStatus: paymentStatusOf(appointment.feeCents, paidCents, appointment.paymentStatus) }, now);
  }
}

/**
 * A cancelled payment's shares taken back from its sessions (those still existing), in the
 * cancellation's transaction: what each was paid goes down, and its status follows (a waived
 * session stays waived).
 */
export async function unsettleSessions(tx: Tx, shares: ReadonlyArray<{ appointmentId: string; amountCents: number }>, now: Date): Promise<void> {
  const locked = await repo.lockByIds(tx, [...new Set(shares.map((share) => share.appointmentId))]);
  for (const appointment of locked) {
    const taken = shares.filter((share) => share.appointmentId === appointment.id).reduce((sum, share) => sum + share.amountCents, 0);
    const paidCents = Math.max(0, appointment.paidCents - taken);
    await repo.updateAppointment(tx, appointment.id, { paidCents, paymentStatus: paymentStatusOf(appointment.feeCents, paidCents, appointment.paymentStatus) }, now);
  }
}
