import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { appointments } from '../agenda/agenda.tables';
import { forms } from '../forms/forms.tables';
import { patients } from '../patients/patients.tables';
import { qaTemplates } from '../qa-templates/qa-templates.tables';
import { users } from '../users/users.tables';

/**
 * A patient's measurement plan: a scored questionnaire mailed before each appointment (24 h
 * ahead) or every `intervalWeeks` weeks from `nextDueAt`. Each occurrence is one row of
 * `measurement_runs`, so it is sent once whatever the number of instances.
 */
export const measurementPlans = pgTable(
  'measurement_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The template chosen; each run uses the current version of its key. Deleting an own template ends its plans. */
    qaTemplateId: uuid('qa_template_id')
      .notNull()
      .references(() => qaTemplates.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['before_appointment', 'interval'] }).notNull(),
    intervalWeeks: integer('interval_weeks'),
    /** An interval plan's next occurrence; null for a plan before appointments. */
    nextDueAt: timestamptz('next_due_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('measurement_plans_patient_idx').on(t.patientId),
    uniqueIndex('measurement_plans_patient_template_trigger_key').on(t.patientId, t.qaTemplateId, t.trigger),
    index('measurement_plans_due_idx').on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
  ],
);

/**
 * One occurrence of a plan (an appointment, or an interval's due time), claimed by inserting it:
 * the unique key makes one instance win. The job it queues creates the form and mails the link.
 */
export const measurementRuns = pgTable(
  'measurement_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => measurementPlans.id, { onDelete: 'cascade' }),
    /** 'appointment:<id>' or 'interval:<due time>'. */
    occurrenceKey: text('occurrence_key').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    formId: uuid('form_id').references(() => forms.id, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('measurement_runs_occurrence_key').on(t.planId, t.occurrenceKey)],
);

/**
 * A safety alert raised by a submitted form (PHQ-9 item 9 above zero, or another scored
 * template's alert rule), shown until the professional marks it 'Ciente' (who and when kept).
 */
export const safetyAlerts = pgTable(
  'safety_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** 'self_harm' (PHQ-9 item 9) or 'answer_rule' (another template's rule). */
    kind: text('kind', { enum: ['self_harm', 'answer_rule'] }).notNull(),
    /** The rule's own message and the item it watches. */
    message: text('message').notNull(),
    fieldNumber: integer('field_number').notNull(),
    createdAt: createdAt(),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('safety_alerts_owner_created_idx').on(t.ownerId, t.createdAt),
    // One open alert per form and item: a form sent again while its alert is open adds none.
    uniqueIndex('safety_alerts_open_key')
      .on(t.formId, t.fieldNumber)
      .where(sql`${t.acknowledgedAt} is null`),
  ],
);
