import { isReceitaSaudeObliged, type Payment, type PendingSession, type ReceitaSaude, type TaxpayerType } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { occupationCodeOf } from '../users/users.service';
import * as repo from './finance.repository';
import type { AllocationRow, PaymentRow } from './finance.repository';

export type AppointmentRow = Awaited<ReturnType<typeof repo.lockAppointments>>[number];

// ---- mapping ----

/** Whether a professional (as the profile says now) must issue receipts in Receita Saúde. */
export function obligedToReceitaSaude(profile: { taxpayerType: TaxpayerType; occupationCode: string | null; profession: string | null }): boolean {
  return isReceitaSaudeObliged(profile.taxpayerType, occupationCodeOf(profile));
}

/** A payment's Receita Saúde state: issued as marked; else pending, or not required when the professional is not obliged. */
export function receitaSaudeOf(row: Pick<PaymentRow, 'receitaSaudeStatus' | 'receitaSaudeIssuedOn' | 'receitaSaudeNumber'>, obliged: boolean): ReceitaSaude {
  const status = row.receitaSaudeStatus === 'issued' ? 'issued' : obliged ? 'pending' : 'not_required';
  return { status, issuedOn: row.receitaSaudeIssuedOn, number: row.receitaSaudeNumber };
}

export function toPayment(row: PaymentRow, allocations: readonly AllocationRow[], obliged: boolean): Payment {
  return {
    id: row.id,
    receiptNumber: row.receiptNumber,
    patientId: row.patientId,
    patientName: row.patientName,
    patientDocument: row.patientDocument,
    payerName: row.payerName,
    payerDocument: row.payerDocument,
    amountCents: row.amountCents,
    method: row.method,
    paidAt: row.paidOn,
    note: row.note,
    sessions: allocations
      .filter((allocation) => allocation.paymentId === row.id)
      .map((allocation) => ({ appointmentId: allocation.appointmentId, startsAt: allocation.startsAt.toISOString(), amountCents: allocation.amountCents })),
    createdAt: row.createdAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    receitaSaude: receitaSaudeOf(row, obliged),
  };
}

/**
 * Whether an owed session is due now: held (started), or a cancellation or absence charged
 * ('cobrar falta'), owed from the moment it was charged. A session still ahead may be paid in
 * advance but owes nothing yet.
 */
export function isDue(appointment: Pick<AppointmentRow, 'startsAt' | 'status'>, now: Date): boolean {
  return appointment.startsAt <= now || appointment.status === 'cancelled' || appointment.status === 'no_show';
}

export function toPendingSession(appointment: AppointmentRow, balance: number, now: Date): PendingSession {
  return {
    id: appointment.id,
    startsAt: appointment.startsAt.toISOString(),
    status: appointment.status,
    feeCents: appointment.feeCents,
    paidCents: appointment.paidCents,
    balanceCents: balance,
    upcoming: !isDue(appointment, now),
  };
}

/** The payments (all of one owner) with their sessions and their Receita Saúde state. */
export async function withAllocations(ctx: Context, rows: readonly PaymentRow[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const [allocations, profile] = await Promise.all([repo.allocationsOf(ctx.db, rows.map((row) => row.id)), repo.findTaxProfile(ctx.db, rows[0]!.ownerId)]);
  const obliged = profile ? obligedToReceitaSaude(profile) : false;
  return rows.map((row) => toPayment(row, allocations, obliged));
}
