import { formatCents, fullNameOf, messages, type Payment, type PaymentCreate } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { settleSessions, unsettleSessions } from '../agenda/agenda.service';
import { ownedPatient } from '../patients/patients.service';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './finance.repository';
import type { PaymentRow } from './finance.repository';
import { type AppointmentRow, obligedToReceitaSaude, toPayment, withAllocations } from './finance.mapping';
import { monthRange, paymentDay } from './finance.days';
import { checkSessions, payerOf } from './finance.owed';

const e = messages.errors;

// ---- payments ----

/** How an amount settles the sessions, oldest first: each gets what it still owes until the amount runs out. */
function sharesOfAmount(sessions: readonly AppointmentRow[], amountCents: number): Array<{ appointment: AppointmentRow; amountCents: number }> {
  const shares: Array<{ appointment: AppointmentRow; amountCents: number }> = [];
  let remaining = amountCents;
  for (const appointment of sessions) {
    const share = Math.min(remaining, appointment.feeCents - appointment.paidCents);
    if (share <= 0) break;
    remaining -= share;
    shares.push({ appointment, amountCents: share });
  }
  return shares;
}

/**
 * Registers a payment for sessions of one patient and issues its receipt, in one transaction:
 * the sessions are locked, the amount settles them oldest first (a smaller amount leaves the
 * rest owed), each becomes 'paid' once covered, and the payment takes the next receipt number.
 */
export async function createPayment(ctx: Context, owner: SessionUser, request: PaymentCreate): Promise<Payment> {
  const patient = await ownedPatient(ctx, owner.id, request.patientId);
  const now = ctx.clock.now();
  const paidOn = paymentDay(request.paidAt, owner.timeZone, now);
  const { payment, allocations } = await ctx.db.transaction(async (tx) => {
    const rows = await repo.lockAppointments(tx, owner.id, request.appointmentIds);
    checkSessions(rows, request.appointmentIds, patient.id);
    const owedCents = rows.reduce((sum, row) => sum + row.feeCents - row.paidCents, 0);
    if (request.amountCents > owedCents) throw new AppError('AMOUNT_ABOVE_BALANCE', e.amountAboveBalance(formatCents(owedCents)));
    const payment = await repo.insertPayment(tx, {
      ownerId: owner.id,
      patientId: patient.id,
      receiptNumber: await repo.takeReceiptNumber(tx, owner.id),
      amountCents: request.amountCents,
      method: request.method,
      paidOn,
      note: request.note,
      patientName: fullNameOf(patient),
      patientDocument: patient.document,
      ...payerOf(patient),
      createdAt: now,
    });
    const shares = sharesOfAmount(rows, request.amountCents);
    const allocations = await repo.insertAllocations(tx, payment.id, shares);
    await settleSessions(tx, shares, now);
    return { payment, allocations };
  });
  noteAccess({ patientId: patient.id, action: 'create', entityType: 'payment', entityId: payment.id });
  return toPayment(payment, allocations, obligedToReceitaSaude(owner));
}

export async function ownedPayment(ctx: Context, ownerId: string, id: string): Promise<PaymentRow> {
  const payment = await repo.findPayment(ctx.db, ownerId, id);
  if (!payment) throw new AppError('PAYMENT_NOT_FOUND');
  return payment;
}

export async function getPayment(ctx: Context, ownerId: string, id: string): Promise<Payment> {
  const payment = await ownedPayment(ctx, ownerId, id);
  if (payment.patientId) noteAccess({ patientId: payment.patientId, action: 'read', entityType: 'payment', entityId: payment.id });
  const [answer] = await withAllocations(ctx, [payment]);
  return answer!;
}

/**
 * Cancels a receipt issued by mistake, in one transaction: it keeps its number and is marked
 * cancelled with the reason, its amount leaves the month's total, and the sessions it paid are
 * owed again (a waived session stays waived). Nothing is deleted: the sequence has no gaps.
 */
export async function voidPayment(ctx: Context, ownerId: string, id: string, reason: string): Promise<Payment> {
  const now = ctx.clock.now();
  const payment = await ctx.db.transaction(async (tx) => {
    const found = await repo.lockPayment(tx, ownerId, id);
    if (!found) throw new AppError('PAYMENT_NOT_FOUND');
    if (found.voidedAt) throw new AppError('PAYMENT_VOIDED');
    await unsettleSessions(tx, await repo.sharesOf(tx, found.id), now);
    return repo.markVoided(tx, found.id, { voidedAt: now, voidReason: reason });
  });
  if (payment.patientId) noteAccess({ patientId: payment.patientId, action: 'update', entityType: 'payment', entityId: payment.id });
  const [answer] = await withAllocations(ctx, [payment]);
  return answer!;
}

export async function listPayments(ctx: Context, owner: SessionUser, month: string): Promise<Payment[]> {
  const { fromDay, toDay } = monthRange(month, owner.timeZone);
  return withAllocations(ctx, await repo.listPayments(ctx.db, owner.id, fromDay, toDay));
}
