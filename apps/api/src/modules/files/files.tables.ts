import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';

/**
 * Every stored object, with its owner: the storage key is served only to that user. A file
 * that belongs to a patient (its avatar, attachments) names the patient, so deleting the
 * patient finds every object to remove.
 */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    originalName: text('original_name'),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId), index('files_patient_idx').on(t.patientId)],
);
