import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments } from '../agenda/agenda.tables';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';
import { videoPresence, videoRooms } from './video.tables';

export type VideoRole = (typeof videoPresence.$inferSelect)['role'];
export type PresenceRow = typeof videoPresence.$inferSelect;

/** What a room needs of its appointment: times, status, modality, both people's names and the professional's zone. */
const roomColumns = {
  appointment: {
    id: appointments.id,
    ownerId: appointments.ownerId,
    patientId: appointments.patientId,
    startsAt: appointments.startsAt,
    endsAt: appointments.endsAt,
    status: appointments.status,
    modality: appointments.modality,
  },
  patient: { firstName: patients.firstName, lastName: patients.lastName },
  professional: { title: users.title, firstName: users.firstName, lastName: users.lastName, timeZone: users.timeZone },
};

/** The owner's appointment with what its room needs, and its room when made. */
export async function findOwnedAppointment(db: Db, ownerId: string, appointmentId: string) {
  const [row] = await db
    .select({ ...roomColumns, room: { patientToken: videoRooms.patientToken, bothJoinedAt: videoRooms.bothJoinedAt } })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(users, eq(users.id, appointments.ownerId))
    .leftJoin(videoRooms, eq(videoRooms.appointmentId, appointments.id))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.ownerId, ownerId)));
  return row;
}

export type RoomAppointment = NonNullable<Awaited<ReturnType<typeof findOwnedAppointment>>>;

/** The appointment whose room the patient's token opens. */
export async function findByPatientToken(db: Db, token: string) {
  const [row] = await db
    .select({ ...roomColumns, room: { patientToken: videoRooms.patientToken, bothJoinedAt: videoRooms.bothJoinedAt } })
    .from(videoRooms)
    .innerJoin(appointments, eq(appointments.id, videoRooms.appointmentId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(users, eq(users.id, appointments.ownerId))
    .where(eq(videoRooms.patientToken, token));
  return row;
}

/** The appointment's room, made with `token` when it has none yet; answers the room's token (two first calls at once agree). */
export async function ensureRoom(db: Db, appointmentId: string, token: string): Promise<string> {
  const [row] = await db
    .insert(videoRooms)
    .values({ appointmentId, patientToken: token })
    .onConflictDoUpdate({ target: videoRooms.appointmentId, set: { patientToken: sql`${videoRooms.patientToken}` } })
    .returning({ patientToken: videoRooms.patientToken });
  return row!.patientToken;
}

export async function markBothJoined(db: Db, appointmentId: string, now: Date): Promise<void> {
  await db
    .update(videoRooms)
    .set({ bothJoinedAt: sql`coalesce(${videoRooms.bothJoinedAt}, ${now})` })
    .where(eq(videoRooms.appointmentId, appointmentId));
}

// ---- presence ----

/** The role's place in the room as it is now (whoever holds it, fresh or not). */
export async function findPresence(db: Db, appointmentId: string, role: VideoRole): Promise<PresenceRow | undefined> {
  const [row] = await db
    .select()
    .from(videoPresence)
    .where(and(eq(videoPresence.appointmentId, appointmentId), eq(videoPresence.role, role)));
  return row;
}

/**
 * Takes the role's place for this connection: free, held by the same browser tab (a reload, a
 * reconnection), or held by a connection not seen since `staleBefore` (its instance died).
 * One statement, so two tabs racing for the place cannot both get it. Undefined: refused.
 */
export async function claimPresence(db: Db, values: PresenceRow, staleBefore: Date): Promise<PresenceRow | undefined> {
  const [row] = await db
    .insert(videoPresence)
    .values(values)
    .onConflictDoUpdate({
      target: [videoPresence.appointmentId, videoPresence.role],
      set: {
        clientId: values.clientId,
        pageId: values.pageId,
        connectionId: values.connectionId,
        instanceId: values.instanceId,
        joinedAt: values.joinedAt,
        seenAt: values.seenAt,
      },
      setWhere: sql`${videoPresence.clientId} = ${values.clientId} or ${videoPresence.seenAt} < ${staleBefore}`,
    })
    .returning();
  return row;
}

/** Gives the place back, if this connection still holds it; answers whether it did. */
export async function releasePresence(db: Db, appointmentId: string, role: VideoRole, connectionId: string): Promise<boolean> {
  const deleted = await db
    .delete(videoPresence)
    .where(and(eq(videoPresence.appointmentId, appointmentId), eq(videoPresence.role, role), eq(videoPresence.connectionId, connectionId)))
    .returning({ role: videoPresence.role });
  return deleted.length > 0;
}

/** The page of the professional's tab when it holds the place in the owner's room. */
export async function professionalPageOf(db: Db, ownerId: string, appointmentId: string, clientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ pageId: videoPresence.pageId })
    .from(videoPresence)
    .innerJoin(appointments, eq(appointments.id, videoPresence.appointmentId))
    .where(
      and(
        eq(videoPresence.appointmentId, appointmentId),
        eq(videoPresence.role, 'professional'),
        eq(videoPresence.clientId, clientId),
        eq(appointments.ownerId, ownerId),
      ),
    );
  return row?.pageId;
}

/** The room (and the page) whose patient's place the tab holds through the token. */
export async function patientPlaceOf(db: Db, token: string, clientId: string): Promise<{ appointmentId: string; pageId: string } | undefined> {
  const [row] = await db
    .select({ appointmentId: videoPresence.appointmentId, pageId: videoPresence.pageId })
    .from(videoRooms)
    .innerJoin(videoPresence, and(eq(videoPresence.appointmentId, videoRooms.appointmentId), eq(videoPresence.role, 'patient')))
    .where(and(eq(videoRooms.patientToken, token), eq(videoPresence.clientId, clientId)));
  return row;
}

/** This instance's connections are alive: one statement for all of them; the places of dead instances are dropped. */
export async function refreshPresence(db: Db, instanceId: string, now: Date, staleBefore: Date): Promise<void> {
  await db.update(videoPresence).set({ seenAt: now }).where(eq(videoPresence.instanceId, instanceId));
  await db.delete(videoPresence).where(and(ne(videoPresence.instanceId, instanceId), lt(videoPresence.seenAt, staleBefore)));
}

// ---- relay between instances ----

/** Sends the payloads on the channel in this order, in one statement (one transaction: delivered together, in order). */
export async function notify(db: Db, channel: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  const calls = payloads.map((payload) => sql`pg_notify(${channel}, ${payload})`);
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
}
