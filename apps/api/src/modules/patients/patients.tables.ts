import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A professional's patient. `search_name` is the full name in lower case without accents
 * (`searchKey` in the shared rules): search matches pieces of it and the list is sorted by it.
 */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    searchName: text('search_name').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'other', 'undisclosed'] }),
    birthdate: date('birthdate', { mode: 'string' }),
    cc: text('cc').notNull().default('+55'),
    phone: text('phone'),
    email: text('email'),
    country: text('country').notNull().default('BR'),
    avatarExternalKey: text('avatar_external_key'),
    /** The patient asked not to get appointment reminders by e-mail. */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    /** 'Lembretes por WhatsApp': the patient agreed to reminders and notices by WhatsApp on `cc` + `phone`. */
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    /** When the patient agreed (null while not opted in). */
    whatsappOptInAt: timestamptz('whatsapp_opt_in_at'),
    /** When the patient answered 'PARAR' by WhatsApp (null again once they agree anew). */
    whatsappStoppedAt: timestamptz('whatsapp_stopped_at'),
    /** CPF, 11 digits. */
    document: text('document'),
    /** The default fee of a session, copied to each new appointment. */
    sessionFeeCents: integer('session_fee_cents'),
    /** 'Responsável financeiro': who pays when it is not the patient (a parent); receipts are in their name. */
    payerName: text('payer_name'),
    payerDocument: text('payer_document'),
    /** Where receipts and Pix charges go, when not to the patient's e-mail. */
    payerEmail: text('payer_email'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    // Serves the list in name order page by page (keyset), for one owner.
    index('patients_owner_name_idx').on(t.ownerId, sql`${t.searchName} collate "C"`, t.id),
    // Serves the substring search (LIKE '%...%') within one owner: btree_gin + pg_trgm.
    index('patients_owner_search_trgm_idx').using('gin', t.ownerId, sql`${t.searchName} gin_trgm_ops`),
  ],
);
