import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';

/** A registration waiting for its e-mail link; becomes a user when confirmed. */
export const userRegistrations = pgTable(
  'user_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSentAt: timestamptz('last_sent_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_registrations_token_key').on(t.tokenHash), index('user_registrations_email_idx').on(t.email)],
);
