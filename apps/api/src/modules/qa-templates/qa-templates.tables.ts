import type { Scoring, TemplateSection } from '@consultorio/shared';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Questionnaire templates. The library every professional starts with has no owner and comes
 * from the versioned data files in `db/seeds/qa-templates`; a changed file adds a new version
 * and only the current version of each key is offered, while forms keep the version they
 * were created with.
 */
export const qaTemplates = pgTable(
  'qa_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    isCurrent: boolean('is_current').notNull().default(true),
    name: text('name').notNull(),
    description: text('description').notNull(),
    content: jsonb('content').$type<TemplateSection[]>().notNull(),
    scoring: jsonb('scoring').$type<Scoring | null>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('qa_templates_key_version_key').on(t.key, t.version)],
);
