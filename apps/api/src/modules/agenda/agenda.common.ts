import { type Appointment, type PaymentStatus } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './agenda.repository';
import type { AppointmentRow } from './agenda.repository';

export type { AppointmentRow };

export const MINUTE = 60_000;
export const DAY = 86_400_000;

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
export function paymentStatusOf(feeCents: number, paidCents: number, current: PaymentStatus, requested?: 'pending' | 'waived'): PaymentStatus {
  if (requested === 'waived' || (requested === undefined && current === 'waived')) return 'waived';
  return feeCents > 0 && paidCents >= feeCents ? 'paid' : 'pending';
}

export function noteAppointment(row: Pick<AppointmentRow, 'id' | 'patientId'>, action: 'create' | 'update' | 'delete' | 'read'): void {
  noteAccess({ patientId: row.patientId, action, entityType: 'appointment', entityId: row.id });
}

/**
 * What a changed time means for the reminders: new ones are due for the new time (each reminder
 * is claimed for one start), and the links already sent keep working.
 */
export const reminderReset = { reminderSentAt: null, reminderError: null } as const;

export function isOpen(status: AppointmentRow['status']): boolean {
  return status === 'scheduled' || status === 'confirmed';
}

export async function ownedAppointment(ctx: Context, ownerId: string, id: string) {
  const found = await repo.findOwned(ctx.db, ownerId, id);
  if (!found) throw new AppError('APPOINTMENT_NOT_FOUND');
  return found;
}
