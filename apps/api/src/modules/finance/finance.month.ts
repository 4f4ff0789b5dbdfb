import { paymentMethods, searchKey, type ByMethod, type FinanceSummary, type PatientFinance, type Payment, type PendingPatient } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { ownedPatient } from '../patients/patients.service';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './finance.repository';
import { isDue, toPendingSession, withAllocations } from './finance.mapping';
import { monthRange } from './finance.days';

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

/**
 * The month's sessions still owed, by patient (in name order), each patient's oldest first. A
 * patient's balance counts the sessions due (`isDue`), as on the patient's page: a session ahead is
 * listed (it may be paid in advance) but owes nothing yet.
 */
export async function getPending(ctx: Context, owner: SessionUser, month: string): Promise<PendingPatient[]> {
  const range = monthRange(month, owner.timeZone);
  const now = ctx.clock.now();
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
    if (isDue(appointment, now)) entry.balanceCents += balance;
    entry.sessions.push(toPendingSession(appointment, balance, now));
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
    balanceCents: owed.filter(({ appointment }) => isDue(appointment, now)).reduce((sum, { balance }) => sum + balance, 0),
    sessions: owed.map(({ appointment, balance }) => toPendingSession(appointment, balance, now)),
    payments: await withAllocations(ctx, payments),
  };
}

/** Every payment of the patient with what it paid (the caller has checked the patient is the owner's), for the export. */
export async function exportPayments(ctx: Context, ownerId: string, patientId: string): Promise<Payment[]> {
  return withAllocations(ctx, await repo.lastPaymentsOf(ctx.db, ownerId, patientId));
}
