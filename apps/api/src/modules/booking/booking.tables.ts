import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Modality, WeeklyInterval } from '@consultorio/shared';
import { createdAt, timestamptz } from '../../db/columns';
import { appointments } from '../agenda/agenda.tables';
import { qaTemplates } from '../qa-templates/qa-templates.tables';
import { users } from '../users/users.tables';

/** A professional's availability for online booking (in their time zone); made with its first save. */
export const bookingSettings = pgTable('booking_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Weekly hours: intervals per weekday (1 = Monday to 7 = Sunday), 'HH:MM' wall-clock times. */
  weekly: jsonb('weekly').$type<WeeklyInterval[]>().notNull().default(sql`'[]'::jsonb`),
  sessionMinutes: integer('session_minutes').notNull().default(50),
  bufferMinutes: integer('buffer_minutes').notNull().default(10),
  minNoticeHours: integer('min_notice_hours').notNull().default(24),
  maxDaysAhead: integer('max_days_ahead').notNull().default(60),
  modalities: jsonb('modalities').$type<Modality[]>().notNull().default(sql`'["in_person"]'::jsonb`),
  requiresApproval: boolean('requires_approval').notNull().default(false),
  /** Hours before an appointment a patient may still cancel it themselves (the portal). */
  cancellationNoticeHours: integer('cancellation_notice_hours').notNull().default(24),
  /** The questionnaire sent to a new patient once their first booking is confirmed (none when null). */
  intakeTemplateId: uuid('intake_template_id').references(() => qaTemplates.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
});

/**
 * A slot asked for on the booking page, held until its e-mail link confirms it (so no one books
 * in someone else's name): the link's token is stored hashed, good for 30 minutes and once.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    modality: text('modality', { enum: ['in_person', 'online'] }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    email: text('email').notNull(),
    cc: text('cc'),
    phone: text('phone'),
    country: text('country').notNull().default('BR'),
    document: text('document'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('booking_requests_token_key').on(t.tokenHash), index('booking_requests_expires_idx').on(t.expiresAt)],
);
