import type { Readable } from 'node:stream';
import {
  messages,
  professionalNameOf,
  type BookingSlot,
  type PortalAccess,
  type PortalAppointment,
  type PortalBalance,
  type PortalConsent,
  type PortalDocument,
  type PortalForm,
  type PortalReceipt,
} from '@consultorio/shared';
import type { FastifyRequest } from 'fastify';
import { noteAccess, type AccessEntry } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { appLink } from '../../platform/mail/render';
import { sendActionMail } from '../../platform/mail/send';
import { holdErrorsUntilSent } from '../../platform/streams';
import { hashToken, newToken } from '../../platform/tokens';
import { writeEntriesOfActors } from '../audit/audit.service';
import { answerForPatient, patientAppointmentRows, type AppointmentRow } from '../agenda/agenda.service';
import { getAvailability, rescheduleAppointment, slotsToMove } from '../booking/booking.service';
import { exportDocuments, patientDocumentFile } from '../documents/documents.service';
import { exportPayments, patientBalance, patientReceiptFile } from '../finance/finance.service';
import { exportForms } from '../forms/forms.service';
import { ownedPatient } from '../patients/patients.service';
import { countAttempt } from '../throttling/throttling.service';
import type { UserRow } from '../users/users.service';
import { patientRoomUrl } from '../video/video.service';
import * as repo from './portal.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A sign-in link is good for 15 minutes; a portal session for 12 hours. */
const LINK_MINUTES = 15;
export const PORTAL_SESSION_SECONDS = 12 * 3600;
/** The portal's cookie: never the professional's `sid`. */
export const PORTAL_COOKIE = 'portal_sid';
const m = messages.portal.mail;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the portal scope's onRequest hook: the e-mail the patient signed in with. */
    portalEmail: string | null;
  }
}

async function mailLink(ctx: Context, to: { email: string; firstName: string }, mail: { subject: string; body: string; footer?: string[] }): Promise<void> {
  const token = newToken();
  await repo.insertLink(ctx.db, { tokenHash: hashToken(token), email: to.email.toLowerCase(), expiresAt: new Date(ctx.clock.now().getTime() + LINK_MINUTES * MINUTE) });
  await sendActionMail(ctx, to, { subject: mail.subject, paragraphs: [mail.body], button: m.button, path: 'portal', token, ...(mail.footer ? { footer: mail.footer } : {}) });
}

/** 'Convidar para o portal': the patient (with an e-mail) may sign in, and is mailed a link. */
export async function invitePatient(ctx: Context, owner: UserRow, patientId: string): Promise<void> {
  const patient = await ownedPatient(ctx, owner.id, patientId);
  if (!patient.email) throw new AppError('PORTAL_NO_EMAIL');
  await repo.insertInvitation(ctx.db, patient.id);
  noteAccess({ patientId: patient.id, action: 'invite', entityType: 'portal', entityId: patient.id });
  await mailLink(ctx, { email: patient.email, firstName: patient.firstName }, { subject: m.inviteSubject, body: m.inviteBody(professionalNameOf(owner)), footer: [m.inviteFooter] });
}

/**
 * 'Revogar acesso ao portal': the invitation goes, with the terms the patient accepted for it; the
 * portal no longer shows this professional's data, even to a session already open. The access
 * log keeps the invitation's story (invited, consent given and withdrawn, revoked).
 */
export async function revokeAccess(ctx: Context, owner: UserRow, patientId: string): Promise<void> {
  const patient = await ownedPatient(ctx, owner.id, patientId);
  if (await repo.deleteInvitation(ctx.db, patient.id)) noteAccess({ patientId: patient.id, action: 'revoke', entityType: 'portal', entityId: patient.id });
}

type PortalRow = Awaited<ReturnType<typeof repo.invitedPatientsByEmail>>[number];

/**
 * What the patient did on the portal, in the log of each professional it concerns, with the
 * patient's address: the record of their consent (LGPD, art. 8, § 2) and of what they downloaded.
 */
async function logPatientActs(ctx: Context, ip: string, rows: readonly PortalRow[], entry: Omit<AccessEntry, 'patientId' | 'entityId'> & { entityId?: string }): Promise<void> {
  await writeEntriesOfActors(
    ctx,
    rows.map(({ patient, professional }) => ({
      actor: { userId: professional.id, ip },
      entries: [{ patientId: patient.id, entityId: entry.entityId ?? patient.id, action: entry.action, entityType: entry.entityType }],
    })),
  );
}

async function limit(ctx: Context, key: string, max: number, windowSeconds: number): Promise<void> {
  if ((await countAttempt(ctx, key, windowSeconds)) > max) throw new AppError('TOO_MANY_REQUESTS');
}

/** A sign-in link to an invited patient's address; the same answer for any other address. */
export async function requestSignIn(ctx: Context, email: string, ip: string): Promise<void> {
  await limit(ctx, `portal-link-ip:${ip}`, 20, 3600);
  await limit(ctx, `portal-link-email:${email}`, 5, 3600);
  const [invited] = await repo.invitedPatientsByEmail(ctx.db, email);
  if (invited) await mailLink(ctx, { email, firstName: invited.patient.firstName }, { subject: m.signInSubject, body: m.signInBody });
}

/** Uses the link up and opens a portal session: answers the cookie's token. */
export async function signIn(ctx: Context, token: string, ip: string): Promise<string> {
  await limit(ctx, `portal-sign-in:${ip}`, 30, 60);
  const now = ctx.clock.now();
  const email = await repo.consumeLink(ctx.db, hashToken(token), now);
  if (!email) throw new AppError('PORTAL_LINK_INVALID');
  const session = newToken();
  await repo.insertSession(ctx.db, { tokenHash: hashToken(session), email, expiresAt: new Date(now.getTime() + PORTAL_SESSION_SECONDS * 1000) });
  return session;
}

export async function signOut(ctx: Context, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSession(ctx.db, hashToken(token));
}

/** The e-mail of a portal cookie's session, or null. */
export async function resolvePortalSession(ctx: Context, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  return (await repo.findSession(ctx.db, hashToken(token), ctx.clock.now()))?.email ?? null;
}

export function portalEmail(request: FastifyRequest): string {
  if (!request.portalEmail) throw new AppError('UNAUTHORIZED');
  return request.portalEmail;
}

/** The signed-in patient, with the address they came from (for what the professional's access log keeps). */
export interface PortalVisitor {
  email: string;
  ip: string;
}

export function portalVisitor(request: FastifyRequest): PortalVisitor {
  return { email: portalEmail(request), ip: request.ip };
}

/** The professional's view of the patient's access: invited when, terms accepted when. */
export async function portalAccess(ctx: Context, owner: UserRow, patientId: string): Promise<PortalAccess> {
  const patient = await ownedPatient(ctx, owner.id, patientId);
  const invitation = await repo.findInvitation(ctx.db, patient.id);
  return {
    invitedAt: invitation?.createdAt.toISOString() ?? null,
    acceptedAt: invitation?.consentedAt?.toISOString() ?? null,
    withdrawnAt: invitation?.withdrawnAt?.toISOString() ?? null,
  };
}

// ---- the terms (the patient's recorded consent) ----

/** Whether the terms are still to be accepted, for which professionals, and when they were last accepted. */
export async function consentOf(ctx: Context, email: string): Promise<PortalConsent> {
  const rows = await repo.invitedPatientsByEmail(ctx.db, email);
  const pending = rows.filter((row) => !row.consentedAt);
  const accepted = rows.flatMap((row) => (row.consentedAt ? [row.consentedAt.getTime()] : []));
  return {
    required: pending.length > 0,
    professionals: (pending.length > 0 ? pending : rows).map((row) => professionalNameOf(row.professional)),
    pendingSince: pending.length > 0 ? new Date(Math.max(...pending.map((row) => row.invitedAt.getTime()))).toISOString() : null,
    acceptedAt: accepted.length > 0 ? new Date(Math.max(...accepted)).toISOString() : null,
  };
}

/**
 * The patient accepts the terms: the time is recorded on each invitation not yet accepted, up to
 * `pendingSince` when given (the terms as shown): one that came after is asked for again, named.
 */
export async function acceptConsent(ctx: Context, visitor: PortalVisitor, pendingSince: string | undefined): Promise<PortalConsent> {
  const rows = await repo.invitedPatientsByEmail(ctx.db, visitor.email);
  const shown = pendingSince === undefined ? Infinity : Date.parse(pendingSince);
  const shownPending = rows.filter((row) => !row.consentedAt && row.invitedAt.getTime() <= shown);
  await ctx.db.transaction(async (tx) => {
    // Logged for the invitations the update changed (not a second tab's, already accepted).
    const changed = new Set(await repo.recordConsent(tx, shownPending.map((row) => row.patient.id), ctx.clock.now()));
    await logPatientActs({ ...ctx, db: tx }, visitor.ip, rows.filter((row) => changed.has(row.patient.id)), { action: 'consent', entityType: 'portal' });
  });
  return consentOf(ctx, visitor.email);
}

/**
 * The patient withdraws their consent (LGPD, art. 8, § 5): the time is recorded on each invitation
 * whose terms were accepted, and every portal session of the address ends, with any sign-in link
 * sent to it and not yet used (a link read later must not open it again); signing in again shows
 * only the terms, and each professional sees when it was withdrawn.
 */
export async function withdrawConsent(ctx: Context, visitor: PortalVisitor): Promise<void> {
  const rows = await repo.invitedPatientsByEmail(ctx.db, visitor.email);
  await ctx.db.transaction(async (tx) => {
    const changed = new Set(
      await repo.withdrawConsent(
        tx,
        rows.map((row) => row.patient.id),
        ctx.clock.now(),
      ),
    );
    await repo.endAccessOf(tx, visitor.email);
    // Logged for the consents the update withdrew (one accepted in another tab meanwhile too).
    await logPatientActs({ ...ctx, db: tx }, visitor.ip, rows.filter((row) => changed.has(row.patient.id)), { action: 'withdraw', entityType: 'portal' });
  });
}

/** 403 while an invitation of the signed-in address waits for the terms: nothing of a professional is shown before. */
export async function requireConsent(ctx: Context, email: string): Promise<void> {
  if ((await repo.invitedPatientsByEmail(ctx.db, email)).some((row) => !row.consentedAt)) throw new AppError('PORTAL_CONSENT_REQUIRED');
}

// ---- the patient's views ----

/** The signed-in person's invited patient rows, one per professional. */
async function mine(ctx: Context, email: string) {
  return repo.invitedPatientsByEmail(ctx.db, email);
}

function toPortalAppointment(row: AppointmentRow, professional: UserRow, noticeHours: number, now: Date, videoUrl: string | null): PortalAppointment {
  const open = row.status === 'scheduled' || row.status === 'confirmed' || row.status === 'requested';
  return {
    id: row.id,
    professionalName: professionalNameOf(professional),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: professional.timeZone,
    modality: row.modality,
    status: row.status,
    videoUrl,
    changeable: open && row.startsAt.getTime() - now.getTime() >= noticeHours * HOUR,
    cancellationNoticeHours: noticeHours,
  };
}

async function portalView(ctx: Context, row: AppointmentRow, professional: UserRow): Promise<PortalAppointment> {
  const { cancellationNoticeHours } = await getAvailability(ctx, professional.id);
  const videoUrl = row.modality === 'online' && row.status !== 'cancelled' && row.endsAt > ctx.clock.now() ? await patientRoomUrl(ctx, row.id) : null;
  return toPortalAppointment(row, professional, cancellationNoticeHours, ctx.clock.now(), videoUrl);
}

export async function listAppointments(ctx: Context, email: string): Promise<PortalAppointment[]> {
  const views: PortalAppointment[] = [];
  for (const { patient, professional } of await mine(ctx, email)) {
    for (const row of await patientAppointmentRows(ctx, professional.id, patient.id)) views.push(await portalView(ctx, row, professional));
  }
  return views.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** One of the signed-in person's appointments (another's id: 404). */
async function myAppointment(ctx: Context, email: string, id: string): Promise<{ row: AppointmentRow; professional: UserRow }> {
  for (const { patient, professional } of await mine(ctx, email)) {
    const row = (await patientAppointmentRows(ctx, professional.id, patient.id)).find((item) => item.id === id);
    if (row) return { row, professional };
  }
  throw new AppError('APPOINTMENT_NOT_FOUND');
}

/** 409 inside the professional's cancellation notice: the patient must contact them. */
async function refuseInsideNotice(ctx: Context, row: AppointmentRow, professional: UserRow): Promise<void> {
  const { cancellationNoticeHours } = await getAvailability(ctx, professional.id);
  if (row.startsAt.getTime() - ctx.clock.now().getTime() < cancellationNoticeHours * HOUR) {
    throw new AppError('PORTAL_TOO_LATE', messages.portal.errors.tooLateToCancel(cancellationNoticeHours));
  }
}

export async function confirmAppointment(ctx: Context, email: string, id: string): Promise<PortalAppointment> {
  const { row, professional } = await myAppointment(ctx, email, id);
  return portalView(ctx, await answerForPatient(ctx, row, { status: 'confirmed' }), professional);
}

export async function cancelAppointment(ctx: Context, email: string, id: string, reason: string | null): Promise<PortalAppointment> {
  const { row, professional } = await myAppointment(ctx, email, id);
  await refuseInsideNotice(ctx, row, professional);
  return portalView(ctx, await answerForPatient(ctx, row, { status: 'cancelled', reason }), professional);
}

export async function reschedule(ctx: Context, email: string, id: string, startsAt: string): Promise<PortalAppointment> {
  const { row, professional } = await myAppointment(ctx, email, id);
  await refuseInsideNotice(ctx, row, professional);
  if (row.status !== 'scheduled' && row.status !== 'confirmed' && row.status !== 'requested') throw new AppError('APPOINTMENT_CLOSED');
  return portalView(ctx, await rescheduleAppointment(ctx, professional, row, new Date(startsAt)), professional);
}

/** The questionnaires still to answer, with their links. */
export async function listForms(ctx: Context, email: string): Promise<PortalForm[]> {
  const forms: PortalForm[] = [];
  for (const { patient, professional } of await mine(ctx, email)) {
    for (const form of await exportForms(ctx, professional.id, patient.id)) {
      const open = !form.submittedAt && !form.isLocked && (!form.publicExpiresAt || Date.parse(form.publicExpiresAt) > ctx.clock.now().getTime());
      if (open) forms.push({ id: form.id, professionalName: professionalNameOf(professional), name: form.name, url: appLink(ctx.config.publicUrl, 'form-public-view', form.publicToken) });
    }
  }
  return forms;
}

export async function listReceipts(ctx: Context, email: string): Promise<PortalReceipt[]> {
  const receipts: PortalReceipt[] = [];
  for (const { patient, professional } of await mine(ctx, email)) {
    for (const payment of await exportPayments(ctx, professional.id, patient.id)) {
      if (!payment.voidedAt) receipts.push({ id: payment.id, professionalName: professionalNameOf(professional), receiptNumber: payment.receiptNumber, amountCents: payment.amountCents, paidAt: payment.paidAt });
    }
  }
  return receipts;
}

export async function listDocuments(ctx: Context, email: string): Promise<PortalDocument[]> {
  const documents: PortalDocument[] = [];
  for (const { patient, professional } of await mine(ctx, email)) {
    for (const { document } of await exportDocuments(ctx, professional.id, patient.id)) {
      documents.push({ id: document.id, professionalName: professionalNameOf(professional), title: document.title, issuedAt: document.issuedAt! });
    }
  }
  return documents;
}

/** The free slots one of the patient's appointments may move to. */
export async function listSlotsToMove(ctx: Context, email: string, id: string, days: { from: string; to: string }): Promise<BookingSlot[]> {
  const { row, professional } = await myAppointment(ctx, email, id);
  return slotsToMove(ctx, professional, row, days);
}

/** The first answer of `find` over the patient's rows, each professional's in turn; `notFound` when none has it. */
async function firstOfMine<T>(ctx: Context, email: string, notFound: AppError, find: (row: PortalRow) => Promise<T>): Promise<T> {
  for (const row of await mine(ctx, email)) {
    try {
      return await find(row);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== notFound.code) throw error;
    }
  }
  throw notFound;
}

/** One of the patient's receipts as a PDF (another's, or a cancelled one: 404), in the professional's log first. */
export async function receiptPdf(ctx: Context, visitor: PortalVisitor, id: string): Promise<{ filename: string; pdf: Buffer }> {
  return firstOfMine(ctx, visitor.email, new AppError('PAYMENT_NOT_FOUND'), async (row) => {
    const receipt = await patientReceiptFile(ctx, row.professional.id, row.patient.id, id);
    await logPatientActs(ctx, visitor.ip, [row], { action: 'download', entityType: 'portal-receipt', entityId: id });
    return receipt;
  });
}

/** One of the patient's issued documents as a PDF stream (another's: 404), in the professional's log before its first byte. */
export async function documentPdf(ctx: Context, visitor: PortalVisitor, id: string): Promise<{ filename: string; pdf: Readable }> {
  return firstOfMine(ctx, visitor.email, new AppError('DOCUMENT_NOT_FOUND'), async (row) => {
    const document = await patientDocumentFile(ctx, row.professional, row.patient, id);
    // Its entry is written before Fastify takes the stream.
    holdErrorsUntilSent(document.pdf);
    try {
      await logPatientActs(ctx, visitor.ip, [row], { action: 'download', entityType: 'portal-document', entityId: id });
    } catch (error) {
      document.pdf.destroy();
      throw error;
    }
    return document;
  });
}

/** What is owed to each professional for sessions held (none listed when nothing is), with its Pix code when they have a key. */
export async function listBalances(ctx: Context, email: string): Promise<PortalBalance[]> {
  const balances: PortalBalance[] = [];
  for (const { patient, professional } of await mine(ctx, email)) {
    const balance = await patientBalance(ctx, professional, patient.id);
    if (balance.balanceCents > 0) balances.push({ professionalName: professionalNameOf(professional), ...balance });
  }
  return balances;
}

export async function purgeExpiredPortal(ctx: Context): Promise<void> {
  await repo.deleteExpired(ctx.db, ctx.clock.now());
}
