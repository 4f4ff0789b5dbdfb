import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appointments } from '../agenda/agenda.tables';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';
import { paymentAllocations, payments, pixCharges, receiptCounters } from './finance.tables';
import { mailProfessionalColumns } from '../../db/selections';

export type PaymentRow = typeof payments.$inferSelect;
export type AllocationRow = typeof paymentAllocations.$inferSelect;
export type PixChargeRow = typeof pixCharges.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;
type PatientGender = (typeof patients.$inferSelect)['gender'];

/**
 * A session still owed: a fee above what was paid, not waived, and held or to be held (a
 * cancelled or missed one only when marked 'cobrar falta'). The first two conditions are those
 * of the partial index `appointments_unpaid_idx`.
 */
const owed = and(
  eq(appointments.paymentStatus, 'pending'),
  sql`${appointments.feeCents} > ${appointments.paidCents}`,
  sql`(${appointments.status} not in ('cancelled', 'no_show') or ${appointments.chargeMissed})`,
)!;

const balance = sql<number>`(${appointments.feeCents} - ${appointments.paidCents})::int`;
const patientName = sql<string>`trim(${patients.firstName} || ' ' || coalesce(${patients.lastName}, ''))`;
/** Where money matters go: the 'Responsável financeiro''s e-mail when set, else the patient's. */
const billingEmail = sql<string | null>`coalesce(${patients.payerEmail}, ${patients.email})`;

/** The owner's appointments among `ids`, locked for a payment, oldest first. */
export async function lockAppointments(tx: Tx, ownerId: string, ids: readonly string[]): Promise<AppointmentRow[]> {
  return tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.ownerId, ownerId), inArray(appointments.id, [...ids])))
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .for('update');
}

export async function findAppointments(db: Db, ownerId: string, ids: readonly string[]): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.ownerId, ownerId), inArray(appointments.id, [...ids])))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** The next number of the owner's receipt sequence (the row lock makes concurrent payments take one each). */
export async function takeReceiptNumber(tx: Tx, ownerId: string): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ userId: ownerId, lastReceiptNumber: 1 })
    .onConflictDoUpdate({ target: receiptCounters.userId, set: { lastReceiptNumber: sql`${receiptCounters.lastReceiptNumber} + 1` } })
    .returning({ number: receiptCounters.lastReceiptNumber });
  return row!.number;
}

export async function insertPayment(tx: Tx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

/** Each session's share of a payment, in one statement, in the order given (the sessions' order). */
export async function insertAllocations(
  tx: Tx,
  paymentId: string,
  shares: ReadonlyArray<{ appointment: Pick<AppointmentRow, 'id' | 'startsAt' | 'feeCents'>; amountCents: number }>,
): Promise<AllocationRow[]> {
  if (shares.length === 0) return [];
  const rows = await tx
    .insert(paymentAllocations)
    .values(shares.map(({ appointment, amountCents }) => ({ paymentId, appointmentId: appointment.id, startsAt: appointment.startsAt, amountCents, feeCents: appointment.feeCents })))
    .returning();
  const order = new Map(shares.map(({ appointment }, index) => [appointment.id, index]));
  return rows.sort((a, b) => (order.get(a.appointmentId ?? '') ?? 0) - (order.get(b.appointmentId ?? '') ?? 0));
}

export async function allocationsOf(db: Db | Tx, paymentIds: readonly string[]): Promise<AllocationRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(paymentAllocations)
    .where(inArray(paymentAllocations.paymentId, [...paymentIds]))
    .orderBy(asc(paymentAllocations.startsAt));
}

export async function findPayment(db: Db, ownerId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.ownerId, ownerId)));
  return row;
}

/** The owner's payments dated from `fromDay` (inclusive) to `toDay` (exclusive), by receipt number. */
export async function listPayments(db: Db, ownerId: string, fromDay: string, toDay: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), gte(payments.paidOn, fromDay), lt(payments.paidOn, toDay)))
    .orderBy(asc(payments.paidOn), asc(payments.receiptNumber));
}

/** The patient's payments, latest first; all of them when no limit is given. */
export async function lastPaymentsOf(db: Db, ownerId: string, patientId: string, limit?: number): Promise<PaymentRow[]> {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), eq(payments.patientId, patientId)))
    .orderBy(desc(payments.paidOn), desc(payments.receiptNumber));
  return limit === undefined ? query : query.limit(limit);
}

/** The month's payments summed by method; cancelled receipts count for nothing. */
export async function receivedByMethod(db: Db, ownerId: string, fromDay: string, toDay: string) {
  return db
    .select({ method: payments.method, cents: sql<number>`sum(${payments.amountCents})::int`, count: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), gte(payments.paidOn, fromDay), lt(payments.paidOn, toDay), isNull(payments.voidedAt)))
    .groupBy(payments.method);
}

/** The owner's payment, locked while it is cancelled. */
export async function lockPayment(tx: Tx, ownerId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.ownerId, ownerId)))
    .for('update');
  return row;
}

/** A payment's shares of the sessions that still exist. */
export async function sharesOf(tx: Tx, paymentId: string): Promise<Array<{ appointmentId: string; amountCents: number }>> {
  const rows = await tx
    .select({ appointmentId: paymentAllocations.appointmentId, amountCents: paymentAllocations.amountCents })
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.paymentId, paymentId), isNotNull(paymentAllocations.appointmentId)));
  return rows.map((row) => ({ appointmentId: row.appointmentId!, amountCents: row.amountCents }));
}

export async function markVoided(tx: Tx, id: string, values: { voidedAt: Date; voidReason: string }): Promise<PaymentRow> {
  const [row] = await tx.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row!;
}

/** The owner's sessions still owed that start in [from, to), with their patient, oldest first. */
export async function owedInRange(db: Db, ownerId: string, from: Date, to: Date) {
  return db
    .select({
      appointment: appointments,
      balance,
      patient: { id: patients.id, name: patientName, payerName: patients.payerName, email: billingEmail },
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(eq(appointments.ownerId, ownerId), owed, gte(appointments.startsAt, from), lt(appointments.startsAt, to)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** What the month's sessions still owe, in one sum. */
export async function owedSumInRange(db: Db, ownerId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${balance}), 0)::int` })
    .from(appointments)
    .where(and(eq(appointments.ownerId, ownerId), owed, gte(appointments.startsAt, from), lt(appointments.startsAt, to)));
  return row?.cents ?? 0;
}

/** What every session due by `now` still owes (held, or a charged cancellation or absence: `isDue`), and how many patients owe it ('A receber'). */
export async function receivable(db: Db, ownerId: string, now: Date): Promise<{ cents: number; patients: number }> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${balance}), 0)::int`, patients: sql<number>`count(distinct ${appointments.patientId})::int` })
    .from(appointments)
    .where(and(eq(appointments.ownerId, ownerId), owed, sql`(${appointments.startsAt} <= ${now.toISOString()}::timestamptz or ${appointments.status} in ('cancelled', 'no_show'))`));
  return { cents: row?.cents ?? 0, patients: row?.patients ?? 0 };
}

/** Every session of one patient still owed, oldest first. */
export async function owedByPatient(db: Db, ownerId: string, patientId: string) {
  return db
    .select({ appointment: appointments, balance })
    .from(appointments)
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.patientId, patientId), owed))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** What decides whether the professional must issue receipts in Receita Saúde. */
export async function findTaxProfile(db: Db, id: string) {
  const [row] = await db
    .select({ taxpayerType: users.taxpayerType, occupationCode: users.occupationCode, profession: users.profession })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function updateReceitaSaude(
  tx: Tx,
  id: string,
  values: Pick<typeof payments.$inferInsert, 'payerDocument' | 'patientDocument' | 'receitaSaudeStatus' | 'receitaSaudeIssuedOn' | 'receitaSaudeNumber'>,
): Promise<PaymentRow> {
  const [row] = await tx.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row!;
}

/** The payments the Carnê-Leão file of those days carried (pending, not cancelled, both CPFs, registered by then), marked issued. */
export async function markReceitaSaudeIssued(
  db: Db,
  ownerId: string,
  range: { fromDay: string; toDay: string; registeredBy: Date },
  issuedOn: string,
): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ receitaSaudeStatus: 'issued', receitaSaudeIssuedOn: issuedOn })
    .where(
      and(
        eq(payments.ownerId, ownerId),
        eq(payments.receitaSaudeStatus, 'pending'),
        isNull(payments.voidedAt),
        isNotNull(payments.payerDocument),
        isNotNull(payments.patientDocument),
        gte(payments.paidOn, range.fromDay),
        lt(payments.paidOn, range.toDay),
        lte(payments.createdAt, range.registeredBy),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}

/** The professional as a receipt or a Pix charge names them. */
export async function findProfessional(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      ...mailProfessionalColumns,
      document: users.document,
      professionalRegistration: users.professionalRegistration,
      city: users.city,
      officeAddress: users.officeAddress,
      pixKey: users.pixKey,
      taxpayerType: users.taxpayerType,
      cnpj: users.cnpj,
      occupationCode: users.occupationCode,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The patient's gender, for the receipt's words that agree with it; null when not given or the patient is gone. */
export async function findPatientGender(db: Db, ownerId: string, patientId: string | null): Promise<PatientGender> {
  if (!patientId) return null;
  const [row] = await db
    .select({ gender: patients.gender })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.ownerId, ownerId)));
  return row?.gender ?? null;
}

/** The address a receipt goes to by default: the payer's, else the patient's. */
export async function findBillingEmail(db: Db, ownerId: string, patientId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: billingEmail })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.ownerId, ownerId)));
  return row?.email ?? null;
}

export async function insertPixCharge(db: Db, values: typeof pixCharges.$inferInsert): Promise<PixChargeRow> {
  const [row] = await db.insert(pixCharges).values(values).returning();
  return row!;
}

export async function findPixCharge(db: Db, id: string) {
  const [row] = await db
    .select({ charge: pixCharges, patient: { firstName: patients.firstName, lastName: patients.lastName, payerName: patients.payerName } })
    .from(pixCharges)
    .innerJoin(patients, eq(patients.id, pixCharges.patientId))
    .where(eq(pixCharges.id, id));
  return row;
}

/** A payment by id alone, for the mail job (the route already checked its owner). */
export async function findPaymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}
