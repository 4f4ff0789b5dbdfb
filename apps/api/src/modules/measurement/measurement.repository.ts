import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { timestamptzOrNull } from '../../db/columns';
import { appointments } from '../agenda/agenda.tables';
import { forms } from '../forms/forms.tables';
import { patients } from '../patients/patients.tables';
import { qaTemplates } from '../qa-templates/qa-templates.tables';
import { users } from '../users/users.tables';
import { measurementPlans, measurementRuns, safetyAlerts } from './measurement.tables';

export type PlanRow = typeof measurementPlans.$inferSelect;
export type AlertRow = typeof safetyAlerts.$inferSelect;
export type NewAlert = Pick<typeof safetyAlerts.$inferInsert, 'ownerId' | 'patientId' | 'formId' | 'kind' | 'message' | 'fieldNumber'>;

const patientName = sql<string>`trim(${patients.firstName} || ' ' || coalesce(${patients.lastName}, ''))`;
const acknowledger = alias(users, 'acknowledger');
const acknowledgerName = sql<string | null>`case when ${acknowledger.id} is null then null else trim(concat_ws(' ', ${acknowledger.title}, ${acknowledger.firstName}, ${acknowledger.lastName})) end`;

// ---- safety alerts ----

/** Adds the alerts a sent form raised; one open alert per form and item (an open one is kept). */
export async function insertAlerts(db: Db | Tx, rows: readonly NewAlert[], now: Date): Promise<AlertRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(safetyAlerts)
    .values(rows.map((row) => ({ ...row, createdAt: now })))
    .onConflictDoNothing()
    .returning();
}

function alertQuery(db: Db) {
  return db
    .select({ alert: safetyAlerts, patientName, formName: forms.name, acknowledgedBy: acknowledgerName })
    .from(safetyAlerts)
    .innerJoin(patients, eq(patients.id, safetyAlerts.patientId))
    .innerJoin(forms, eq(forms.id, safetyAlerts.formId))
    .leftJoin(acknowledger, eq(acknowledger.id, safetyAlerts.acknowledgedBy));
}

export type AlertWithNames = Awaited<ReturnType<ReturnType<typeof alertQuery>['execute']>>[number];

/** The owner's alerts, newest first: open ones only, or the latest `limit`; of one patient or all. */
export async function listAlerts(db: Db, ownerId: string, filter: { openOnly: boolean; patientId?: string | undefined; limit: number }) {
  return alertQuery(db)
    .where(
      and(
        eq(safetyAlerts.ownerId, ownerId),
        filter.openOnly ? isNull(safetyAlerts.acknowledgedAt) : undefined,
        filter.patientId ? eq(safetyAlerts.patientId, filter.patientId) : undefined,
      ),
    )
    .orderBy(desc(safetyAlerts.createdAt), desc(safetyAlerts.id))
    .limit(filter.limit);
}

export async function findAlert(db: Db, ownerId: string, id: string): Promise<AlertWithNames | undefined> {
  const [row] = await alertQuery(db).where(and(eq(safetyAlerts.id, id), eq(safetyAlerts.ownerId, ownerId)));
  return row;
}

/** Marks the owner's alert 'Ciente' unless it already is (the first who and when are kept). */
export async function acknowledgeAlert(db: Db, ownerId: string, id: string, userId: string, now: Date): Promise<void> {
  await db
    .update(safetyAlerts)
    .set({ acknowledgedAt: now, acknowledgedBy: userId })
    .where(and(eq(safetyAlerts.id, id), eq(safetyAlerts.ownerId, ownerId), isNull(safetyAlerts.acknowledgedAt)));
}

// ---- measurement plans ----

const lastSentAt = timestamptzOrNull(sql`(select ${max(measurementRuns.sentAt)} from ${measurementRuns} where ${measurementRuns.planId} = ${measurementPlans.id})`);

function planQuery(db: Db) {
  return db
    .select({ plan: measurementPlans, templateName: qaTemplates.name, lastSentAt })
    .from(measurementPlans)
    .innerJoin(qaTemplates, eq(qaTemplates.id, measurementPlans.qaTemplateId));
}

export type PlanWithTemplate = Awaited<ReturnType<ReturnType<typeof planQuery>['execute']>>[number];

export async function insertPlan(db: Db, values: typeof measurementPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(measurementPlans).values(values).returning();
  return row!;
}

export async function findPlan(db: Db, ownerId: string, id: string): Promise<PlanWithTemplate | undefined> {
  const [row] = await planQuery(db).where(and(eq(measurementPlans.id, id), eq(measurementPlans.ownerId, ownerId)));
  return row;
}

export async function listPlans(db: Db, ownerId: string, patientId: string): Promise<PlanWithTemplate[]> {
  return planQuery(db)
    .where(and(eq(measurementPlans.ownerId, ownerId), eq(measurementPlans.patientId, patientId)))
    .orderBy(asc(measurementPlans.createdAt), asc(measurementPlans.id));
}

export async function deletePlan(db: Db, ownerId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(measurementPlans)
    .where(and(eq(measurementPlans.id, id), eq(measurementPlans.ownerId, ownerId)))
    .returning({ id: measurementPlans.id });
  return deleted.length > 0;
}

/**
 * Claims the interval plans that are due: each plan's due time becomes a run (unique per plan
 * and time, so one instance wins) and the plan moves on to `advance(due)`. Locked rows another
 * instance is claiming are skipped (in the caller's transaction, which queues the runs' jobs).
 * Returns the new runs' ids.
 */
export async function claimIntervalRuns(
  tx: Tx,
  now: Date,
  advance: (plan: PlanRow) => Date,
  options: { ownerId?: string | undefined; limit?: number } = {},
): Promise<string[]> {
  const due = await tx
    .select()
    .from(measurementPlans)
    .where(
      and(
        eq(measurementPlans.trigger, 'interval'),
        lte(measurementPlans.nextDueAt, now),
        options.ownerId ? eq(measurementPlans.ownerId, options.ownerId) : undefined,
      ),
    )
    .limit(options.limit ?? 100)
    .for('update', { skipLocked: true });
  const claimed: string[] = [];
  for (const plan of due) {
    await tx.update(measurementPlans).set({ nextDueAt: advance(plan) }).where(eq(measurementPlans.id, plan.id));
    const [run] = await tx
      .insert(measurementRuns)
      .values({ planId: plan.id, occurrenceKey: `interval:${plan.nextDueAt!.toISOString()}`, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: measurementRuns.id });
    if (run) claimed.push(run.id);
  }
  return claimed;
}

/**
 * Claims, for each plan before appointments, the appointments of its patient that start within
 * `leadMs` (scheduled or confirmed, not cancelled, still ahead), of every professional or one: one
 * run per plan and appointment, inserted once whatever the number of instances (the unique key).
 * Returns the new runs' ids.
 */
export async function claimAppointmentRuns(
  db: Db | Tx,
  now: Date,
  leadMs: number,
  options: { ownerId?: string | undefined; limit?: number } = {},
): Promise<string[]> {
  const candidates = await db
    .select({ planId: measurementPlans.id, appointmentId: appointments.id })
    .from(measurementPlans)
    .innerJoin(
      appointments,
      and(eq(appointments.patientId, measurementPlans.patientId), eq(appointments.ownerId, measurementPlans.ownerId)),
    )
    .innerJoin(patients, eq(patients.id, measurementPlans.patientId))
    .where(
      and(
        eq(measurementPlans.trigger, 'before_appointment'),
        options.ownerId ? eq(measurementPlans.ownerId, options.ownerId) : undefined,
        inArray(appointments.status, ['scheduled', 'confirmed']),
        gt(appointments.startsAt, now),
        lte(appointments.startsAt, new Date(now.getTime() + leadMs)),
        isNotNull(patients.email),
        // The unique key's own columns, so the check is one index probe per candidate.
        sql`not exists (select 1 from ${measurementRuns} where ${measurementRuns.planId} = ${measurementPlans.id} and ${measurementRuns.occurrenceKey} = 'appointment:' || ${appointments.id}::text)`,
      ),
    )
    .limit(options.limit ?? 200);
  if (candidates.length === 0) return [];
  const inserted = await db
    .insert(measurementRuns)
    .values(
      candidates.map((row) => ({
        planId: row.planId,
        appointmentId: row.appointmentId,
        occurrenceKey: `appointment:${row.appointmentId}`,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: measurementRuns.id });
  return inserted.map((row) => row.id);
}

/** A run with its plan, the appointment it is for (if any), the current version of the plan's template and the professional's time zone. */
export async function findRun(db: Db, id: string) {
  const current = alias(qaTemplates, 'current_template');
  const [row] = await db
    .select({
      run: measurementRuns,
      plan: measurementPlans,
      appointment: { status: appointments.status, startsAt: appointments.startsAt },
      current: { id: current.id, name: current.name },
      owner: { timeZone: users.timeZone },
    })
    .from(measurementRuns)
    .innerJoin(measurementPlans, eq(measurementPlans.id, measurementRuns.planId))
    .innerJoin(users, eq(users.id, measurementPlans.ownerId))
    .innerJoin(qaTemplates, eq(qaTemplates.id, measurementPlans.qaTemplateId))
    .leftJoin(
      current,
      and(
        eq(current.key, qaTemplates.key),
        eq(current.isCurrent, true),
        or(isNull(current.ownerId), eq(current.ownerId, measurementPlans.ownerId)),
      ),
    )
    .leftJoin(appointments, eq(appointments.id, measurementRuns.appointmentId))
    .where(eq(measurementRuns.id, id));
  return row;
}

export async function updateRun(db: Db | Tx, id: string, changes: { formId?: string; sentAt?: Date }): Promise<void> {
  await db.update(measurementRuns).set(changes).where(eq(measurementRuns.id, id));
}

// ---- score trends ----

/** The patient's sent forms of scored templates, oldest first, with the id of the template version each was made with. */
export async function submittedScoredForms(db: Db, ownerId: string, patientId: string) {
  return db
    .select({ id: forms.id, content: forms.content, submittedAt: forms.submittedAt, qaTemplateId: forms.qaTemplateId })
    .from(forms)
    .innerJoin(qaTemplates, eq(qaTemplates.id, forms.qaTemplateId))
    .where(and(eq(forms.ownerId, ownerId), eq(forms.patientId, patientId), isNotNull(forms.submittedAt), isNotNull(qaTemplates.scoring)))
    .orderBy(asc(forms.submittedAt), asc(forms.id));
}

/** Template versions by id (each read once, however many forms were made with it). */
export async function templatesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.select().from(qaTemplates).where(inArray(qaTemplates.id, [...ids]));
}

/** The current versions of the given template keys that the owner can see. */
export async function currentTemplatesOfKeys(db: Db, ownerId: string, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ id: qaTemplates.id, key: qaTemplates.key, name: qaTemplates.name })
    .from(qaTemplates)
    .where(and(inArray(qaTemplates.key, [...keys]), eq(qaTemplates.isCurrent, true), or(isNull(qaTemplates.ownerId), eq(qaTemplates.ownerId, ownerId))));
}
