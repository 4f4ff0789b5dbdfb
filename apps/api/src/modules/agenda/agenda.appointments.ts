import { fullNameOf, isDayInRange, limits, messages, type Appointment, type AppointmentCreate, type AppointmentSummary, type AppointmentUpdate, type ChangeScope } from '@consultorio/shared';
import type { Tx } from '../../db/client';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { ownedPatient } from '../patients/patients.service';
import type { SessionUser } from '../sessions/sessions.service';
import { type PatientNotice } from './agenda.mails';
import * as repo from './agenda.repository';
import type { AppointmentRow, NewAppointment, SeriesRow } from './agenda.repository';
import { dayBefore, occurrenceStarts, shiftLocal, toInstant, toLocalStart, type LocalStart, type SeriesRule } from './recurrence';
import { MINUTE, DAY, toAppointment, paymentStatusOf, noteAppointment, reminderReset, isOpen, ownedAppointment } from './agenda.common';
import { PATIENT_NOTICE_JOB, type PatientNoticeJob, queueDueRemindersLogged } from './agenda.reminders';

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
