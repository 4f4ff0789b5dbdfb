import type { Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import * as repo from './agenda.repository';
import type { AppointmentRow } from './agenda.repository';
import { reminderReset, isOpen } from './agenda.common';
import { CANCELLATION_NOTICE_JOB } from './agenda.reminders';
import { closedByProfessional } from './agenda.patient-link';

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
