import { sql } from 'drizzle-orm';
import type { FormContent } from '@consultorio/shared';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { patients } from '../patients/patients.tables';
import { qaTemplates } from '../qa-templates/qa-templates.tables';
import { users } from '../users/users.tables';

export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    qaTemplateId: uuid('qa_template_id')
      .notNull()
      .references(() => qaTemplates.id),
    name: text('name').notNull(),
    content: jsonb('content').$type<FormContent>().notNull().default({}),
    publicToken: text('public_token').notNull(),
    isLocked: boolean('is_locked').notNull().default(false),
    /** Until when the patient's link opens the form; null: no end (forms made before links expired). */
    publicExpiresAt: timestamptz('public_expires_at'),
    /** When the link was last mailed to the patient. */
    sentAt: timestamptz('sent_at'),
    /** When the patient sent the answers through the link ('Enviar respostas'), which locks the form. */
    submittedAt: timestamptz('submitted_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('forms_public_token_key').on(t.publicToken),
    index('forms_patient_created_idx').on(t.patientId, t.createdAt),
    index('forms_owner_idx').on(t.ownerId),
  ],
);
