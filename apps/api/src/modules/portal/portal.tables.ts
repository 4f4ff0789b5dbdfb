import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { patients } from '../patients/patients.tables';

/**
 * The patients their professional invited to the portal (a patient signs in with the e-mail of such
 * a row), and when the patient accepted the portal's terms for this professional (their recorded
 * consent: until then the portal shows nothing but the terms), or withdrew that consent from the
 * portal (then the terms are asked for again, and the professional sees when it was withdrawn).
 */
export const portalInvitations = pgTable('portal_invitations', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  consentedAt: timestamptz('consented_at'),
  withdrawnAt: timestamptz('withdrawn_at'),
});

/** A one-time sign-in link (SHA-256 of its token), for an e-mail, good for 15 minutes and once. */
export const portalLinks = pgTable(
  'portal_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('portal_links_expires_idx').on(t.expiresAt)],
);

/**
 * A patient's portal session (SHA-256 of its cookie), for an e-mail: it shows the data of every
 * invited patient row with that address (one per professional), each professional's apart.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('portal_sessions_expires_idx').on(t.expiresAt)],
);
