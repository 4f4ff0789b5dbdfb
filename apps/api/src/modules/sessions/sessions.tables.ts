import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { users } from '../users/users.tables';

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** How the professional names the session in 'Minha conta' (the token's hash never leaves the server). */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The idle limit: moved forward while the session is used, never past `absoluteExpiresAt`. */
    expiresAt: timestamptz('expires_at').notNull(),
    /** The absolute limit from the login (SESSION_MAX_AGE), however much the session is used. */
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull().default(sql`now()`),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_id_key').on(t.id)],
);
