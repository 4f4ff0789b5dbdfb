import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { appointments } from '../agenda/agenda.tables';

/**
 * The video room of an online appointment, made the first time it is asked for (the
 * professional's page, the reminder). The patient's link token is kept in clear, like the
 * calendar feed's: the professional is shown the same link on every visit; it opens only this
 * room, only from 15 minutes before the start to 30 minutes after the end, and never once the
 * appointment is cancelled.
 */
export const videoRooms = pgTable(
  'video_rooms',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientToken: text('patient_token').notNull(),
    /** When the professional and the patient were first in the room together. */
    bothJoinedAt: timestamptz('both_joined_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('video_rooms_patient_token_key').on(t.patientToken)],
);

/**
 * Who is in each room now, one row per role, shared by every instance: a second browser tab
 * (another `client_id`) is refused while the row is fresh; the same tab reloading takes it over.
 * Each instance refreshes `seen_at` of its connections; a row not refreshed for a while (its
 * instance died) no longer counts.
 */
export const videoPresence = pgTable(
  'video_presence',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['professional', 'patient'] }).notNull(),
    /** The browser tab (kept across its reloads). */
    clientId: text('client_id').notNull(),
    /** One load of the page: a new one means the peer must negotiate the call again. */
    pageId: text('page_id').notNull(),
    /** The event stream that holds the place, and the instance it is open on. */
    connectionId: text('connection_id').notNull(),
    instanceId: text('instance_id').notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.role] }), index('video_presence_instance_idx').on(t.instanceId)],
);

