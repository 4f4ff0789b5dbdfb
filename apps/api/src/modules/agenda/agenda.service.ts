import { randomBytes } from 'node:crypto';
import {
  fullNameOf,
  isDayInRange,
  limits,
  messages,
  type Appointment,
  type AppointmentMessage,
  type AppointmentCreate,
  type AppointmentSummary,
  type AppointmentUpdate,
  type ChangeScope,
  type PaymentStatus,
  type PublicAppointment,
} from '@consultorio/shared';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Db, Tx } from '../../db/client';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { hashToken, newToken } from '../../platform/tokens';
import { ownedPatient } from '../patients/patients.service';
import type { SessionUser } from '../sessions/sessions.service';
import { patientRoomUrl } from '../video/video.service';
import { countAttempt } from '../throttling/throttling.service';
import { recipientsOf, sendCancellationNotice, sendPatientNotice, sendReminderMail, type PatientNotice, type ReminderSubject } from './agenda.mails';
import { parseButtonPayload, sendNoticeWhatsapp, sendReminderWhatsapp, whatsappAddressOf } from './agenda.whatsapp';
import * as repo from './agenda.repository';
import type { AppointmentRow, NewAppointment, SeriesRow } from './agenda.repository';
import { dayBefore, occurrenceStarts, shiftLocal, toInstant, toLocalStart, type LocalStart, type SeriesRule } from './recurrence';

export type { AppointmentRow };

const MINUTE = 60_000;
const DAY = 86_400_000;

export function toAppointment(row: AppointmentRow, patientName: string, recordId: string | null = null): Appointment {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    seriesId: row.seriesId,
    modality: row.modality,
    videoLink: row.videoLink,
    location: row.location,
    notes: row.notes,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    reminderError: row.reminderError,
    cancellationReason: row.cancellationReason,
    feeCents: row.feeCents,
    paidCents: row.paidCents,
    paymentStatus: row.paymentStatus,
    chargeMissed: row.chargeMissed,
    recordId,
  };
}

/**
 * A session's payment status from its fee and what payments covered: paid once they cover a
 * fee, else pending; a waived session stays waived until the professional sets it back.
 */
function paymentStatusOf(feeCents: number, paidCents: number, current: PaymentStatus, requested?: 'pending' | 'waived'): PaymentStatus {
  if (requested === 'waived' || (requested === undefined && current === 'waived')) return 'waived';
  return feeCents > 0 && paidCents >= feeCents ? 'paid' : 'pending';
}

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

function noteAppointment(row: Pick<AppointmentRow, 'id' | 'patientId'>, action: 'create' | 'update' | 'delete' | 'read'): void {
  noteAccess({ patientId: row.patientId, action, entityType: 'appointment', entityId: row.id });
}

/**
 * What a changed time means for the reminders: new ones are due for the new time (each reminder
 * is claimed for one start), and the links already sent keep working.
 */
const reminderReset = { reminderSentAt: null, reminderError: null } as const;

function isOpen(status: AppointmentRow['status']): boolean {
  return status === 'scheduled' || status === 'confirmed';
}

export async function listAppointments(ctx: Context, ownerId: string, range: { from: string; to: string }): Promise<Appointment[]> {
  const rows = await repo.listInRange(ctx.db, ownerId, new Date(range.from), new Date(range.to));
  return rows.map(({ appointment, patientName, recordId }) => toAppointment(appointment, patientName, recordId));
}

/** How many sessions the patient's list shows. */
const PATIENT_SESSIONS_MAX = 100;

/** The patient's sessions (appointments that have started), newest first, each with its note. */
export async function listPatientSessions(ctx: Context, ownerId: string, patientId: string): Promise<Appointment[]> {
  await ownedPatient(ctx, ownerId, patientId);
  const rows = await repo.listStartedOfPatient(ctx.db, ownerId, patientId, ctx.clock.now(), PATIENT_SESSIONS_MAX);
  noteAccess({ patientId, action: 'read', entityType: 'appointment', entityId: 'list' });
  return rows.map(({ appointment, patientName, recordId }) => toAppointment(appointment, patientName, recordId));
}

/** The owner's appointment of that patient, for a note written about it; another patient's or professional's answers 404. */
export async function appointmentOfPatient(ctx: Context, ownerId: string, patientId: string, id: string): Promise<AppointmentRow> {
  const found = await repo.findOwned(ctx.db, ownerId, id);
  if (!found || found.appointment.patientId !== patientId) throw new AppError('APPOINTMENT_NOT_FOUND');
  return found.appointment;
}

/** The owner's appointments of that patient among `ids`, by start; 404 when any is missing, another patient's or another professional's. */
export async function appointmentsOfPatient(ctx: Context, ownerId: string, patientId: string, ids: readonly string[]): Promise<AppointmentRow[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.findOfPatient(ctx.db, ownerId, patientId, unique);
  if (rows.length !== unique.length) throw new AppError('APPOINTMENT_NOT_FOUND');
  return rows;
}

/**
 * A note was written for the appointment: once it has started, a session still 'scheduled' or
 * 'confirmed' was held, so it becomes 'attended' (in the note's transaction).
 */
export async function markHeldByNote(tx: Tx, ownerId: string, appointmentId: string, now: Date): Promise<void> {
  const changed = await repo.markStartedAttended(tx, ownerId, appointmentId, now);
  if (changed) noteAppointment(changed, 'update');
}

/** Every appointment of the patient (the caller has checked the patient is the owner's), for the export. */
export async function exportAppointments(ctx: Context, ownerId: string, patientId: string): Promise<Appointment[]> {
  const rows = await repo.listOfPatient(ctx.db, ownerId, patientId);
  return rows.map(({ appointment, patientName, recordId }) => toAppointment(appointment, patientName, recordId));
}

async function ownedAppointment(ctx: Context, ownerId: string, id: string) {
  const found = await repo.findOwned(ctx.db, ownerId, id);
  if (!found) throw new AppError('APPOINTMENT_NOT_FOUND');
  return found;
}

export async function getAppointment(ctx: Context, ownerId: string, id: string): Promise<Appointment> {
  const { appointment, patientName, recordId } = await ownedAppointment(ctx, ownerId, id);
  noteAppointment(appointment, 'read');
  return toAppointment(appointment, patientName, recordId);
}

/** Every day of a series, like every other the API takes, lies in 1900..2100 (a local start's first ten characters are its day). */
function refusePastRange(localStarts: readonly LocalStart[]): void {
  if (!localStarts.every((start) => isDayInRange(start.slice(0, 10)))) throw new AppError('VALIDATION', messages.validation.recurrencePastRange);
}

/** The local starts of a new series: all of them when it ends, else those up to the booking horizon. */
function seriesStarts(rule: SeriesRule, timeZone: string, now: Date): { starts: LocalStart[]; bookedUntil: Date | null } {
  const open = !rule.count && !rule.until;
  const horizon = new Date(now.getTime() + limits.openSeriesHorizonDays * DAY);
  const starts = occurrenceStarts(rule, { openUntil: toLocalStart(horizon, timeZone) });
  if (starts.length > limits.recurrenceCountMax) throw new AppError('VALIDATION', messages.validation.recurrenceCountInvalid(limits.recurrenceCountMax));
  refusePastRange(starts);
  return { starts, bookedUntil: open ? horizon : null };
}

async function refuseOverlap(ctx: Context, ownerId: string, spans: ReadonlyArray<{ startsAt: Date; endsAt: Date }>, except: readonly string[] = []) {
  if (await repo.overlapsAny(ctx.db, ownerId, spans, except)) throw new AppError('APPOINTMENT_OVERLAP');
}

/**
 * Books an appointment, or a recurring series whose appointments keep their wall-clock time in
 * the professional's time zone; 409 when one overlaps another appointment unless allowed.
 * Answers the first appointment.
 */
export async function createAppointment(ctx: Context, owner: SessionUser, request: AppointmentCreate): Promise<{ appointment: Appointment; count: number }> {
  const patient = await ownedPatient(ctx, owner.id, request.patientId);
  const startsAt = new Date(request.startsAt);
  const minutes = request.endsAt ? (Date.parse(request.endsAt) - startsAt.getTime()) / MINUTE : (request.durationMinutes ?? limits.appointmentMinutesDefault);
  const details = {
    modality: request.modality,
    videoLink: request.videoLink,
    location: request.location,
    notes: request.notes,
    feeCents: request.feeCents ?? patient.sessionFeeCents ?? 0,
  };
  const timeZone = owner.timeZone;
  const rule: SeriesRule | null = request.recurrence ? { ...request.recurrence, firstLocalStart: toLocalStart(startsAt, timeZone) } : null;
  const planned = rule ? seriesStarts(rule, timeZone, ctx.clock.now()) : { starts: [toLocalStart(startsAt, timeZone)], bookedUntil: null };
  const rows: NewAppointment[] = planned.starts.map((local, index) => {
    const start = index === 0 ? startsAt : toInstant(local, timeZone);
    return { ...details, startsAt: start, endsAt: new Date(start.getTime() + minutes * MINUTE) };
  });
  if (!request.allowOverlap) await refuseOverlap(ctx, owner.id, rows);
  const series = rule
    ? {
        frequency: rule.frequency,
        count: rule.count ?? null,
        until: rule.until ?? null,
        timeZone,
        firstLocalStart: rule.firstLocalStart,
        durationMinutes: Math.round(minutes),
        bookedUntil: planned.bookedUntil,
      }
    : null;
  const inserted = await ctx.db.transaction((tx) => repo.insertAppointments(tx, { ownerId: owner.id, patientId: patient.id }, series, rows));
  const first = inserted[0]!;
  noteAppointment(first, 'create');
  await queueDueRemindersLogged(ctx, owner.id);
  return { appointment: toAppointment(first, fullNameOf(patient)), count: inserted.length };
}

/** The new start and end of an appointment from a change (the length kept when only the start moves). */
function newTimes(row: AppointmentRow, update: AppointmentUpdate): { startsAt: Date; endsAt: Date } | null {
  if (update.startsAt === undefined && update.endsAt === undefined && update.durationMinutes === undefined) return null;
  const startsAt = update.startsAt ? new Date(update.startsAt) : row.startsAt;
  const length = update.durationMinutes !== undefined ? update.durationMinutes * MINUTE : row.endsAt.getTime() - row.startsAt.getTime();
  const endsAt = update.endsAt ? new Date(update.endsAt) : new Date(startsAt.getTime() + length);
  if (endsAt <= startsAt) throw new AppError('VALIDATION', messages.validation.endBeforeStart);
  return { startsAt, endsAt };
}

/** The fields a change sets on each appointment it touches, besides the time. */
function detailChanges(update: AppointmentUpdate) {
  return {
    ...(update.modality !== undefined ? { modality: update.modality } : {}),
    ...(update.videoLink !== undefined ? { videoLink: update.videoLink } : {}),
    ...(update.location !== undefined ? { location: update.location } : {}),
    ...(update.notes !== undefined ? { notes: update.notes } : {}),
    ...(update.status !== undefined ? { status: update.status } : {}),
    ...(update.chargeMissed !== undefined ? { chargeMissed: update.chargeMissed } : {}),
    // A reason goes with a cancellation; any other status drops the old one.
    ...(update.status === 'cancelled' && update.cancellationReason !== undefined ? { cancellationReason: update.cancellationReason } : {}),
    ...(update.status !== undefined && update.status !== 'cancelled' ? { cancellationReason: null } : {}),
  };
}

/** A new fee or payment status, with the status recomputed for the row it applies to. */
function paymentChanges(row: AppointmentRow, update: AppointmentUpdate) {
  if (update.feeCents === undefined && update.paymentStatus === undefined) return {};
  const feeCents = update.feeCents ?? row.feeCents;
  return { feeCents, paymentStatus: paymentStatusOf(feeCents, row.paidCents, row.paymentStatus, update.paymentStatus) };
}

/**
 * Changes one appointment, or it and the following ones of its series: moved by the same
 * wall-clock difference (a day and a time of day), with the same details and status. Moving the
 * following ones starts a new series from this one (the earlier ones keep theirs, which ends
 * before it). 409 when a moved appointment would overlap another unless allowed.
 */
export async function updateAppointment(ctx: Context, owner: SessionUser, id: string, update: AppointmentUpdate): Promise<Appointment> {
  const { appointment: row, patientName, recordId } = await ownedAppointment(ctx, owner.id, id);
  const times = newTimes(row, update);
  const now = ctx.clock.now();
  const changes = detailChanges(update);
  const status = update.status ?? row.status;
  const single = update.scope === 'this' || !row.seriesId;
  const notice = noticeOf(row, { status, times, following: !single }, now);
  let updated: AppointmentRow;
  if (single) {
    const takesTheTime = status !== 'cancelled' && (times !== null || row.status === 'cancelled');
    if (takesTheTime && !update.allowOverlap) await refuseOverlap(ctx, owner.id, [times ?? row], [row.id]);
    updated = await ctx.db.transaction(async (tx) => {
      const changed = await repo.updateAppointment(tx, row.id, { ...changes, ...paymentChanges(row, update), ...(times ? { ...times, ...reminderReset } : {}) }, now);
      if (notice) await queueNotice(ctx, tx, row.id, notice);
      return changed;
    });
  } else {
    updated = await updateFollowing(ctx, owner, row, { times, changes, update, allowOverlap: update.allowOverlap === true, notice }, now);
  }
  if (notice) ctx.jobs.wake(PATIENT_NOTICE_JOB);
  noteAppointment(updated, 'update');
  await queueDueRemindersLogged(ctx, owner.id);
  return toAppointment(updated, patientName, recordId);
}

/**
 * What the patient is told of the professional's change: the cancellation of an appointment
 * still ahead, or a new time (still ahead) for an open one. Nothing for a change of what is past,
 * of an appointment already closed, or of its details alone.
 */
function noticeOf(row: AppointmentRow, after: { status: AppointmentRow['status']; times: { startsAt: Date } | null; following: boolean }, now: Date): PatientNotice | null {
  if (!isOpen(row.status)) return null;
  const { following } = after;
  if (after.status === 'cancelled') return row.startsAt > now ? { change: 'cancelled', previousStartsAt: row.startsAt, following } : null;
  const moved = after.times !== null && after.times.startsAt.getTime() !== row.startsAt.getTime();
  return moved && isOpen(after.status) && after.times!.startsAt > now ? { change: 'moved', previousStartsAt: row.startsAt, following } : null;
}

interface PatientNoticeJob {
  appointmentId: string;
  change: PatientNotice['change'];
  previousStartsAt: string;
  following: boolean;
}

/** The patient's notice, queued in the change's transaction: it goes only if the change commits. */
async function queueNotice(ctx: Context, tx: Tx, appointmentId: string, notice: PatientNotice): Promise<void> {
  const data: PatientNoticeJob = { appointmentId, change: notice.change, previousStartsAt: notice.previousStartsAt.toISOString(), following: notice.following };
  await ctx.jobs.send(PATIENT_NOTICE_JOB, data, { within: tx });
}

interface FollowingChange {
  times: { startsAt: Date; endsAt: Date } | null;
  changes: ReturnType<typeof detailChanges>;
  update: AppointmentUpdate;
  allowOverlap: boolean;
  notice: PatientNotice | null;
}

async function updateFollowing(ctx: Context, owner: SessionUser, row: AppointmentRow, change: FollowingChange, now: Date): Promise<AppointmentRow> {
  return ctx.db.transaction(async (tx) => {
    const series = await repo.findSeries(tx, owner.id, row.seriesId!);
    const following = await repo.lockFollowing(tx, owner.id, row);
    const timeZone = series?.timeZone ?? owner.timeZone;
    const moved = change.times ? movedTimes(following, row, change.times, timeZone) : new Map<string, { startsAt: Date; endsAt: Date }>();
    refusePastRange([...moved.values()].map(({ startsAt }) => toLocalStart(startsAt, timeZone)));
    if (change.times && !change.allowOverlap) {
      if (await repo.overlapsAny(tx, owner.id, [...moved.values()], following.map((item) => item.id))) throw new AppError('APPOINTMENT_OVERLAP');
    }
    const seriesId = series ? await splitSeries(tx, series, row, following, { timeZone, times: change.times, cancelled: change.changes.status === 'cancelled' }) : row.seriesId;
    let result = row;
    for (const item of following) {
      const times = moved.get(item.id);
      const updated = await repo.updateAppointment(
        tx,
        item.id,
        { ...change.changes, ...paymentChanges(item, change.update), seriesId, ...(times ? { ...times, ...reminderReset } : {}) },
        now,
      );
      if (item.id === row.id) result = updated;
    }
    if (change.notice) await queueNotice(ctx, tx, row.id, change.notice);
    return result;
  });
}

/** Each following appointment moved by the wall-clock difference the changed one moved by. */
function movedTimes(
  following: readonly AppointmentRow[],
  row: AppointmentRow,
  times: { startsAt: Date; endsAt: Date },
  timeZone: string,
): Map<string, { startsAt: Date; endsAt: Date }> {
  const from = toLocalStart(row.startsAt, timeZone);
  const to = toLocalStart(times.startsAt, timeZone);
  const length = times.endsAt.getTime() - times.startsAt.getTime();
  return new Map(
    following.map((item) => {
      const startsAt = item.id === row.id ? times.startsAt : toInstant(shiftLocal(toLocalStart(item.startsAt, timeZone), from, to), timeZone);
      return [item.id, { startsAt, endsAt: new Date(startsAt.getTime() + length) }];
    }),
  );
}

/**
 * The series the changed appointment and the following ones belong to afterwards: the same one
 * when it starts the series, else a new one from it, the old one ending the day before. A series
 * whose following appointments are cancelled is no longer extended.
 */
async function splitSeries(
  tx: Parameters<typeof repo.updateSeries>[0],
  series: SeriesRow,
  row: AppointmentRow,
  following: readonly AppointmentRow[],
  change: { timeZone: string; times: { startsAt: Date; endsAt: Date } | null; cancelled: boolean },
): Promise<string> {
  const firstLocalStart = toLocalStart(change.times?.startsAt ?? row.startsAt, change.timeZone);
  const durationMinutes = change.times ? Math.round((change.times.endsAt.getTime() - change.times.startsAt.getTime()) / MINUTE) : series.durationMinutes;
  const bookedUntil = change.cancelled ? null : series.bookedUntil;
  const isFirst = (await repo.countSeriesAppointments(tx, series.id)) === following.length;
  if (isFirst) {
    await repo.updateSeries(tx, series.id, { firstLocalStart, durationMinutes, bookedUntil });
    return series.id;
  }
  await repo.updateSeries(tx, series.id, { count: null, until: dayBefore(toLocalStart(row.startsAt, change.timeZone)), bookedUntil: null });
  const { id: _id, createdAt: _createdAt, ...copy } = series;
  const created = await repo.insertSeries(tx, {
    ...copy,
    firstLocalStart,
    durationMinutes,
    count: series.count ? following.length : null,
    bookedUntil,
  });
  return created.id;
}

/** Deletes one appointment, or it and the following ones of its series (which then ends the day before). */
export async function deleteAppointment(ctx: Context, owner: SessionUser, id: string, scope: ChangeScope): Promise<number> {
  const { appointment: row } = await ownedAppointment(ctx, owner.id, id);
  const deleted = await ctx.db.transaction(async (tx) => {
    if (scope === 'this' || !row.seriesId) {
      await repo.deleteAppointments(tx, owner.id, [row.id]);
      return 1;
    }
    const series = await repo.findSeries(tx, owner.id, row.seriesId);
    const following = await repo.lockFollowing(tx, owner.id, row);
    await repo.deleteAppointments(tx, owner.id, following.map((item) => item.id));
    if (series) await repo.updateSeries(tx, series.id, { count: null, until: dayBefore(toLocalStart(row.startsAt, series.timeZone)), bookedUntil: null });
    return following.length;
  });
  noteAppointment(row, 'delete');
  return deleted;
}

export async function getSummaries(ctx: Context, ownerId: string, patientIds: readonly string[]): Promise<AppointmentSummary[]> {
  const rows = await repo.summaries(ctx.db, ownerId, patientIds, ctx.clock.now());
  const byPatient = new Map(rows.map((row) => [row.patientId, row]));
  return patientIds.map((patientId) => {
    const row = byPatient.get(patientId);
    return {
      patientId,
      nextStartsAt: row?.nextStartsAt?.toISOString() ?? null,
      attended: row?.attended ?? 0,
      noShow: row?.noShow ?? 0,
      cancelled: row?.cancelled ?? 0,
    };
  });
}

// ---- reminders and the other messages to the patient ----

/** Sends one row of `appointment_messages` (a reminder by e-mail or WhatsApp, a WhatsApp notice). */
const REMINDER_JOB = 'agenda.reminder';
const CANCELLATION_NOTICE_JOB = 'agenda.cancellation-notice';
const PATIENT_NOTICE_JOB = 'agenda.patient-notice';

interface MessageJob {
  messageId: string;
  /** A move's or cancellation's former start, for a notice. */
  previousStartsAt?: string;
}

/** Queues the reminders that are due, of every professional or one (each claimed by one instance). */
export async function queueDueReminders(ctx: Context, ownerId?: string): Promise<number> {
  // Claimed and queued in one transaction: an instance that dies between the two leaves neither.
  const ids = await ctx.db.transaction(async (tx) => {
    const claimed = await repo.claimDueReminders(tx, ctx.clock.now(), { whatsapp: ctx.config.whatsapp !== undefined, ...(ownerId ? { ownerId } : {}) });
    for (const messageId of claimed) await ctx.jobs.send(REMINDER_JOB, { messageId } satisfies MessageJob, { within: tx });
    return claimed;
  });
  if (ids.length > 0) ctx.jobs.wake(REMINDER_JOB);
  return ids.length;
}

/**
 * The same, a failure logged rather than thrown (the next scan tries again). After a booking or a
 * move it runs before the answer, so a reminder already due goes at once.
 */
function queueDueRemindersLogged(ctx: Context, ownerId?: string): Promise<void> {
  return queueDueReminders(ctx, ownerId).then(
    () => undefined,
    (error: unknown) => ctx.log.error({ err: error }, 'could not queue due reminders'),
  );
}

/** A new link to the appointment for a mail: its token, whose hash is kept (good until the appointment's end). */
async function newLink(ctx: Context, appointmentId: string): Promise<string> {
  const token = newToken();
  await repo.insertLink(ctx.db, appointmentId, hashToken(token));
  return token;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** Sends one message of the record, if it still has a reason to go; a WhatsApp failure throws, for the job to retry. */
async function sendPatientMessage(ctx: Context, job: MessageJob): Promise<void> {
  const message = await repo.findMessage(ctx.db, job.messageId);
  if (!message || message.status !== 'queued') return;
  const found = await repo.findForReminder(ctx.db, message.appointmentId);
  if (!found) return;
  if (message.kind !== 'reminder') {
    await sendWhatsappNotice(ctx, message, found, job);
    return;
  }
  const now = ctx.clock.now();
  const { appointment } = found;
  const stillDue = isOpen(appointment.status) && appointment.startsAt > now && appointment.startsAt.getTime() === message.startsAt.getTime();
  // A reminder the appointment outgrew (moved, cancelled) never went: it leaves no trace.
  if (!stillDue) return repo.deleteMessage(ctx.db, message.id);
  const roomUrl = appointment.modality === 'online' ? await patientRoomUrl(ctx, appointment.id) : undefined;
  if (message.channel === 'whatsapp') {
    const to = ctx.config.whatsapp ? whatsappAddressOf(found) : null;
    // Opted out (or WhatsApp turned off) since it was claimed: e-mail takes over.
    if (!to) return fallBackToEmail(ctx, message, 'WhatsApp indisponível para este paciente');
    const token = newToken();
    await repo.updateMessage(ctx.db, message.id, { tokenHash: hashToken(token) });
    const providerMessageId = await sendReminderWhatsapp(ctx, found, to, token, roomUrl);
    await repo.updateMessage(ctx.db, message.id, { status: 'sent', providerMessageId, sentAt: now, error: null });
  } else {
    const recipients = recipientsOf(found, now);
    if (recipients.length === 0) return repo.deleteMessage(ctx.db, message.id);
    await sendReminderMail(ctx, found, recipients, await newLink(ctx, appointment.id), roomUrl);
    await repo.updateMessage(ctx.db, message.id, { status: 'sent', sentAt: now, error: null });
  }
  await repo.updateAppointment(ctx.db, appointment.id, { reminderSentAt: now, reminderError: null }, now);
}

/** A WhatsApp notice of the professional's cancellation or move (the e-mail one went on its own). */
async function sendWhatsappNotice(ctx: Context, message: repo.AppointmentMessageRow, found: ReminderSubject, job: MessageJob): Promise<void> {
  const to = ctx.config.whatsapp ? whatsappAddressOf(found) : null;
  if (!to || message.kind === 'reminder') return repo.deleteMessage(ctx.db, message.id);
  const previousStartsAt = new Date(job.previousStartsAt ?? message.startsAt);
  const providerMessageId = await sendNoticeWhatsapp(ctx, found, to, message.kind, previousStartsAt);
  await repo.updateMessage(ctx.db, message.id, { status: 'sent', providerMessageId, sentAt: ctx.clock.now(), error: null });
}

/**
 * A WhatsApp reminder that could not go (its retries spent, or WhatsApp reported it failed): the
 * e-mail reminder goes instead, once, to those the e-mail would go to.
 */
async function fallBackToEmail(ctx: Context, message: repo.AppointmentMessageRow, reason: string, tx?: Tx): Promise<void> {
  const db = tx ?? ctx.db;
  await repo.updateMessage(db, message.id, { status: 'failed', error: reason.slice(0, 500) });
  const now = ctx.clock.now();
  await repo.updateAppointment(db, message.appointmentId, { reminderError: reason.slice(0, 500) }, now);
  const fallback = await repo.insertMessage(db, {
    appointmentId: message.appointmentId,
    kind: 'reminder',
    channel: 'email',
    leadHours: message.leadHours,
    startsAt: message.startsAt,
    fallback: true,
  });
  if (!fallback) return;
  await ctx.jobs.send(REMINDER_JOB, { messageId: fallback.id } satisfies MessageJob, tx ? { within: tx } : {});
  if (!tx) ctx.jobs.wake(REMINDER_JOB);
}

/**
 * Tells the patient of the professional's cancellation or move, if it still holds when the job
 * runs (a move then undone by a cancellation is not announced as a move): by e-mail, and by
 * WhatsApp too when the patient opted in (a job of its own, so a WhatsApp retry mails nothing again).
 */
async function notifyPatient(ctx: Context, job: PatientNoticeJob): Promise<void> {
  const found = await repo.findForReminder(ctx.db, job.appointmentId);
  if (!found) return;
  const now = ctx.clock.now();
  const { appointment } = found;
  const stillTrue = job.change === 'cancelled' ? appointment.status === 'cancelled' : isOpen(appointment.status) && appointment.startsAt > now;
  if (!stillTrue) return;
  if (ctx.config.whatsapp && whatsappAddressOf(found)) {
    const startsAt = job.change === 'cancelled' ? new Date(job.previousStartsAt) : appointment.startsAt;
    const row = await repo.insertMessage(ctx.db, { appointmentId: appointment.id, kind: job.change, channel: 'whatsapp', startsAt });
    if (row) {
      await ctx.jobs.send(REMINDER_JOB, { messageId: row.id, previousStartsAt: job.previousStartsAt } satisfies MessageJob);
      ctx.jobs.wake(REMINDER_JOB);
    }
  }
  const recipients = recipientsOf(found, now);
  if (recipients.length === 0) return;
  const token = job.change === 'moved' ? await newLink(ctx, appointment.id) : null;
  const notice = { change: job.change, previousStartsAt: new Date(job.previousStartsAt), following: job.following };
  await sendPatientNotice(ctx, found, recipients, notice, token);
}

export function defineAgendaJobs(ctx: Context): void {
  ctx.jobs.define<MessageJob>(REMINDER_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => sendPatientMessage(ctx, data)),
    onFailed: async (data, error) => {
      const message = data.messageId ? await repo.findMessage(ctx.db, data.messageId) : undefined;
      if (!message) return;
      if (message.channel === 'whatsapp' && message.kind === 'reminder') return fallBackToEmail(ctx, message, errorText(error));
      await repo.updateMessage(ctx.db, message.id, { status: 'failed', error: errorText(error) });
      if (message.kind === 'reminder') await repo.updateAppointment(ctx.db, message.appointmentId, { reminderError: errorText(error) }, ctx.clock.now());
    },
  });
  ctx.jobs.define<PatientNoticeJob>(PATIENT_NOTICE_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => notifyPatient(ctx, data)),
  });
  ctx.jobs.define<{ appointmentId: string }>(CANCELLATION_NOTICE_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const found = await repo.findForReminder(ctx.db, data.appointmentId);
        if (found) await sendCancellationNotice(ctx, found);
      }),
  });
}

export function toAppointmentMessage(row: repo.AppointmentMessageRow): AppointmentMessage {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    leadHours: row.leadHours,
    status: row.status,
    fallback: row.fallback,
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The reminders and notices the patient was sent about the owner's appointment, with their statuses and answers. */
export async function listAppointmentMessages(ctx: Context, ownerId: string, id: string): Promise<AppointmentMessage[]> {
  const { appointment } = await ownedAppointment(ctx, ownerId, id);
  noteAppointment(appointment, 'read');
  return (await repo.listMessages(ctx.db, appointment.id)).map(toAppointmentMessage);
}

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
  if (changed?.status === 'failed' && changed.kind === 'reminder') await fallBackToEmail(ctx, changed, report.error ?? 'WhatsApp falhou', tx);
}

// ---- the patient's link ----

async function limitPublicCalls(ctx: Context, ip: string): Promise<void> {
  if ((await countAttempt(ctx, `public-appointment:${ip}`, 60)) > limits.publicFormCallsPerMinute) throw new AppError('TOO_MANY_REQUESTS');
}

async function appointmentOfLink(ctx: Context, token: string, ip: string) {
  await limitPublicCalls(ctx, ip);
  const found = await repo.findByTokenHash(ctx.db, hashToken(token), ctx.clock.now());
  if (!found) throw new AppError('APPOINTMENT_LINK_INVALID');
  return found;
}

function toPublicAppointment({ appointment, professional, timeZone }: Awaited<ReturnType<typeof appointmentOfLink>>): PublicAppointment {
  return {
    appointment: {
      startsAt: appointment.startsAt.toISOString(),
      endsAt: appointment.endsAt.toISOString(),
      timeZone,
      modality: appointment.modality,
      status: appointment.status,
    },
    professional,
  };
}

export async function getPublicAppointment(ctx: Context, token: string, ip: string): Promise<PublicAppointment> {
  return toPublicAppointment(await appointmentOfLink(ctx, token, ip));
}

/** Why the link can no longer change an appointment the professional has closed. */
function closedByProfessional(status: AppointmentRow['status']): AppError {
  return new AppError(status === 'cancelled' ? 'APPOINTMENT_ALREADY_CANCELLED' : 'APPOINTMENT_CLOSED');
}

/**
 * The patient's answer through the link, only while the appointment is open: once the
 * professional marked it attended, missed or cancelled, 409 and nothing changes.
 */
async function answerThroughLink(ctx: Context, found: Awaited<ReturnType<typeof appointmentOfLink>>, changes: Partial<AppointmentRow>): Promise<AppointmentRow> {
  const { status } = found.appointment;
  if (status !== 'scheduled' && status !== 'confirmed') throw closedByProfessional(status);
  const updated = await repo.updateOpenAppointment(ctx.db, found.appointment.id, changes, ctx.clock.now());
  if (updated) return updated;
  throw closedByProfessional((await repo.findStatus(ctx.db, found.appointment.id)) ?? 'cancelled');
}

export async function confirmPublicAppointment(ctx: Context, token: string, ip: string): Promise<PublicAppointment> {
  const found = await appointmentOfLink(ctx, token, ip);
  const appointment = await answerThroughLink(ctx, found, { status: 'confirmed' });
  return toPublicAppointment({ ...found, appointment });
}

/** The patient cancels through the link; the professional is told by e-mail. */
export async function cancelPublicAppointment(ctx: Context, token: string, reason: string | null, ip: string): Promise<PublicAppointment> {
  const found = await appointmentOfLink(ctx, token, ip);
  const appointment = await answerThroughLink(ctx, found, { status: 'cancelled', cancellationReason: reason });
  await ctx.jobs.send(CANCELLATION_NOTICE_JOB, { appointmentId: appointment.id });
  return toPublicAppointment({ ...found, appointment });
}

// ---- series that never end ----

/** Books the next months of open-ended series, copying the details of each one's latest appointment. */
export async function extendOpenSeries(ctx: Context): Promise<void> {
  const now = ctx.clock.now();
  const horizon = new Date(now.getTime() + limits.openSeriesHorizonDays * DAY);
  for (const series of await repo.seriesToExtend(ctx.db, new Date(horizon.getTime() - 7 * DAY))) {
    await ctx.db.transaction(async (tx) => {
      const latest = await repo.latestOfSeries(tx, series.id);
      if (!latest || !series.bookedUntil) return;
      const starts = occurrenceStarts(series, {
        openUntil: toLocalStart(horizon, series.timeZone),
        after: toLocalStart(latest.startsAt, series.timeZone),
      });
      const { modality, videoLink, location, notes, feeCents } = latest;
      const rows = starts.map((local) => {
        const startsAt = toInstant(local, series.timeZone);
        return { modality, videoLink, location, notes, feeCents, startsAt, endsAt: new Date(startsAt.getTime() + series.durationMinutes * MINUTE) };
      });
      if (rows.length > 0) await repo.insertAppointmentsInSeries(tx, series, rows);
      await repo.updateSeries(tx, series.id, { bookedUntil: horizon });
    });
  }
}

// ---- the private calendar feed ----

function newFeedToken(): string {
  return randomBytes(24).toString('base64url');
}

function feedUrl(ctx: Context, token: string): string {
  return `${ctx.config.publicUrl}/v1/calendar/${token}.ics`;
}

export async function getCalendarFeed(ctx: Context, owner: SessionUser): Promise<{ url: string; fullNames: boolean }> {
  const feed = (await repo.findCalendarFeed(ctx.db, owner.id)) ?? (await repo.ensureCalendarFeed(ctx.db, owner.id, newFeedToken()));
  return { url: feedUrl(ctx, feed.token), fullNames: feed.fullNames };
}

/** A new address (the old one stops working), and what events show. */
export async function renewCalendarFeed(ctx: Context, owner: SessionUser, options: { fullNames?: boolean | undefined }): Promise<{ url: string; fullNames: boolean }> {
  const feed = await repo.renewCalendarFeed(ctx.db, owner.id, { token: newFeedToken(), ...(options.fullNames !== undefined ? { fullNames: options.fullNames } : {}) });
  return { url: feedUrl(ctx, feed.token), fullNames: feed.fullNames };
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part[0]!.toUpperCase()}.`)
    .join(' ');
}

/**
 * The feed's iCalendar: the appointments of the last 30 and the next 180 days (not cancelled),
 * showing the patient's initials unless the professional chose full names, and where each
 * in-person one takes place (the office unless it says another place).
 */
export async function calendarIcs(ctx: Context, token: string): Promise<string> {
  const owner = await repo.findFeedOwner(ctx.db, token.replace(/\.ics$/, ''));
  if (!owner) throw new AppError('CALENDAR_FEED_NOT_FOUND');
  const now = ctx.clock.now();
  const rows = await repo.listInRange(ctx.db, owner.id, new Date(now.getTime() - 30 * DAY), new Date(now.getTime() + 180 * DAY));
  // Every time is written in UTC with its 'Z' (RFC 5545 form 2): ical-generator, given a
  // calendar zone but no VTIMEZONE generator, writes the server's clock time with neither 'Z'
  // nor TZID, which calendars read as local time (a 10:00 São Paulo session showed at 13:00).
  const calendar = ical({ name: messages.app.name, prodId: { company: 'Consultório', product: 'Agenda', language: 'PT' } });
  for (const { appointment, patientName } of rows) {
    if (appointment.status === 'cancelled') continue;
    calendar.createEvent({
      id: appointment.id,
      stamp: appointment.updatedAt,
      start: appointment.startsAt,
      end: appointment.endsAt,
      summary: messages.agenda.feedEvent(owner.fullNames ? patientName : initials(patientName)),
      description: [messages.agenda.modality[appointment.modality], appointment.videoLink].filter(Boolean).join('\n'),
      location: appointment.location ?? (appointment.modality === 'in_person' ? owner.officeAddress : null),
      status: appointment.status === 'confirmed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return calendar.toString();
}

/**
 * Reminders and open series on timers of this instance (claims make each reminder go once
 * whatever the number of instances); a scan every `scanSeconds` (0: no reminder timer).
 */
export function startAgendaClock(ctx: Context, scanSeconds: number): () => void {
  const timers: NodeJS.Timeout[] = [];
  const extend = () => {
    extendOpenSeries(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'could not extend open series'));
  };
  timers.push(setInterval(extend, 3600 * 1000));
  extend();
  if (scanSeconds > 0) {
    timers.push(setInterval(() => void queueDueRemindersLogged(ctx), scanSeconds * 1000));
    void queueDueRemindersLogged(ctx);
  }
  for (const timer of timers) timer.unref();
  return () => timers.forEach(clearInterval);
}

// ---- bookings from the public page (the booking module) ----

/** A span of time the professional is busy in. */
export interface BusySpan {
  startsAt: Date;
  endsAt: Date;
}

/**
 * When the owner is busy between two instants: their appointments that are not cancelled
 * (requested ones included), and the occurrences of open-ended series not yet booked that far
 * (expanded from the series' rule, as they will be booked); `exceptId`'s own time is not busy (it is being moved).
 */
export async function busySpans(db: Db | Tx, ownerId: string, from: Date, to: Date, exceptId?: string): Promise<BusySpan[]> {
  const spans: BusySpan[] = await repo.busySpansInRange(db, ownerId, from, to, exceptId);
  for (const series of await repo.openSeriesBookedBefore(db, ownerId, to)) {
    const starts = occurrenceStarts(series, { openUntil: toLocalStart(to, series.timeZone), after: toLocalStart(series.bookedUntil!, series.timeZone) });
    for (const local of starts) {
      const startsAt = toInstant(local, series.timeZone);
      const endsAt = new Date(startsAt.getTime() + series.durationMinutes * MINUTE);
      if (startsAt < to && endsAt > from) spans.push({ startsAt, endsAt });
    }
  }
  return spans;
}

/**
 * Runs `work` in a transaction that holds the owner's agenda (no other booking of the owner runs
 * meanwhile), so a booking checks its slot is free and takes it as one step.
 */
export async function inOwnerAgenda<T>(ctx: Context, ownerId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockOwnerAgenda(tx, ownerId);
    return work(tx);
  });
}

/** A booking from the public page: one appointment, 'scheduled' or 'requested' (awaiting approval), in the caller's transaction. */
export async function insertBookedAppointment(
  tx: Tx,
  booking: { ownerId: string; patientId: string; startsAt: Date; endsAt: Date; modality: AppointmentRow['modality']; status: 'scheduled' | 'requested'; feeCents: number },
): Promise<AppointmentRow> {
  // Made by the patient on the public page, not by a session: nothing for the access log.
  return repo.insertAppointment(tx, booking);
}

/** After a booking commits: its reminder is queued at once when already due. */
export async function afterBooking(ctx: Context, ownerId: string): Promise<void> {
  await queueDueRemindersLogged(ctx, ownerId);
}

/**
 * The professional's answer to a booking awaiting approval: 'scheduled' when accepted, cancelled
 * when declined; 409 when it is not (or no longer) awaiting approval.
 */
export async function decideRequested(ctx: Context, ownerId: string, id: string, accept: boolean): Promise<{ appointment: Appointment; row: AppointmentRow }> {
  const { appointment: row, patientName } = await ownedAppointment(ctx, ownerId, id);
  if (row.status !== 'requested') throw new AppError('BOOKING_NOT_REQUESTED');
  const changes = accept ? { status: 'scheduled' as const } : { status: 'cancelled' as const, cancellationReason: null };
  const updated = await repo.updateIfStatus(ctx.db, row.id, 'requested', changes, ctx.clock.now());
  if (!updated) throw new AppError('BOOKING_NOT_REQUESTED');
  noteAppointment(updated, 'update');
  if (accept) await queueDueRemindersLogged(ctx, ownerId);
  return { appointment: toAppointment(updated, patientName), row: updated };
}

// ---- the patient's portal ----

/** The patient's appointments (rows), by start: what the portal shows them. */
export async function patientAppointmentRows(ctx: Pick<Context, 'db'>, ownerId: string, patientId: string): Promise<AppointmentRow[]> {
  return (await repo.listOfPatient(ctx.db, ownerId, patientId)).map((row) => row.appointment);
}

/** Confirms or cancels an open appointment for its patient (409 once closed); a cancellation is told to the professional. */
export async function answerForPatient(ctx: Context, row: AppointmentRow, answer: { status: 'confirmed' } | { status: 'cancelled'; reason: string | null }): Promise<AppointmentRow> {
  if (!isOpen(row.status) && row.status !== 'requested') throw closedByProfessional(row.status);
  const changes = answer.status === 'cancelled' ? { status: 'cancelled' as const, cancellationReason: answer.reason } : { status: 'confirmed' as const };
  const updated = await repo.updateIfStatus(ctx.db, row.id, row.status, changes, ctx.clock.now());
  if (!updated) throw closedByProfessional((await repo.findStatus(ctx.db, row.id)) ?? 'cancelled');
  if (answer.status === 'cancelled') await ctx.jobs.send(CANCELLATION_NOTICE_JOB, { appointmentId: row.id });
  return updated;
}

/** Moves an appointment for its patient, in the caller's transaction (which holds the owner's agenda); its reminder is due again. */
export async function moveForPatient(tx: Tx, row: AppointmentRow, times: { startsAt: Date; endsAt: Date }, now: Date): Promise<AppointmentRow | undefined> {
  return repo.updateIfStatus(tx, row.id, row.status, { ...times, ...reminderReset }, now);
}
