import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { timestamptzOrNull } from '../../db/columns';
import { mailProfessionalColumns } from '../../db/selections';
import { patients } from '../patients/patients.tables';
import { records } from '../records/records.tables';
import { users } from '../users/users.tables';
import { reminderLeadHoursMax } from '@consultorio/shared';
import { appointmentLinks, appointmentMessages, appointments, appointmentSeries, calendarFeeds } from './agenda.tables';

export type AppointmentRow = typeof appointments.$inferSelect;
export type SeriesRow = typeof appointmentSeries.$inferSelect;
export type NewAppointment = Omit<typeof appointments.$inferInsert, 'id' | 'ownerId' | 'patientId' | 'seriesId'>;

const patientName = sql<string>`trim(${patients.firstName} || ' ' || coalesce(${patients.lastName}, ''))`;
/** The session note written for the appointment (records' unique index on appointment_id serves it). */
const recordId = sql<string | null>`(select ${records.id} from ${records} where ${records.appointmentId} = ${appointments.id})`;

/** The owner's appointments that start before `to` and end after `from`, by start, with their patient's name. */
export async function listInRange(db: Db, ownerId: string, from: Date, to: Date) {
  return db
    .select({ appointment: appointments, patientName, recordId })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(eq(appointments.ownerId, ownerId), lt(appointments.startsAt, to), gt(appointments.endsAt, from)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** Every appointment of the owner's patient, by start, with the patient's name. */
export async function listOfPatient(db: Db, ownerId: string, patientId: string) {
  return db
    .select({ appointment: appointments, patientName, recordId })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.patientId, patientId)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** The patient's appointments that have started by `now`, newest first, with the patient's name and their note. */
export async function listStartedOfPatient(db: Db, ownerId: string, patientId: string, now: Date, limit: number) {
  return db
    .select({ appointment: appointments, patientName, recordId })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.patientId, patientId), lte(appointments.startsAt, now)))
    .orderBy(desc(appointments.startsAt), desc(appointments.id))
    .limit(limit);
}

/** The owner's appointments of the patient among `ids` (those not theirs are left out), by start. */
export async function findOfPatient(db: Db, ownerId: string, patientId: string, ids: readonly string[]): Promise<AppointmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.patientId, patientId), inArray(appointments.id, [...ids])))
    .orderBy(asc(appointments.startsAt));
}

/** Marks the owner's appointment attended if it has started and was still scheduled or confirmed (a note was written for it); answers it when it changed. */
export async function markStartedAttended(tx: Tx, ownerId: string, id: string, now: Date): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({ status: 'attended', updatedAt: now })
    .where(
      and(eq(appointments.id, id), eq(appointments.ownerId, ownerId), lte(appointments.startsAt, now), inArray(appointments.status, ['scheduled', 'confirmed'])),
    )
    .returning();
  return row;
}

export async function findOwned(db: Db | Tx, ownerId: string, id: string) {
  const [row] = await db
    .select({ appointment: appointments, patientName, recordId })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(eq(appointments.id, id), eq(appointments.ownerId, ownerId)));
  return row;
}

/**
 * Whether any of the owner's appointments (not cancelled, not among `except`) overlaps one of
 * the given spans. One query for a whole series.
 */
export async function overlapsAny(
  db: Db | Tx,
  ownerId: string,
  spans: ReadonlyArray<{ startsAt: Date; endsAt: Date }>,
  except: readonly string[] = [],
): Promise<boolean> {
  if (spans.length === 0) return false;
  const conditions = spans.map((span) => and(lt(appointments.startsAt, span.endsAt), gt(appointments.endsAt, span.startsAt)));
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.ownerId, ownerId),
        ne(appointments.status, 'cancelled'),
        except.length > 0 ? notInArray(appointments.id, [...except]) : undefined,
        or(...conditions),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a series and its appointments, or a single appointment (no series); returns the rows by start. */
export async function insertAppointments(
  tx: Tx,
  owner: { ownerId: string; patientId: string },
  series: Omit<typeof appointmentSeries.$inferInsert, 'ownerId' | 'patientId'> | null,
  rows: NewAppointment[],
): Promise<AppointmentRow[]> {
  let seriesId: string | null = null;
  if (series) {
    const [created] = await tx
      .insert(appointmentSeries)
      .values({ ...series, ...owner })
      .returning({ id: appointmentSeries.id });
    seriesId = created!.id;
  }
  const inserted = await tx
    .insert(appointments)
    .values(rows.map((row) => ({ ...row, ...owner, seriesId })))
    .returning();
  return inserted.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** More appointments of an existing series (an open series booked further ahead). */
export async function insertAppointmentsInSeries(tx: Tx, series: Pick<SeriesRow, 'id' | 'ownerId' | 'patientId'>, rows: NewAppointment[]): Promise<void> {
  await tx.insert(appointments).values(rows.map((row) => ({ ...row, ownerId: series.ownerId, patientId: series.patientId, seriesId: series.id })));
}

/** The appointment and the ones after it in its series, by start, locked for a change. */
export async function lockFollowing(tx: Tx, ownerId: string, appointment: AppointmentRow): Promise<AppointmentRow[]> {
  if (!appointment.seriesId) return [appointment];
  return tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.seriesId, appointment.seriesId), gte(appointments.startsAt, appointment.startsAt)))
    .orderBy(asc(appointments.startsAt))
    .for('update');
}

export async function findSeries(db: Db | Tx, ownerId: string, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db
    .select()
    .from(appointmentSeries)
    .where(and(eq(appointmentSeries.id, id), eq(appointmentSeries.ownerId, ownerId)));
  return row;
}

export async function updateAppointment(db: Db | Tx, id: string, changes: Partial<typeof appointments.$inferInsert>, now: Date): Promise<AppointmentRow> {
  const [row] = await db
    .update(appointments)
    .set({ ...changes, updatedAt: now })
    .where(eq(appointments.id, id))
    .returning();
  return row!;
}

/** Appointments by id, locked for a change, in id order (so concurrent changes lock them in the same order). */
export async function lockByIds(tx: Tx, ids: readonly string[]): Promise<AppointmentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(appointments)
    .where(inArray(appointments.id, [...ids]))
    .orderBy(asc(appointments.id))
    .for('update');
}

export async function findStatus(db: Db, id: string): Promise<AppointmentRow['status'] | undefined> {
  const [row] = await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return row?.status;
}

/**
 * A change the patient makes through the link, applied only while the appointment is still open
 * (scheduled or confirmed): checked in the UPDATE itself, so a status the professional sets
 * meanwhile wins. Undefined when it was not open.
 */
export async function updateOpenAppointment(db: Db | Tx, id: string, changes: Partial<typeof appointments.$inferInsert>, now: Date): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(appointments.id, id), inArray(appointments.status, ['scheduled', 'confirmed'])))
    .returning();
  return row;
}

export async function updateSeries(db: Db | Tx, id: string, changes: Partial<typeof appointmentSeries.$inferInsert>): Promise<void> {
  await db.update(appointmentSeries).set(changes).where(eq(appointmentSeries.id, id));
}

export async function insertSeries(db: Db | Tx, values: typeof appointmentSeries.$inferInsert): Promise<SeriesRow> {
  const [row] = await db.insert(appointmentSeries).values(values).returning();
  return row!;
}

export async function deleteAppointments(db: Db | Tx, ownerId: string, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(appointments).where(and(eq(appointments.ownerId, ownerId), inArray(appointments.id, [...ids])));
}

/** For each patient: the next appointment not cancelled, and the counts of attended, missed and cancelled ones. */
export async function summaries(db: Db, ownerId: string, patientIds: readonly string[], now: Date) {
  if (patientIds.length === 0) return [];
  return db
    .select({
      patientId: appointments.patientId,
      nextStartsAt: timestamptzOrNull(
        sql`min(${appointments.startsAt}) filter (where ${appointments.startsAt} > ${now} and ${appointments.status} in ('scheduled', 'confirmed'))`,
      ),
      attended: sql<number>`(count(*) filter (where ${appointments.status} = 'attended'))::int`,
      noShow: sql<number>`(count(*) filter (where ${appointments.status} = 'no_show'))::int`,
      cancelled: sql<number>`(count(*) filter (where ${appointments.status} = 'cancelled'))::int`,
    })
    .from(appointments)
    .where(and(eq(appointments.ownerId, ownerId), inArray(appointments.patientId, [...patientIds])))
    .groupBy(appointments.patientId);
}

// ---- reminders and the messages sent to the patient ----

export type AppointmentMessageRow = typeof appointmentMessages.$inferSelect;

/**
 * Claims the reminders that are due, as rows of `appointment_messages`: for each open appointment
 * still ahead, on the patient's channel (WhatsApp when `whatsapp` is on and the patient opted in
 * with a phone, else e-mail when the patient or their 'Responsável financeiro' has one and the
 * patient has not opted out), the shortest of the professional's lead times for that channel
 * already reached. One INSERT whose unique index takes each (appointment, channel, lead time,
 * start) once, so with several instances each reminder is claimed by one; a reminder whose time
 * passed while a shorter one is due is skipped (booked 1 h ahead, only the last one goes).
 * Returns the new rows' ids.
 */
export async function claimDueReminders(db: Db | Tx, now: Date, options: { whatsapp: boolean; ownerId?: string; limit?: number }): Promise<string[]> {
  const horizon = new Date(now.getTime() + reminderLeadHoursMax * 3_600_000);
  const whatsappChannel = options.whatsapp
    ? sql`${patients.whatsappOptIn} and ${patients.phone} is not null`
    : sql`false`;
  const result = await db.execute<{ id: string }>(sql`
    insert into ${appointmentMessages} (appointment_id, kind, channel, lead_hours, starts_at)
    select due.id, 'reminder', due.channel, due.lead, due.starts_at
    from (
      select ${appointments.id} as id, ${appointments.startsAt} as starts_at, chosen.channel,
        (select min(lead) from unnest(case when chosen.channel = 'whatsapp' then ${users.whatsappReminderLeadHours} else ${users.emailReminderLeadHours} end) as lead
          where ${appointments.startsAt} - make_interval(hours => lead) <= ${now}) as lead
      from ${appointments}
      join ${users} on ${users.id} = ${appointments.ownerId}
      join ${patients} on ${patients.id} = ${appointments.patientId}
      cross join lateral (select case when ${whatsappChannel} then 'whatsapp' else 'email' end as channel) as chosen
      where ${appointments.status} in ('scheduled', 'confirmed')
        and ${appointments.startsAt} > ${now} and ${appointments.startsAt} <= ${horizon}
        ${options.ownerId ? sql`and ${appointments.ownerId} = ${options.ownerId}` : sql``}
        and (chosen.channel = 'whatsapp' or ((${patients.email} is not null or ${patients.payerEmail} is not null) and not ${patients.remindersOptOut}))
      order by ${appointments.startsAt}
      limit ${options.limit ?? 200}
    ) as due
    where due.lead is not null
    on conflict (appointment_id, channel, lead_hours, starts_at) where kind = 'reminder' do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** The rows of a raw query, as both drivers answer them. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

export async function insertMessage(db: Db | Tx, values: typeof appointmentMessages.$inferInsert): Promise<AppointmentMessageRow | undefined> {
  const [row] = await db.insert(appointmentMessages).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findMessage(db: Db | Tx, id: string): Promise<AppointmentMessageRow | undefined> {
  const [row] = await db.select().from(appointmentMessages).where(eq(appointmentMessages.id, id));
  return row;
}

export async function updateMessage(db: Db | Tx, id: string, changes: Partial<typeof appointmentMessages.$inferInsert>): Promise<void> {
  await db.update(appointmentMessages).set(changes).where(eq(appointmentMessages.id, id));
}

export async function deleteMessage(db: Db | Tx, id: string): Promise<void> {
  await db.delete(appointmentMessages).where(eq(appointmentMessages.id, id));
}

/** The messages sent about the appointment, oldest first. */
export async function listMessages(db: Db, appointmentId: string): Promise<AppointmentMessageRow[]> {
  return db.select().from(appointmentMessages).where(eq(appointmentMessages.appointmentId, appointmentId)).orderBy(asc(appointmentMessages.createdAt), asc(appointmentMessages.id));
}

export async function findMessageByTokenHash(db: Db | Tx, tokenHash: string): Promise<AppointmentMessageRow | undefined> {
  const [row] = await db.select().from(appointmentMessages).where(eq(appointmentMessages.tokenHash, tokenHash));
  return row;
}

/** Keeps the patient's answer to a reminder, once: undefined when it already had one. */
export async function answerMessage(db: Db | Tx, id: string, answer: 'confirmed' | 'cancelled', now: Date): Promise<AppointmentMessageRow | undefined> {
  const [row] = await db
    .update(appointmentMessages)
    .set({ answer, answeredAt: now })
    .where(and(eq(appointmentMessages.id, id), isNull(appointmentMessages.answer)))
    .returning();
  return row;
}

/** The order statuses come in: a late 'delivered' never undoes 'read'; 'failed' is final. */
const statusRank = sql`case ${appointmentMessages.status} when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`;
const statusRanks = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 } as const;

/** A status WhatsApp reported for one of the messages sent, applied when it moves the message forward; answers the row when it changed. */
export async function advanceMessageStatus(
  db: Db | Tx,
  providerMessageId: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  error: string | null,
): Promise<AppointmentMessageRow | undefined> {
  const [row] = await db
    .update(appointmentMessages)
    .set({ status, ...(status === 'failed' ? { error } : {}) })
    .where(and(eq(appointmentMessages.providerMessageId, providerMessageId), sql`${statusRank} < ${statusRanks[status]}`))
    .returning();
  return row;
}

/**
 * An appointment with what its mails need: the patient's contact (and their age and guardian's,
 * for a minor) and the professional (with the office, the place of in-person appointments).
 */
export async function findForReminder(db: Db, id: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      patient: {
        firstName: patients.firstName,
        lastName: patients.lastName,
        email: patients.email,
        remindersOptOut: patients.remindersOptOut,
        birthdate: patients.birthdate,
        payerName: patients.payerName,
        payerEmail: patients.payerEmail,
        cc: patients.cc,
        phone: patients.phone,
        whatsappOptIn: patients.whatsappOptIn,
      },
      professional: { ...mailProfessionalColumns, officeAddress: users.officeAddress },
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(users, eq(users.id, appointments.ownerId))
    .where(eq(appointments.id, id));
  return row;
}

/** A new link to the appointment (the hash of the token a mail carries). */
export async function insertLink(db: Db | Tx, appointmentId: string, tokenHash: string): Promise<void> {
  await db.insert(appointmentLinks).values({ appointmentId, tokenHash });
}

/** An appointment by one of its links, as it now is, while the link is good (until the appointment's end). */
export async function findByTokenHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      appointment: appointments,
      professional: { title: users.title, firstName: users.firstName, lastName: users.lastName },
      timeZone: users.timeZone,
    })
    .from(appointmentLinks)
    .innerJoin(appointments, eq(appointments.id, appointmentLinks.appointmentId))
    .innerJoin(users, eq(users.id, appointments.ownerId))
    .where(and(eq(appointmentLinks.tokenHash, tokenHash), gt(appointments.endsAt, now)));
  return row;
}

// ---- series that never end ----

/** Open-ended series booked up to less than `before`. */
export async function seriesToExtend(db: Db, before: Date): Promise<SeriesRow[]> {
  return db.select().from(appointmentSeries).where(and(isNotNull(appointmentSeries.bookedUntil), lt(appointmentSeries.bookedUntil, before)));
}

/** The latest appointment of a series (the one new ones copy their details from). */
export async function latestOfSeries(db: Db | Tx, seriesId: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.seriesId, seriesId)).orderBy(sql`${appointments.startsAt} desc`).limit(1);
  return row;
}

export async function countSeriesAppointments(db: Db | Tx, seriesId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(appointments).where(eq(appointments.seriesId, seriesId));
  return row?.n ?? 0;
}

// ---- the calendar feed ----

export async function findCalendarFeed(db: Db, userId: string) {
  const [row] = await db.select({ token: calendarFeeds.token, fullNames: calendarFeeds.fullNames }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

/**
 * The user's feed, made with `token` when there is none yet: two first reads at once end with
 * the same address.
 */
export async function ensureCalendarFeed(db: Db, userId: string, token: string) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token: sql`${calendarFeeds.token}` } })
    .returning({ token: calendarFeeds.token, fullNames: calendarFeeds.fullNames });
  return row!;
}

/** Gives the user's feed a new token (the old address stops working), and what events show when given. */
export async function renewCalendarFeed(db: Db, userId: string, values: { token: string; fullNames?: boolean }) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values })
    .returning({ token: calendarFeeds.token, fullNames: calendarFeeds.fullNames });
  return row!;
}

export async function findFeedOwner(db: Db, token: string) {
  const [row] = await db
    .select({ id: users.id, timeZone: users.timeZone, fullNames: calendarFeeds.fullNames, officeAddress: users.officeAddress })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token));
  return row;
}

/**
 * Holds the owner's agenda for the rest of the transaction (a transaction-scoped advisory lock on
 * the owner): bookings from the public page check that their slot is free and take it one at a
 * time, so two confirmations for one slot never both succeed.
 */
export async function lockOwnerAgenda(tx: Tx, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${ownerId}, 0))`);
}

/** The spans of the owner's appointments (not cancelled) that start before `to` and end after `from`. */
export async function busySpansInRange(db: Db | Tx, ownerId: string, from: Date, to: Date, exceptId?: string): Promise<Array<{ startsAt: Date; endsAt: Date }>> {
  return db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.ownerId, ownerId),
        ne(appointments.status, 'cancelled'),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
        exceptId ? ne(appointments.id, exceptId) : undefined,
      ),
    );
}

/** The owner's open-ended series whose appointments exist only up to before `to`. */
export async function openSeriesBookedBefore(db: Db | Tx, ownerId: string, to: Date): Promise<SeriesRow[]> {
  return db
    .select()
    .from(appointmentSeries)
    .where(and(eq(appointmentSeries.ownerId, ownerId), isNotNull(appointmentSeries.bookedUntil), lt(appointmentSeries.bookedUntil, to)));
}

/** One appointment of the owner's patient (no series), in the caller's transaction. */
export async function insertAppointment(tx: Tx, values: typeof appointments.$inferInsert): Promise<AppointmentRow> {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row!;
}

/** Changes an appointment only while it has the status given; undefined when it no longer has. */
export async function updateIfStatus(
  db: Db | Tx,
  id: string,
  status: AppointmentRow['status'],
  changes: Partial<typeof appointments.$inferInsert>,
  now: Date,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.status, status)))
    .returning();
  return row;
}
