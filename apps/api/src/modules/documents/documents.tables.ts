import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { files } from '../files/files.tables';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';

/** One session a declaration informs, copied when it was chosen. */
export interface DocumentSessionValues {
  appointmentId: string | null;
  startsAt: string;
  endsAt: string;
  modality: 'in_person' | 'online';
  location: string | null;
}

/**
 * A document issued to a patient (Resolução CFP 06/2019 for psychologists). A draft can change;
 * issuing writes its PDF once (kept as a stored file of the patient, so it is in the export and
 * goes with the patient) and makes the row immutable except for its signature and sending. The
 * signed PDF, made here or uploaded after signing elsewhere, is kept beside the issued one.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['declaracao', 'atestado', 'relatorio', 'laudo', 'parecer'] }).notNull(),
    /** The title it carries, fixed when created (it depends on the profession). */
    title: text('title').notNull(),
    purpose: text('purpose').notNull(),
    recipient: text('recipient').notNull(),
    /** Plain text by section key. */
    sections: jsonb('sections').$type<Record<string, string>>().notNull().default({}),
    /** A declaration's sessions, oldest first. */
    sessions: jsonb('sessions').$type<DocumentSessionValues[]>().notNull().default([]),
    issuedAt: timestamptz('issued_at'),
    issuedFileKey: text('issued_file_key').references(() => files.key, { onDelete: 'set null' }),
    issuedSha256: text('issued_sha256'),
    signedAt: timestamptz('signed_at'),
    signerName: text('signer_name'),
    signedVia: text('signed_via', { enum: ['certificate', 'upload'] }),
    signedFileKey: text('signed_file_key').references(() => files.key, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at'),
    sentTo: text('sent_to'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at'),
  },
  (t) => [index('documents_patient_created_idx').on(t.patientId, t.createdAt), index('documents_owner_idx').on(t.ownerId)],
);
