import { fullNameOf } from '@consultorio/shared';
import { AppError } from '../../platform/errors';
import { type PatientRow } from '../patients/patients.service';
import type { AppointmentRow } from './finance.mapping';

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
export function checkSessions(rows: readonly AppointmentRow[], ids: readonly string[], patientId: string): void {
  if (rows.length !== ids.length) throw new AppError('APPOINTMENT_NOT_FOUND');
  if (rows.some((row) => row.patientId !== patientId)) throw new AppError('APPOINTMENTS_NOT_PATIENTS');
  if (!rows.every(isOwed)) throw new AppError('APPOINTMENT_NOT_CHARGEABLE');
}

/** Who a receipt names as payer: the 'Responsável financeiro' when set, else the patient. */
export function payerOf(patient: PatientRow): { payerName: string; payerDocument: string | null } {
  return patient.payerName ? { payerName: patient.payerName, payerDocument: patient.payerDocument } : { payerName: fullNameOf(patient), payerDocument: patient.document };
}
