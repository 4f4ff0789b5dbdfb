import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';

/**
 * A recurring series as it was asked for: its rule (RFC 5545: weekly, every two weeks or monthly,
 * for a count, until a day, or open-ended) from a first wall-clock time in a time zone. Its
 * appointments are rows of `appointments`; an open-ended series is booked up to `bookedUntil`
 * and extended as time passes.
 */
export const appointmentSeries = pgTable('appointment_series', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  patientId: uuid('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' }),
  frequency: text('frequency', { enum: ['weekly', 'biweekly', 'monthly'] }).notNull(),
  count: integer('count'),
  /** The last day (yyyy-mm-dd, in the time zone) an appointment may fall on. */
  until: date('until', { mode: 'string' }),
  timeZone: text('time_zone').notNull(),
  /** The first appointment's local date and time, 'yyyy-mm-ddThh:mm'. */
  firstLocalStart: text('first_local_start').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  /** Open-ended series: appointments exist up to here; null once the series has an end. */
  bookedUntil: timestamptz('booked_until'),
  createdAt: createdAt(),
});

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => appointmentSeries.id, { onDelete: 'set null' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    status: text('status', { enum: ['scheduled', 'confirmed', 'attended', 'no_show', 'cancelled', 'requested'] }).notNull().default('scheduled'),
    modality: text('modality', { enum: ['in_person', 'online'] }).notNull().default('in_person'),
    videoLink: text('video_link'),
    location: text('location'),
    notes: text('notes'),
    cancellationReason: text('cancellation_reason'),
    reminderSentAt: timestamptz('reminder_sent_at'),
    reminderError: text('reminder_error'),
    // `public_token_hash` (superseded by `appointment_links`) was kept one release after it was
    // unmapped, for a replica of the previous one still running during the upgrade; 0028 drops it.
    /** The session's fee (copied from the patient's when booked; 0: not charged). */
    feeCents: integer('fee_cents').notNull().default(0),
    /** How much of the fee payments have covered (the sum of its allocations). */
    paidCents: integer('paid_cents').notNull().default(0),
    /** 'paid' once `paid_cents` reaches the fee; 'waived' by the professional. */
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'waived'] }).notNull().default('pending'),
    /** 'Cobrar falta': charged even though cancelled or missed. */
    chargeMissed: boolean('charge_missed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('appointments_owner_starts_idx').on(t.ownerId, t.startsAt),
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    index('appointments_series_starts_idx').on(t.seriesId, t.startsAt),
    // The reminder scan reads only the open appointments of the next few days.
    index('appointments_open_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} in ('scheduled', 'confirmed')`),
    // What is owed (the finance page, 'A receber', a patient's balance) reads only the sessions not yet settled.
    index('appointments_unpaid_idx')
      .on(t.ownerId, t.patientId, t.startsAt)
      .where(sql`${t.paymentStatus} = 'pending' and ${t.feeCents} > ${t.paidCents}`),
  ],
);

/**
 * Every message the patient was sent about an appointment: each reminder (by e-mail or WhatsApp,
 * one per lead time and start, so the unique index makes each go once whatever the number of
 * instances), and each notice of the professional's cancellation or move. A WhatsApp reminder
 * carries the hash of the token its buttons' payloads hold, and keeps the patient's answer.
 */
export const appointmentMessages = pgTable(
  'appointment_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder', 'cancelled', 'moved'] }).notNull(),
    channel: text('channel', { enum: ['email', 'whatsapp'] }).notNull(),
    /** A reminder's lead time; null for a notice. */
    leadHours: integer('lead_hours'),
    /** The appointment's start the message was about (a moved appointment gets its reminders again). */
    startsAt: timestamptz('starts_at').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'read', 'failed'] }).notNull().default('queued'),
    /** An e-mail sent because the WhatsApp message failed. */
    fallback: boolean('fallback').notNull().default(false),
    /** WhatsApp's id of the message (its statuses come by the webhook with it). */
    providerMessageId: text('provider_message_id'),
    /** SHA-256 of the token in the buttons' payloads. */
    tokenHash: text('token_hash'),
    answer: text('answer', { enum: ['confirmed', 'cancelled'] }),
    answeredAt: timestamptz('answered_at'),
    sentAt: timestamptz('sent_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointment_messages_appointment_idx').on(t.appointmentId, t.createdAt),
    uniqueIndex('appointment_messages_reminder_key')
      .on(t.appointmentId, t.channel, t.leadHours, t.startsAt)
      .where(sql`${t.kind} = 'reminder'`),
    uniqueIndex('appointment_messages_provider_key').on(t.providerMessageId),
    uniqueIndex('appointment_messages_token_key').on(t.tokenHash),
  ],
);

/**
 * The patient's links to an appointment (SHA-256 of the token), one per mail that carried one
 * (reminders, notices of a change): each stays good until the appointment's end, wherever the
 * appointment has moved, so an old reminder shows the appointment as it now is.
 */
export const appointmentLinks = pgTable(
  'appointment_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('appointment_links_appointment_idx').on(t.appointmentId)],
);

/**
 * A professional's private calendar feed: the secret of its address (a capability, shown to its
 * owner again) and whether its events show the patients' full names rather than their initials.
 * Made with the first look at the feed.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    fullNames: boolean('full_names').notNull().default(false),
  },
  (t) => [uniqueIndex('calendar_feeds_token_key').on(t.token)],
);
