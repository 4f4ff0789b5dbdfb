import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { files } from '../files/files.tables';
import { payments } from '../finance/finance.tables';
import { expenses } from './tax.tables';

type ExpenseTableRow = typeof expenses.$inferSelect;
/** An expense with its receipt's file row, when one is attached. */
export type ExpenseRow = ExpenseTableRow & { receipt: { name: string | null; contentType: string; byteSize: number } | null };

const expenseColumns = {
  id: expenses.id,
  ownerId: expenses.ownerId,
  spentOn: expenses.spentOn,
  code: expenses.code,
  amountCents: expenses.amountCents,
  description: expenses.description,
  receiptFileKey: expenses.receiptFileKey,
  createdAt: expenses.createdAt,
  receiptName: files.originalName,
  receiptType: files.contentType,
  receiptSize: files.byteSize,
};

function withReceipt(row: ExpenseTableRow & { receiptName: string | null; receiptType: string | null; receiptSize: number | null }): ExpenseRow {
  const { receiptName, receiptType, receiptSize, ...expense } = row;
  return { ...expense, receipt: receiptType === null ? null : { name: receiptName, contentType: receiptType, byteSize: receiptSize ?? 0 } };
}

async function expensesWhere(db: Db | Tx, where: ReturnType<typeof and>): Promise<ExpenseRow[]> {
  const rows = await db
    .select(expenseColumns)
    .from(expenses)
    .leftJoin(files, eq(files.key, expenses.receiptFileKey))
    .where(where)
    .orderBy(asc(expenses.spentOn), asc(expenses.createdAt));
  return rows.map(withReceipt);
}

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

export async function insertExpense(db: Db, values: typeof expenses.$inferInsert): Promise<string> {
  const [row] = await db.insert(expenses).values(values).returning({ id: expenses.id });
  return row!.id;
}

export async function findExpense(db: Db | Tx, ownerId: string, id: string): Promise<ExpenseRow | undefined> {
  const [row] = await expensesWhere(db, and(eq(expenses.id, id), eq(expenses.ownerId, ownerId)));
  return row;
}

/** The owner's expense, locked while its receipt changes or it is deleted; undefined when not theirs. */
export async function lockExpense(tx: Tx, ownerId: string, id: string): Promise<ExpenseTableRow | undefined> {
  const [row] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.ownerId, ownerId)))
    .for('update');
  return row;
}

export async function updateExpense(
  db: Db,
  ownerId: string,
  id: string,
  values: Pick<ExpenseTableRow, 'spentOn' | 'code' | 'amountCents' | 'description'>,
): Promise<boolean> {
  const rows = await db
    .update(expenses)
    .set(values)
    .where(and(eq(expenses.id, id), eq(expenses.ownerId, ownerId)))
    .returning({ id: expenses.id });
  return rows.length > 0;
}

export async function setReceipt(tx: Tx, id: string, receiptFileKey: string | null): Promise<void> {
  await tx.update(expenses).set({ receiptFileKey }).where(eq(expenses.id, id));
}

export async function deleteExpense(tx: Tx, id: string): Promise<void> {
  await tx.delete(expenses).where(eq(expenses.id, id));
}

/** The owner's expenses dated from `fromDay` (inclusive) to `toDay` (exclusive), by date. */
export async function listExpenses(db: Db, ownerId: string, fromDay: string, toDay: string): Promise<ExpenseRow[]> {
  return expensesWhere(db, and(eq(expenses.ownerId, ownerId), gte(expenses.spentOn, fromDay), lt(expenses.spentOn, toDay)));
}

/** The deductible (P10) expenses of those days, in one sum. */
export async function deductibleSum(db: Db, ownerId: string, fromDay: string, toDay: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${expenses.amountCents}), 0)::int` })
    .from(expenses)
    .where(and(eq(expenses.ownerId, ownerId), gte(expenses.spentOn, fromDay), lt(expenses.spentOn, toDay), sql`${expenses.code} like 'P10.%'`));
  return row?.cents ?? 0;
}
