import { boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * AI assistants: a name and the instructions the model receives. The library every
 * professional starts with has no owner and comes from the data files in
 * `db/seeds/ai-assistants`, updated in place by key on every start.
 */
export const aiAssistants = pgTable(
  'ai_assistants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: uuid('external_id').notNull().defaultRandom(),
    key: text('key').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    instructions: text('instructions').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ai_assistants_key_key').on(t.key), uniqueIndex('ai_assistants_external_id_key').on(t.externalId)],
);
