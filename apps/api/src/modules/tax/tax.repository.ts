import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../finance/finance.tables';
import { expenses } from './tax.tables';

export type ExpenseRow = typeof expenses.$inferSelect;

/** The owner's payments, not cancelled, dated from `fromDay` (inclusive) to `toDay` (exclusive), by date and receipt number. */
export async function paymentsInRange(db: Db, ownerId: string, fromDay: string, toDay: string) {
  return db
    .select({
      id: payments.id,
      receiptNumber: payments.receiptNumber,
      paidOn: payments.paidOn,
      amountCents: payments.amountCents,
      patientName: payments.patientName,
      patientDocument: payments.patientDocument,
      payerName: payments.payerName,
      payerDocument: payments.payerDocument,
      receitaSaudeStatus: payments.receitaSaudeStatus,
    })
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), isNull(payments.voidedAt), gte(payments.paidOn, fromDay), lt(payments.paidOn, toDay)))
    .orderBy(asc(payments.paidOn), asc(payments.receiptNumber));
}
export type TaxPaymentRow = Awaited<ReturnType<typeof paymentsInRange>>[number];

/** How many payments, not cancelled, dated from `fromDay` to before `toDay`, are still pending in Receita Saúde. */
export async function countPending(db: Db, ownerId: string, fromDay: string, toDay: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.ownerId, ownerId),
        isNull(payments.voidedAt),
        eq(payments.receitaSaudeStatus, 'pending'),
        gte(payments.paidOn, fromDay),
        lt(payments.paidOn, toDay),
      ),
    );
  return row?.count ?? 0;
}

export async function insertExpense(db: Db, values: typeof expenses.$inferInsert): Promise<ExpenseRow> {
  const [row] = await db.insert(expenses).values(values).returning();
  return row!;
}

export async function findExpense(db: Db, ownerId: string, id: string): Promise<ExpenseRow | undefined> {
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.ownerId, ownerId)));
  return row;
}

export async function updateExpense(
  db: Db,
  ownerId: string,
  id: string,
  values: Pick<ExpenseRow, 'spentOn' | 'code' | 'amountCents' | 'description'>,
): Promise<ExpenseRow | undefined> {
  const [row] = await db
    .update(expenses)
    .set(values)
    .where(and(eq(expenses.id, id), eq(expenses.ownerId, ownerId)))
    .returning();
  return row;
}

export async function deleteExpense(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.ownerId, ownerId)))
    .returning({ id: expenses.id });
  return rows.length > 0;
}

/** The owner's expenses dated from `fromDay` (inclusive) to `toDay` (exclusive), by date. */
export async function listExpenses(db: Db, ownerId: string, fromDay: string, toDay: string): Promise<ExpenseRow[]> {
  return db
    .select()
    .from(expenses)
    .where(and(eq(expenses.ownerId, ownerId), gte(expenses.spentOn, fromDay), lt(expenses.spentOn, toDay)))
    .orderBy(asc(expenses.spentOn), asc(expenses.createdAt));
}

/** The deductible (P10) expenses of those days, in one sum. */
export async function deductibleSum(db: Db, ownerId: string, fromDay: string, toDay: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${expenses.amountCents}), 0)::int` })
    .from(expenses)
    .where(and(eq(expenses.ownerId, ownerId), gte(expenses.spentOn, fromDay), lt(expenses.spentOn, toDay), sql`${expenses.code} like 'P10.%'`));
  return row?.cents ?? 0;
}
