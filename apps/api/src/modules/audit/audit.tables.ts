import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accessActions, accessEntityTypes } from '@consultorio/shared';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Who read or changed which of a patient's data, appended by the API after each successful call
 * and never changed through it. No foreign key to the patient: when a patient is deleted, one
 * entry saying so stays (and nothing clinical is ever written here).
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The professional whose session did it (the owner, in this app). */
    actorId: uuid('actor_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    action: text('action', { enum: accessActions }).notNull(),
    entityType: text('entity_type', {
      enum: accessEntityTypes,
    }).notNull(),
    entityId: text('entity_id').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('access_log_patient_idx').on(t.ownerId, t.patientId, t.createdAt)],
);
