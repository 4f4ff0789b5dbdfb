import {
  availabilityRequest,
  fullNameOf,
  limits,
  messages,
  patientCreateRequest,
  professionalNameOf,
  type Appointment,
  type Availability,
  type AvailabilitySettings,
  type BookedAppointment,
  type BookingProfile,
  type BookingRequest,
  type BookingSlot,
} from '@consultorio/shared';
import type { AccessActor, AccessEntry } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { formatMailDateTime } from '../../platform/mail/render';
import { hashToken, newToken } from '../../platform/tokens';
import { writeEntries } from '../audit/audit.service';
import { afterBooking, busySpans, decideRequested, inOwnerAgenda, insertBookedAppointment, moveForPatient, patientAppointmentRows, standingBookedAppointment, type AppointmentRow } from '../agenda/agenda.service';
import { createForm } from '../forms/forms.service';
import { sendForm } from '../measurement/measurement.service';
import { findOrCreateBookedPatient, ownedPatient } from '../patients/patients.service';
import { findUsableTemplate } from '../qa-templates/qa-templates.service';
import { countAttempt } from '../throttling/throttling.service';
import { findBookingProfessional, findUserById, type UserRow } from '../users/users.service';
import { sendConfirmationMail, sendNotice } from './booking.mails';
import * as repo from './booking.repository';
import type { BookingSettingsRow } from './booking.repository';
import { dayOf, freeSlots, isClear, spanOfDays } from './booking.slots';

const MINUTE = 60_000;
/** How long a slot asked for is held for its confirmation. */
const HOLD_MINUTES = 30;
const m = messages.booking.mail;

/** The availability before the first save: no weekly hours (so no slots), the usual session. */
const defaultAvailability: AvailabilitySettings = {
  ...availabilityRequest.parse({
    weekly: [],
    sessionMinutes: 50,
    bufferMinutes: 10,
    minNoticeHours: 24,
    maxDaysAhead: 60,
    modalities: ['in_person'],
    requiresApproval: false,
    cancellationNoticeHours: 24,
  }),
  intakeTemplateId: null,
};

function toAvailability(row: BookingSettingsRow | undefined): AvailabilitySettings {
  if (!row) return defaultAvailability;
  const { weekly, sessionMinutes, bufferMinutes, minNoticeHours, maxDaysAhead, modalities, requiresApproval, cancellationNoticeHours, intakeTemplateId } = row;
  return { weekly, sessionMinutes, bufferMinutes, minNoticeHours, maxDaysAhead, modalities, requiresApproval, cancellationNoticeHours, intakeTemplateId };
}

export async function getAvailability(ctx: Pick<Context, 'db'>, userId: string): Promise<AvailabilitySettings> {
  return toAvailability(await repo.findSettings(ctx.db, userId));
}

export async function updateAvailability(ctx: Context, userId: string, availability: Availability): Promise<AvailabilitySettings> {
  // The intake questionnaire must be one of the professional's templates (or the library's): 404 for another's.
  if (availability.intakeTemplateId && !(await findUsableTemplate(ctx, userId, availability.intakeTemplateId))) throw new AppError('TEMPLATE_NOT_FOUND');
  const weekly = [...availability.weekly].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  return toAvailability(await repo.saveSettings(ctx.db, userId, { ...availability, weekly }, ctx.clock.now()));
}

// ---- the public page ----

/** Calls to the public page per address per minute, and requests per address and per e-mail per hour. */
const PAGE_CALLS_PER_MINUTE = 120;
const REQUESTS_PER_ADDRESS_PER_HOUR = 30;
const REQUESTS_PER_EMAIL_PER_HOUR = 5;

async function limit(ctx: Context, key: string, max: number, windowSeconds: number): Promise<void> {
  if ((await countAttempt(ctx, key, windowSeconds)) > max) throw new AppError('TOO_MANY_REQUESTS');
}

async function professionalAt(ctx: Context, slug: string, ip: string): Promise<UserRow> {
  await limit(ctx, `booking-page:${ip}`, PAGE_CALLS_PER_MINUTE, 60);
  const professional = await findBookingProfessional(ctx, slug);
  if (!professional) throw new AppError('BOOKING_PAGE_NOT_FOUND');
  return professional;
}

export async function getBookingProfile(ctx: Context, slug: string, ip: string): Promise<BookingProfile> {
  const professional = await professionalAt(ctx, slug, ip);
  const availability = await getAvailability(ctx, professional.id);
  return {
    name: professionalNameOf(professional),
    profession: professional.profession,
    professionalRegistration: professional.professionalRegistration,
    modalities: availability.modalities,
    timeZone: professional.timeZone,
    sessionMinutes: availability.sessionMinutes,
    maxDaysAhead: availability.maxDaysAhead,
  };
}

async function slotsOf(ctx: Context, professional: UserRow, availability: Availability, days: { from: string; to: string }): Promise<BookingSlot[]> {
  const { start, end } = spanOfDays(days.from, days.to);
  const busy = await busySpans(ctx.db, professional.id, start, end);
  return freeSlots(availability, professional.timeZone, days, busy, ctx.clock.now());
}

export async function listSlots(ctx: Context, slug: string, days: { from: string; to: string }, ip: string): Promise<BookingSlot[]> {
  const professional = await professionalAt(ctx, slug, ip);
  return slotsOf(ctx, professional, await getAvailability(ctx, professional.id), days);
}

/**
 * Holds a free slot for the person and mails them the link that confirms it; 409 when the slot
 * is not one of the free ones (taken, outside the hours, the notice or the horizon).
 */
export async function requestBooking(ctx: Context, slug: string, request: BookingRequest, ip: string): Promise<void> {
  await limit(ctx, `booking-request-ip:${ip}`, REQUESTS_PER_ADDRESS_PER_HOUR, 3600);
  await limit(ctx, `booking-request-email:${request.email}`, REQUESTS_PER_EMAIL_PER_HOUR, 3600);
  const professional = await professionalAt(ctx, slug, ip);
  const availability = await getAvailability(ctx, professional.id);
  const startsAt = new Date(request.startsAt);
  const day = dayOf(startsAt, professional.timeZone);
  const free = await slotsOf(ctx, professional, availability, { from: day, to: day });
  const slot = free.find((item) => Date.parse(item.startsAt) === startsAt.getTime() && item.modality === request.modality);
  if (!slot) throw new AppError('BOOKING_SLOT_TAKEN');
  const now = ctx.clock.now();
  const held = await repo.insertRequest(ctx.db, {
    ownerId: professional.id,
    startsAt,
    endsAt: new Date(slot.endsAt),
    modality: request.modality,
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    cc: request.cc,
    phone: request.phone,
    country: request.country,
    document: request.document ?? null,
    // No link works until the mail's job gives the request its own.
    tokenHash: hashToken(newToken()),
    expiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE),
  });
  await ctx.jobs.send(BOOKING_LINK_JOB, { requestId: held.id });
}

/**
 * The booking as its confirmation page shows it. The place of an in-person session is said once
 * the session is booked, as its reminder will: not while it awaits the professional's approval
 * (who may want to screen first), since the public page never shows the office's address.
 */
function toBooked(row: AppointmentRow, professional: UserRow, alreadyConfirmed = false): BookedAppointment {
  return {
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: professional.timeZone,
    modality: row.modality,
    status: row.status === 'requested' ? 'requested' : 'scheduled',
    professionalName: professionalNameOf(professional),
    location: row.modality === 'in_person' && row.status !== 'requested' ? (row.location ?? professional.officeAddress) : null,
    alreadyConfirmed,
  };
}

/**
 * The booking in the professional's access log, with the patient's address: the patient created
 * (when new), the privacy terms they accepted to book (their recorded consent), the appointment.
 */
async function logBooking(ctx: Context, actor: AccessActor, patientId: string, appointmentId: string, created: boolean): Promise<void> {
  const entries: AccessEntry[] = [
    ...(created ? [{ patientId, action: 'create' as const, entityType: 'patient' as const, entityId: patientId }] : []),
    { patientId, action: 'consent', entityType: 'booking-terms', entityId: appointmentId },
    { patientId, action: 'create', entityType: 'appointment', entityId: appointmentId },
  ];
  await writeEntries(ctx, actor, entries);
}

/** A link already used (the patient opened the mail again): the booking it made, while it stands. */
async function alreadyBooked(ctx: Context, tokenHash: string): Promise<BookedAppointment | null> {
  const used = await repo.findConfirmedByToken(ctx.db, tokenHash, ctx.clock.now());
  if (!used?.appointmentId) return null;
  const [professional, appointment] = await Promise.all([findUserById(ctx, used.ownerId), standingBookedAppointment(ctx, used.ownerId, used.appointmentId)]);
  return professional && appointment ? toBooked(appointment, professional, true) : null;
}

/**
 * The link confirms the request: in one transaction holding the professional's agenda, the slot
 * is checked free (409 when it was taken meanwhile), the patient found by the confirmed e-mail or
 * created, and the appointment booked ('requested' when the professional approves each booking).
 */
export async function confirmBooking(ctx: Context, token: string, ip: string): Promise<BookedAppointment> {
  await limit(ctx, `booking-confirm:${ip}`, PAGE_CALLS_PER_MINUTE, 60);
  const tokenHash = hashToken(token);
  const pending = await repo.findPendingByToken(ctx.db, tokenHash, ctx.clock.now());
  if (!pending) {
    const booked = await alreadyBooked(ctx, tokenHash);
    if (booked) return booked;
    throw new AppError('BOOKING_LINK_INVALID');
  }
  const professional = await findUserById(ctx, pending.ownerId);
  if (!professional) throw new AppError('BOOKING_LINK_INVALID');
  const availability = await getAvailability(ctx, professional.id);
  const buffer = availability.bufferMinutes * MINUTE;
  const booked = await inOwnerAgenda(ctx, professional.id, async (tx) => {
    const now = ctx.clock.now();
    const request = await repo.findPendingByToken(tx, tokenHash, now);
    if (!request) throw new AppError('BOOKING_LINK_INVALID');
    const busy = await busySpans(tx, professional.id, new Date(request.startsAt.getTime() - buffer), new Date(request.endsAt.getTime() + buffer));
    if (request.startsAt <= now || !isClear(request, busy, availability.bufferMinutes)) {
      throw new AppError('BOOKING_SLOT_TAKEN');
    }
    const person = patientCreateRequest.parse({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      cc: request.cc,
      phone: request.phone,
      country: request.country,
      document: request.document,
    });
    const { patient, created } = await findOrCreateBookedPatient(tx, professional.id, person, now);
    const appointment = await insertBookedAppointment(tx, {
      ownerId: professional.id,
      patientId: patient.id,
      startsAt: request.startsAt,
      endsAt: request.endsAt,
      modality: request.modality,
      status: availability.requiresApproval ? 'requested' : 'scheduled',
      feeCents: patient.sessionFeeCents ?? 0,
    });
    const keepUntil = new Date(Math.max(appointment.endsAt.getTime(), request.expiresAt.getTime()));
    if (!(await repo.claimRequest(tx, request.id, appointment.id, now, keepUntil))) throw new AppError('BOOKING_LINK_INVALID');
    await logBooking({ ...ctx, db: tx }, { userId: professional.id, ip }, patient.id, appointment.id, created);
    return { appointment, patientName: fullNameOf(patient), created };
  });
  const when = formatMailDateTime(booked.appointment.startsAt, professional.timeZone);
  const body = booked.appointment.status === 'requested' ? m.newRequestBody(booked.patientName, when) : m.newBookingBody(booked.patientName, when);
  await ctx.jobs.send(BOOKING_NOTICE_JOB, { to: { email: professional.email, firstName: professional.firstName }, subject: m.newBookingSubject, body });
  await afterBooking(ctx, professional.id);
  // A booking awaiting approval gets its questionnaire once accepted.
  if (booked.appointment.status === 'scheduled') await queueIntake(ctx, professional.id, booked.appointment.patientId, booked.appointment.id);
  return toBooked(booked.appointment, professional);
}

// ---- the patient's portal ----

/**
 * The free slots the patient's appointment may move to between two days (the appointment itself
 * not counted busy): one per start, in the appointment's modality.
 */
export async function slotsToMove(ctx: Context, professional: UserRow, row: AppointmentRow, days: { from: string; to: string }): Promise<BookingSlot[]> {
  const availability = await getAvailability(ctx, professional.id);
  const { start, end } = spanOfDays(days.from, days.to);
  const busy = await busySpans(ctx.db, professional.id, start, end, row.id);
  const starts = new Set<string>();
  const slots: BookingSlot[] = [];
  for (const slot of freeSlots(availability, professional.timeZone, days, busy, ctx.clock.now())) {
    if (starts.has(slot.startsAt)) continue;
    starts.add(slot.startsAt);
    slots.push({ ...slot, modality: row.modality });
  }
  return slots;
}

/**
 * Moves the patient's appointment to another free slot of the professional's page (409 when it
 * is not one), checked again and taken while holding the professional's agenda.
 */
export async function rescheduleAppointment(ctx: Context, professional: UserRow, row: AppointmentRow, startsAt: Date): Promise<AppointmentRow> {
  const availability = await getAvailability(ctx, professional.id);
  const day = dayOf(startsAt, professional.timeZone);
  const { start, end } = spanOfDays(day, day);
  const free = freeSlots(availability, professional.timeZone, { from: day, to: day }, await busySpans(ctx.db, professional.id, start, end, row.id), ctx.clock.now());
  const slot = free.find((item) => Date.parse(item.startsAt) === startsAt.getTime());
  if (!slot) throw new AppError('BOOKING_SLOT_TAKEN');
  const times = { startsAt, endsAt: new Date(slot.endsAt) };
  const buffer = availability.bufferMinutes * MINUTE;
  const moved = await inOwnerAgenda(ctx, professional.id, async (tx) => {
    const busy = await busySpans(tx, professional.id, new Date(startsAt.getTime() - buffer), new Date(times.endsAt.getTime() + buffer), row.id);
    if (!isClear(times, busy, availability.bufferMinutes)) throw new AppError('BOOKING_SLOT_TAKEN');
    return moveForPatient(tx, row, times, ctx.clock.now());
  });
  if (!moved) throw new AppError('APPOINTMENT_CLOSED');
  await afterBooking(ctx, professional.id);
  return moved;
}

// ---- the professional's decision ----

/** 'Aceitar' or 'Recusar' a booking awaiting approval; its patient is told by e-mail. */
export async function decideBooking(ctx: Context, owner: UserRow, id: string, accept: boolean): Promise<Appointment> {
  const { appointment, row } = await decideRequested(ctx, owner.id, id, accept);
  const patient = await ownedPatient(ctx, owner.id, row.patientId);
  if (accept) await queueIntake(ctx, owner.id, patient.id, row.id);
  if (patient.email) {
    const professional = professionalNameOf(owner);
    const when = formatMailDateTime(row.startsAt, owner.timeZone);
    const notice = accept
      ? { subject: m.acceptedSubject, body: m.acceptedBody(professional, when) }
      : { subject: m.declinedSubject, body: m.declinedBody(professional, when) };
    await ctx.jobs.send(BOOKING_NOTICE_JOB, { to: { email: patient.email, firstName: patient.firstName }, ...notice });
  }
  return appointment;
}

// ---- jobs and purge ----

const BOOKING_LINK_JOB = 'mail.booking-link';
const BOOKING_NOTICE_JOB = 'mail.booking-notice';
const INTAKE_JOB = 'booking.intake';

interface IntakeRequest {
  ownerId: string;
  patientId: string;
  appointmentId: string;
}

async function queueIntake(ctx: Context, ownerId: string, patientId: string, appointmentId: string): Promise<void> {
  if ((await repo.findSettings(ctx.db, ownerId))?.intakeTemplateId) await ctx.jobs.send(INTAKE_JOB, { ownerId, patientId, appointmentId } satisfies IntakeRequest);
}

/**
 * The intake questionnaire after a patient's first booking (the booked appointment is their only
 * one): a form of the template chosen in the booking settings is made and mailed to the patient
 * through the forms' own path (`createForm`, then `sendForm`'s link mail).
 */
async function sendIntake(ctx: Context, { ownerId, patientId, appointmentId }: IntakeRequest): Promise<void> {
  const settings = await repo.findSettings(ctx.db, ownerId);
  const template = settings?.intakeTemplateId ? await findUsableTemplate(ctx, ownerId, settings.intakeTemplateId) : undefined;
  if (!template) return;
  const appointments = await patientAppointmentRows(ctx, ownerId, patientId);
  if (appointments.some((row) => row.id !== appointmentId)) return;
  const { form } = await createForm(ctx, ownerId, patientId, { name: template.name.slice(0, limits.itemNameMax), qaTemplateId: template.id });
  await sendForm(ctx, ownerId, form.id, null);
}

interface BookingNotice {
  to: { email: string; firstName: string };
  subject: string;
  body: string;
}

export function defineBookingJobs(ctx: Context): void {
  ctx.jobs.define<{ requestId: string }>(BOOKING_LINK_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const token = newToken();
        const request = await repo.setRequestToken(ctx.db, data.requestId, hashToken(token), ctx.clock.now());
        const professional = request ? await findUserById(ctx, request.ownerId) : undefined;
        if (!request || !professional) return;
        await sendConfirmationMail(
          ctx,
          { email: request.email, firstName: request.firstName },
          { professional: professionalNameOf(professional), startsAt: request.startsAt, timeZone: professional.timeZone },
          token,
        );
      }),
  });
  ctx.jobs.define<IntakeRequest>(INTAKE_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => sendIntake(ctx, data)),
  });
  ctx.jobs.define<BookingNotice>(BOOKING_NOTICE_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => sendNotice(ctx, data.to, data)),
  });
}

/** Holds not confirmed within their 30 minutes expire (and confirmed requests are no longer needed). */
export async function purgeExpiredRequests(ctx: Context): Promise<void> {
  await repo.deleteExpiredRequests(ctx.db, ctx.clock.now());
}
