import type { Availability } from '@consultorio/shared';
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bookingRequests, bookingSettings } from './booking.tables';

export type BookingSettingsRow = typeof bookingSettings.$inferSelect;
export type BookingRequestRow = typeof bookingRequests.$inferSelect;

export async function findSettings(db: Db | Tx, userId: string): Promise<BookingSettingsRow | undefined> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.userId, userId));
  return row;
}

export async function saveSettings(db: Db, userId: string, availability: Availability, now: Date): Promise<BookingSettingsRow> {
  const values = { ...availability, updatedAt: now };
  const [row] = await db
    .insert(bookingSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: bookingSettings.userId, set: values })
    .returning();
  return row!;
}

export async function insertRequest(db: Db, values: typeof bookingRequests.$inferInsert): Promise<BookingRequestRow> {
  const [row] = await db.insert(bookingRequests).values(values).returning();
  return row!;
}

/** Gives a pending request the hash of the token its mail carries (the mail's job makes the token). */
export async function setRequestToken(db: Db, id: string, tokenHash: string, now: Date): Promise<BookingRequestRow | undefined> {
  const [row] = await db
    .update(bookingRequests)
    .set({ tokenHash })
    .where(and(eq(bookingRequests.id, id), isNull(bookingRequests.confirmedAt), gt(bookingRequests.expiresAt, now)))
    .returning();
  return row;
}

/** The request a link confirms: not yet confirmed, not expired. */
export async function findPendingByToken(db: Db | Tx, tokenHash: string, now: Date): Promise<BookingRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.tokenHash, tokenHash), isNull(bookingRequests.confirmedAt), gt(bookingRequests.expiresAt, now)));
  return row;
}

/**
 * Marks the request confirmed (once: a second claim finds nothing), with the appointment it became.
 * Its person goes (the patient's row has them now); the row stays until `keepUntil`, so that the
 * mail's link opened again says the booking is made rather than that the link is invalid.
 */
export async function claimRequest(tx: Tx, id: string, appointmentId: string, now: Date, keepUntil: Date): Promise<boolean> {
  const claimed = await tx
    .update(bookingRequests)
    .set({ confirmedAt: now, appointmentId, expiresAt: keepUntil, firstName: '', lastName: null, email: '', cc: null, phone: null, document: null })
    .where(and(eq(bookingRequests.id, id), isNull(bookingRequests.confirmedAt), gt(bookingRequests.expiresAt, now)))
    .returning({ id: bookingRequests.id });
  return claimed.length > 0;
}

/** A used link's request: who it was for and the appointment it made (null once that was deleted). */
export async function findConfirmedByToken(db: Db, tokenHash: string, now: Date): Promise<{ ownerId: string; appointmentId: string | null } | undefined> {
  const [row] = await db
    .select({ ownerId: bookingRequests.ownerId, appointmentId: bookingRequests.appointmentId })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.tokenHash, tokenHash), isNotNull(bookingRequests.confirmedAt), gt(bookingRequests.expiresAt, now)));
  return row;
}

/** Requests past their 30 minutes (a confirmed one, its appointment's end): held slots free again, and no personal data kept. */
export async function deleteExpiredRequests(db: Db, now: Date): Promise<void> {
  await db.delete(bookingRequests).where(lte(bookingRequests.expiresAt, now));
}
