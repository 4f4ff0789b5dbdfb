import { limits, type PublicAppointment } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import { countAttempt } from '../throttling/throttling.service';
import * as repo from './agenda.repository';
import type { AppointmentRow } from './agenda.repository';
import { CANCELLATION_NOTICE_JOB } from './agenda.reminders';

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
export function closedByProfessional(status: AppointmentRow['status']): AppError {
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
