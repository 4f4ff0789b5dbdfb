import { messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './finance.repository';
import { renderReceipt } from './receipt-renderer';
import { receiptContent } from './finance.receipts';
import { txidOf, staticBrCode, qrDataUrl } from './finance.pix';
import { isDue } from './finance.mapping';

const f = messages.finance;

// ---- the patient's portal (no access-log entry: the actor is the patient, not the professional) ----

/**
 * What the patient owes for the sessions held so far, and when the professional has a Pix key the
 * static BR Code of that amount (its txid from the patient's id, so the professional tells whose
 * payment it is) with its QR Code.
 */
export async function patientBalance(
  ctx: Context,
  owner: { id: string; firstName: string; lastName: string | null; city: string | null; pixKey: string | null },
  patientId: string,
): Promise<{ balanceCents: number; sessions: number; pix: { payload: string; qrCode: string } | null }> {
  const now = ctx.clock.now();
  const held = (await repo.owedByPatient(ctx.db, owner.id, patientId)).filter(({ appointment }) => isDue(appointment, now));
  const balanceCents = held.reduce((sum, { balance }) => sum + balance, 0);
  if (balanceCents <= 0 || !owner.pixKey) return { balanceCents, sessions: held.length, pix: null };
  const payload = await staticBrCode({ ...owner, pixKey: owner.pixKey }, balanceCents, txidOf(patientId));
  return { balanceCents, sessions: held.length, pix: { payload, qrCode: await qrDataUrl(payload) } };
}

/** The PDF of one of the patient's receipts (written in a worker thread); 404 for another's or a cancelled one. */
export async function patientReceiptFile(ctx: Context, ownerId: string, patientId: string, id: string): Promise<{ filename: string; pdf: Buffer }> {
  const payment = await repo.findPayment(ctx.db, ownerId, id);
  if (!payment || payment.patientId !== patientId || payment.voidedAt) throw new AppError('PAYMENT_NOT_FOUND');
  return { filename: f.receipt.fileName(payment.receiptNumber), pdf: await renderReceipt(await receiptContent(ctx, payment)) };
}
