import { type Appointment } from '@consultorio/shared';
import type { Db, Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './agenda.repository';
import type { AppointmentRow } from './agenda.repository';
import { occurrenceStarts, toInstant, toLocalStart } from './recurrence';
import { MINUTE, toAppointment, noteAppointment, ownedAppointment } from './agenda.common';
import { queueDueRemindersLogged } from './agenda.reminders';

// ---- bookings from the public page (the booking module) ----

/** The appointment a booking made, while it stands (not cancelled), or null. */
export async function standingBookedAppointment(ctx: Pick<Context, 'db'>, ownerId: string, id: string): Promise<AppointmentRow | null> {
  const found = await repo.findOwned(ctx.db, ownerId, id);
  return found && found.appointment.status !== 'cancelled' ? found.appointment : null;
}

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
