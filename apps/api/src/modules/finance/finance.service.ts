import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  centsToDecimalComma,
  formatCents,
  formatCpf,
  fullNameOf,
  isDayInRange,
  isRealIsoDate,
  isReceitaSaudeObliged,
  messages,
  paymentMethods,
  professionalNameOf,
  searchKey,
  type ByMethod,
  type FinanceSummary,
  type PatientFinance,
  type Payment,
  type PaymentCreate,
  type PendingPatient,
  type PendingSession,
  type PixCharge,
  type ReceitaSaude,
  type ReceitaSaudeUpdate,
  type TaxpayerType,
} from '@consultorio/shared';
import { DateTime } from 'luxon';
import { noteAccess } from '../../platform/access-log';
import { csvStream } from '../../platform/csv';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { onFirstUse } from '../../platform/lazy';
import { settleSessions, unsettleSessions } from '../agenda/agenda.service';
import { ownedPatient, type PatientRow } from '../patients/patients.service';
import type { SessionUser } from '../sessions/sessions.service';
import { occupationCodeOf } from '../users/users.service';
import { sendPixChargeMail, sendReceiptMail } from './finance.mails';
import * as repo from './finance.repository';
import type { AllocationRow, PaymentRow } from './finance.repository';
import type { ReceiptContent } from './receipt-pdf';
import { renderReceipt } from './receipt-renderer';
import { sessionDates } from './session-dates';

// Loaded with the first Pix charge rather than at start.
const pixUtils = onFirstUse(() => import('pix-utils'));
const qrCodes = onFirstUse(async () => (await import('qrcode')).default);

const f = messages.finance;
const e = messages.errors;

type AppointmentRow = Awaited<ReturnType<typeof repo.lockAppointments>>[number];

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

function toPendingSession(appointment: AppointmentRow, balance: number): PendingSession {
  return {
    id: appointment.id,
    startsAt: appointment.startsAt.toISOString(),
    status: appointment.status,
    feeCents: appointment.feeCents,
    paidCents: appointment.paidCents,
    balanceCents: balance,
  };
}

/** The payments (all of one owner) with their sessions and their Receita Saúde state. */
async function withAllocations(ctx: Context, rows: readonly PaymentRow[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const [allocations, profile] = await Promise.all([repo.allocationsOf(ctx.db, rows.map((row) => row.id)), repo.findTaxProfile(ctx.db, rows[0]!.ownerId)]);
  const obliged = profile ? obligedToReceitaSaude(profile) : false;
  return rows.map((row) => toPayment(row, allocations, obliged));
}

// ---- days and months in the professional's zone ----

/** The instants a month starts and ends in the zone, and its first days (yyyy-mm-dd) of it and the next. */
function monthRange(month: string, timeZone: string) {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = DateTime.fromObject({ year, month: monthNumber, day: 1 }, { zone: timeZone });
  const end = start.plus({ months: 1 });
  return { from: start.toJSDate(), to: end.toJSDate(), fromDay: start.toISODate()!, toDay: end.toISODate()! };
}

function todayIn(timeZone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate()!;
}

/** The day of a payment: the date given, or the day of the instant given in the professional's zone. */
function paymentDay(paidAt: string, timeZone: string, now: Date): string {
  const day = isRealIsoDate(paidAt) ? paidAt : DateTime.fromISO(paidAt, { setZone: true }).setZone(timeZone).toISODate();
  const v = messages.validation;
  if (!day) throw new AppError('VALIDATION', v.dateInvalid(v.dateFields.paidAt));
  // An instant on 1900-01-01 in its own offset may still be 1899-12-31 in the professional's zone.
  if (!isDayInRange(day)) throw new AppError('VALIDATION', v.dateOutOfRange(v.dateFields.paidAt));
  if (day > todayIn(timeZone, now)) throw new AppError('VALIDATION', v.paidAtFuture);
  return day;
}

// ---- what a session owes ----

/** Whether a session is owed at all: a fee not covered, not waived, held or to be held (or marked 'cobrar falta'). */
function isOwed(appointment: AppointmentRow): boolean {
  const missed = appointment.status === 'cancelled' || appointment.status === 'no_show';
  return appointment.paymentStatus === 'pending' && appointment.feeCents > appointment.paidCents && (!missed || appointment.chargeMissed);
}

/**
 * The chosen sessions, checked: all the professional's (404 otherwise), all of this patient's
 * (400), all still owed (409).
 */
function checkSessions(rows: readonly AppointmentRow[], ids: readonly string[], patientId: string): void {
  if (rows.length !== ids.length) throw new AppError('APPOINTMENT_NOT_FOUND');
  if (rows.some((row) => row.patientId !== patientId)) throw new AppError('APPOINTMENTS_NOT_PATIENTS');
  if (!rows.every(isOwed)) throw new AppError('APPOINTMENT_NOT_CHARGEABLE');
}

/** Who a receipt names as payer: the 'Responsável financeiro' when set, else the patient. */
function payerOf(patient: PatientRow): { payerName: string; payerDocument: string | null } {
  return patient.payerName ? { payerName: patient.payerName, payerDocument: patient.payerDocument } : { payerName: fullNameOf(patient), payerDocument: patient.document };
}

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
    const allocations: AllocationRow[] = [];
    for (const share of shares) allocations.push(await repo.insertAllocation(tx, { paymentId: payment.id, ...share }));
    await settleSessions(tx, shares, now);
    return { payment, allocations };
  });
  noteAccess({ patientId: patient.id, action: 'create', entityType: 'payment', entityId: payment.id });
  return toPayment(payment, allocations, obligedToReceitaSaude(owner));
}

async function ownedPayment(ctx: Context, ownerId: string, id: string): Promise<PaymentRow> {
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

// ---- Receita Saúde ----

/**
 * Marks the payment's receipt issued in Receita Saúde (today in the professional's zone when no
 * day is given) or back to pending, and fills in the CPFs given. 409 for a cancelled receipt, for
 * a professional Receita Saúde does not oblige, or when a CPF the receipt needs is still missing.
 */
export async function updateReceitaSaude(ctx: Context, owner: SessionUser, id: string, request: ReceitaSaudeUpdate): Promise<Payment> {
  const now = ctx.clock.now();
  const issuedOn = request.issuedOn ?? todayIn(owner.timeZone, now);
  if (issuedOn > todayIn(owner.timeZone, now)) throw new AppError('VALIDATION', messages.tax.validation.futureDate(messages.tax.validation.issuedOn));
  const payment = await ctx.db.transaction(async (tx) => {
    const found = await repo.lockPayment(tx, owner.id, id);
    if (!found) throw new AppError('PAYMENT_NOT_FOUND');
    if (found.voidedAt) throw new AppError('PAYMENT_VOIDED');
    const documents = {
      payerDocument: request.payerDocument === undefined ? found.payerDocument : request.payerDocument,
      patientDocument: request.patientDocument === undefined ? found.patientDocument : request.patientDocument,
    };
    if (request.status === 'issued') {
      if (!obligedToReceitaSaude(owner)) throw new AppError('RECEITA_SAUDE_NOT_REQUIRED');
      if (!documents.payerDocument || !documents.patientDocument) throw new AppError('RECEITA_SAUDE_INCOMPLETE');
    }
    const issued = request.status === 'issued';
    return repo.updateReceitaSaude(tx, found.id, {
      ...documents,
      receitaSaudeStatus: request.status,
      receitaSaudeIssuedOn: issued ? issuedOn : null,
      receitaSaudeNumber: issued ? (request.number ?? null) : null,
    });
  });
  if (payment.patientId) noteAccess({ patientId: payment.patientId, action: 'update', entityType: 'payment', entityId: payment.id });
  const [answer] = await withAllocations(ctx, [payment]);
  return answer!;
}

/**
 * Marks issued, on `issuedOn`, every payment of the owner's still pending in Receita Saúde,
 * dated from `fromDay` (inclusive) to `toDay` (exclusive), not cancelled, with both CPFs, and
 * registered by `registeredBy`: what the Carnê-Leão file of those days carried. Answers how many.
 */
export async function markReceitaSaudeIssued(
  ctx: Context,
  ownerId: string,
  range: { fromDay: string; toDay: string; registeredBy: Date },
  issuedOn: string,
): Promise<number> {
  return repo.markReceitaSaudeIssued(ctx.db, ownerId, range, issuedOn);
}

// ---- receipts ----

async function receiptContent(ctx: Context, payment: PaymentRow): Promise<ReceiptContent> {
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

const RECEIPT_MAIL_JOB = 'finance.receipt-mail';
const PIX_CHARGE_MAIL_JOB = 'finance.pix-charge-mail';

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

export function defineFinanceJobs(ctx: Context): void {
  ctx.jobs.define<{ paymentId: string; email: string }>(RECEIPT_MAIL_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const payment = await repo.findPaymentById(ctx.db, data.paymentId);
        if (!payment) return;
        const content = await receiptContent(ctx, payment);
        await sendReceiptMail(ctx, { email: data.email, greetingName: payment.payerName, content, pdf: await renderReceipt(content) });
      }),
  });
  ctx.jobs.define<{ chargeId: string }>(PIX_CHARGE_MAIL_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const found = await repo.findPixCharge(ctx.db, data.chargeId);
        const professional = found ? await repo.findProfessional(ctx.db, found.charge.ownerId) : undefined;
        const to = found?.charge.emailedTo;
        if (!found || !to || !professional) return;
        const { charge, patient } = found;
        const qrPng = await (await qrCodes()).toBuffer(charge.payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
        await sendPixChargeMail(ctx, {
          email: to,
          greetingName: patient.payerName ?? fullNameOf(patient),
          professional: professionalNameOf(professional),
          amount: formatCents(charge.amountCents),
          sessions: sessionDates(charge.sessionStarts.map((start) => new Date(start)), professional.timeZone),
          payload: charge.payload,
          qrPng,
        });
      }),
  });
}

// ---- the month ----

function emptyByMethod(): ByMethod {
  return { pix: 0, cash: 0, card: 0, transfer: 0, other: 0 };
}

export async function getSummary(ctx: Context, owner: SessionUser, month: string): Promise<FinanceSummary> {
  const range = monthRange(month, owner.timeZone);
  const [byMethodRows, pendingCents, owedNow] = await Promise.all([
    repo.receivedByMethod(ctx.db, owner.id, range.fromDay, range.toDay),
    repo.owedSumInRange(ctx.db, owner.id, range.from, range.to),
    repo.receivable(ctx.db, owner.id, ctx.clock.now()),
  ]);
  const byMethod = emptyByMethod();
  for (const row of byMethodRows) byMethod[row.method] = row.cents;
  return {
    month,
    receivedCents: paymentMethods.reduce((sum, method) => sum + byMethod[method], 0),
    pendingCents,
    byMethod,
    paymentsCount: byMethodRows.reduce((sum, row) => sum + row.count, 0),
    receivableCents: owedNow.cents,
    receivablePatients: owedNow.patients,
  };
}

/** The month's sessions still owed, by patient (in name order), each patient's oldest first. */
export async function getPending(ctx: Context, owner: SessionUser, month: string): Promise<PendingPatient[]> {
  const range = monthRange(month, owner.timeZone);
  const rows = await repo.owedInRange(ctx.db, owner.id, range.from, range.to);
  const byPatient = new Map<string, PendingPatient>();
  for (const { appointment, balance, patient } of rows) {
    const entry = byPatient.get(patient.id) ?? {
      patientId: patient.id,
      patientName: patient.name,
      payerName: patient.payerName ?? patient.name,
      email: patient.email,
      balanceCents: 0,
      sessions: [],
    };
    entry.balanceCents += balance;
    entry.sessions.push(toPendingSession(appointment, balance));
    byPatient.set(patient.id, entry);
  }
  return [...byPatient.values()].sort((a, b) => searchKey(a.patientName).localeCompare(searchKey(b.patientName), 'pt-BR'));
}

/** The patient's balance (sessions held so far), every session still owed, and the last ten payments. */
export async function getPatientFinance(ctx: Context, ownerId: string, patientId: string): Promise<PatientFinance> {
  const patient = await ownedPatient(ctx, ownerId, patientId);
  const now = ctx.clock.now();
  const [owed, payments] = await Promise.all([repo.owedByPatient(ctx.db, ownerId, patient.id), repo.lastPaymentsOf(ctx.db, ownerId, patient.id, 10)]);
  noteAccess({ patientId: patient.id, action: 'read', entityType: 'payment', entityId: patient.id });
  return {
    balanceCents: owed.filter(({ appointment }) => appointment.startsAt <= now).reduce((sum, { balance }) => sum + balance, 0),
    sessions: owed.map(({ appointment, balance }) => toPendingSession(appointment, balance)),
    payments: await withAllocations(ctx, payments),
  };
}

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
  const held = (await repo.owedByPatient(ctx.db, owner.id, patientId)).filter(({ appointment }) => appointment.startsAt <= now);
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

/** Every payment of the patient with what it paid (the caller has checked the patient is the owner's), for the export. */
export async function exportPayments(ctx: Context, ownerId: string, patientId: string): Promise<Payment[]> {
  return withAllocations(ctx, await repo.lastPaymentsOf(ctx.db, ownerId, patientId));
}

// ---- the monthly report ----

function brazilianDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The month's payments as a CSV a Brazilian spreadsheet opens as is (`csvStream`): amounts with a
 * decimal comma, dates as dd/mm/aaaa, CPFs as 999.999.999-99 (as text, so their leading zeros stay).
 */
export async function monthlyReport(ctx: Context, owner: SessionUser, month: string): Promise<{ filename: string; stream: Readable }> {
  // A cancelled receipt received nothing: the report's sum is the month's 'Recebido'.
  const payments = (await listPayments(ctx, owner, month)).filter((payment) => payment.voidedAt === null);
  const c = f.csv;
  const rows = payments.map((payment) => ({
    date: brazilianDay(payment.paidAt),
    receipt: payment.receiptNumber,
    patient: payment.patientName,
    patientDocument: payment.patientDocument ? formatCpf(payment.patientDocument) : '',
    payer: payment.payerName,
    payerDocument: payment.payerDocument ? formatCpf(payment.payerDocument) : '',
    amount: centsToDecimalComma(payment.amountCents),
    method: f.methods[payment.method],
    sessions: sessionDates(payment.sessions.map((session) => new Date(session.startsAt)), owner.timeZone),
  }));
  const columns = (['date', 'receipt', 'patient', 'patientDocument', 'payer', 'payerDocument', 'amount', 'method', 'sessions'] as const).map((key) => ({
    key,
    header: c[key],
  }));
  return { filename: c.fileName(month), stream: csvStream(rows, columns) };
}

// ---- Pix ----

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
function txidOf(uuid: string): string {
  return uuid.replace(/-/g, '').slice(0, 25).toUpperCase();
}

/** The static BR Code ('copia e cola', with its CRC) of an amount to the professional's Pix key. */
async function staticBrCode(owner: { firstName: string; lastName: string | null; city: string | null; pixKey: string }, amountCents: number, txid: string): Promise<string> {
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

async function qrDataUrl(payload: string): Promise<string> {
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
