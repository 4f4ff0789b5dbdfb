import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { files } from '../files/files.tables';
import { users } from '../users/users.tables';

/**
 * The livro-caixa: the practice's expenses with their Carnê-Leão account ('P10.01.00002' aluguel,
 * deductible; 'P11…' not deductible), as the Carnê-Leão's payments file carries them.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    code: text('code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    /** The attached receipt (photo or PDF): its row in `files`, recorded through the files module's service. */
    receiptFileKey: text('receipt_file_key').references(() => files.key, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('expenses_owner_spent_on_idx').on(t.ownerId, t.spentOn)],
);
