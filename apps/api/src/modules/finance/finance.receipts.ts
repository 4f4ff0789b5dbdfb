import { messages } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './finance.repository';
import type { PaymentRow } from './finance.repository';
import type { ReceiptContent } from './receipt-pdf';
import { renderReceipt } from './receipt-renderer';
import { obligedToReceitaSaude } from './finance.mapping';
import { ownedPayment } from './finance.payments';

const f = messages.finance;

// ---- receipts ----

/** The sessions a payment's allocations paid less than their fee of that day (as the receipt was first issued). */
function partialSessionsOf(allocations: readonly repo.AllocationRow[]): ReceiptContent['partialSessions'] {
  return allocations.flatMap(({ startsAt, amountCents, feeCents }) => (feeCents !== null && amountCents < feeCents ? [{ startsAt, paidCents: amountCents, feeCents }] : []));
}

export async function receiptContent(ctx: Context, payment: PaymentRow): Promise<ReceiptContent> {
  const [professional, allocations, patientGender] = await Promise.all([
    repo.findProfessional(ctx.db, payment.ownerId),
    repo.allocationsOf(ctx.db, [payment.id]),
    repo.findPatientGender(ctx.db, payment.ownerId, payment.patientId),
  ]);
  if (!professional) throw new AppError('PAYMENT_NOT_FOUND');
  return {
    number: payment.receiptNumber,
    amountCents: payment.amountCents,
    paidOn: payment.paidOn,
    issuedAt: payment.createdAt,
    method: f.methods[payment.method],
    note: payment.note,
    payer: { name: payment.payerName, document: payment.payerDocument },
    patient: { name: payment.patientName, document: payment.patientDocument, gender: patientGender },
    sessionStarts: allocations.map((allocation) => allocation.startsAt),
    partialSessions: partialSessionsOf(allocations),
    professional,
    tax: { obliged: obligedToReceitaSaude(professional), cnpj: professional.taxpayerType === 'company' ? professional.cnpj : null },
    timeZone: professional.timeZone,
    voided: payment.voidedAt ? { on: payment.voidedAt, reason: payment.voidReason ?? '' } : null,
  };
}

/** The receipt's PDF (written in a worker thread) and its file name. */
export async function receiptFile(ctx: Context, ownerId: string, id: string): Promise<{ filename: string; pdf: Buffer }> {
  const payment = await ownedPayment(ctx, ownerId, id);
  const pdf = await renderReceipt(await receiptContent(ctx, payment));
  if (payment.patientId) noteAccess({ patientId: payment.patientId, action: 'download', entityType: 'payment', entityId: payment.id });
  return { filename: f.receipt.fileName(payment.receiptNumber), pdf };
}

export const RECEIPT_MAIL_JOB = 'finance.receipt-mail';

/** Queues the receipt's mail (PDF attached) to the address given, else the payer's or the patient's; answers where it goes. */
export async function emailReceipt(ctx: Context, ownerId: string, id: string, email: string | undefined): Promise<string> {
  const payment = await ownedPayment(ctx, ownerId, id);
  if (payment.voidedAt) throw new AppError('PAYMENT_VOIDED');
  const to = email ?? (payment.patientId ? await repo.findBillingEmail(ctx.db, ownerId, payment.patientId) : null);
  if (!to) throw new AppError('RECIPIENT_EMAIL_MISSING');
  await ctx.jobs.send(RECEIPT_MAIL_JOB, { paymentId: payment.id, email: to });
  if (payment.patientId) noteAccess({ patientId: payment.patientId, action: 'export', entityType: 'payment', entityId: payment.id });
  return to;
}
