import { randomUUID } from 'node:crypto';
import { fullNameOf, type PixCharge } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { onFirstUse } from '../../platform/lazy';
import { ownedPatient } from '../patients/patients.service';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './finance.repository';
import { checkSessions } from './finance.owed';

// ---- Pix ----

// Loaded with the first Pix charge rather than at start.
const pixUtils = onFirstUse(() => import('pix-utils'));
export const qrCodes = onFirstUse(async () => (await import('qrcode')).default);

export const PIX_CHARGE_MAIL_JOB = 'finance.pix-charge-mail';

/** Plain upper-case ASCII, as a BR Code's name and city fields want them, cut to `max`. */
function brCodeText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

/** A Pix identifier (txid) from a UUID: its first 25 hex digits, upper-case. */
export function txidOf(uuid: string): string {
  return uuid.replace(/-/g, '').slice(0, 25).toUpperCase();
}

/** The static BR Code ('copia e cola', with its CRC) of an amount to the professional's Pix key. */
export async function staticBrCode(owner: { firstName: string; lastName: string | null; city: string | null; pixKey: string }, amountCents: number, txid: string): Promise<string> {
  const { createStaticPix, hasError } = await pixUtils();
  const pix = createStaticPix({
    merchantName: brCodeText(fullNameOf(owner), 25) || 'CONSULTORIO',
    merchantCity: brCodeText(owner.city ?? '', 15) || 'BRASIL',
    pixKey: owner.pixKey,
    transactionAmount: amountCents / 100,
    txid,
  });
  if (hasError(pix)) throw new Error(`BR Code not generated: ${pix.message}`);
  return pix.toBRCode();
}

export async function qrDataUrl(payload: string): Promise<string> {
  return (await qrCodes()).toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

/**
 * A static Pix charge for what the chosen sessions still owe: the BR Code ('copia e cola', with
 * the amount, an identifier and its CRC) and its QR Code, optionally mailed to the payer (or the patient).
 */
export async function createPixCharge(
  ctx: Context,
  owner: SessionUser,
  patientId: string,
  request: { appointmentIds: string[]; sendEmail?: boolean | undefined },
): Promise<PixCharge> {
  const patient = await ownedPatient(ctx, owner.id, patientId);
  if (!owner.pixKey) throw new AppError('PIX_KEY_MISSING');
  const rows = await repo.findAppointments(ctx.db, owner.id, request.appointmentIds);
  checkSessions(rows, request.appointmentIds, patient.id);
  const amountCents = rows.reduce((sum, row) => sum + row.feeCents - row.paidCents, 0);
  if (amountCents <= 0) throw new AppError('NOTHING_TO_CHARGE');
  const emailedTo = request.sendEmail ? (patient.payerEmail ?? patient.email) : null;
  if (request.sendEmail && !emailedTo) throw new AppError('RECIPIENT_EMAIL_MISSING');
  const id = randomUUID();
  const txid = txidOf(id);
  const payload = await staticBrCode({ ...owner, pixKey: owner.pixKey }, amountCents, txid);
  const charge = await repo.insertPixCharge(ctx.db, {
    id,
    ownerId: owner.id,
    patientId: patient.id,
    amountCents,
    txid,
    payload,
    sessionStarts: rows.map((row) => row.startsAt.toISOString()),
    emailedTo,
    createdAt: ctx.clock.now(),
  });
  if (emailedTo) await ctx.jobs.send(PIX_CHARGE_MAIL_JOB, { chargeId: charge.id });
  noteAccess({ patientId: patient.id, action: 'create', entityType: 'payment', entityId: charge.id });
  return {
    id: charge.id,
    amountCents,
    payload,
    qrCode: await qrDataUrl(payload),
    txid,
    emailedTo,
    createdAt: charge.createdAt.toISOString(),
  };
}
