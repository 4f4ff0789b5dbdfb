import { Readable } from 'node:stream';
import {
  carneLeaoFirstYear,
  expenseReceiptTypes,
  isDeductibleExpenseCode,
  messages,
  type CarneLeaoSummary,
  type Expense,
  type ExpenseRequest,
  type IncompletePayment,
  type MarkIssuedRequest,
} from '@consultorio/shared';
import { DateTime } from 'luxon';
import yazl from 'yazl';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { keepStoredFile, removeStoredFiles, storeUploadedFile } from '../../platform/stored-files';
import type { Upload } from '../../platform/uploads';
import { forgetStoredFiles, recordStoredFile } from '../files/files.service';
import { markReceitaSaudeIssued, obligedToReceitaSaude, todayIn } from '../finance/finance.service';
import type { SessionUser } from '../sessions/sessions.service';
import { occupationCodeOf } from '../users/users.service';
import { expenseFields, incomeFields, layoutLine, splitIntoFiles } from './carne-leao.layout';
import * as repo from './tax.repository';
import type { ExpenseRow, TaxPaymentRow } from './tax.repository';

const t = messages.tax;

// ---- days in the professional's zone ----

/** The days of a year (first day, first day of the next), refused outside 2025..the current year in the professional's zone. */
function yearDays(owner: SessionUser, year: number, now: Date): { fromDay: string; toDay: string } {
  const currentYear = Number(todayIn(owner.timeZone, now).slice(0, 4));
  if (year < carneLeaoFirstYear || year > currentYear) throw new AppError('VALIDATION', t.validation.yearInvalid(carneLeaoFirstYear, currentYear));
  return { fromDay: `${year}-01-01`, toDay: `${year + 1}-01-01` };
}

function monthDays(month: string): { fromDay: string; toDay: string } {
  const start = DateTime.fromISO(`${month}-01`, { zone: 'UTC' });
  return { fromDay: start.toISODate()!, toDay: start.plus({ months: 1 }).toISODate()! };
}

// ---- payments and Receita Saúde ----

function missingOf(row: TaxPaymentRow): IncompletePayment['missing'] {
  return [...(row.payerDocument ? [] : (['payerDocument'] as const)), ...(row.patientDocument ? [] : (['patientDocument'] as const))];
}

function isComplete(row: TaxPaymentRow): boolean {
  return missingOf(row).length === 0;
}

/** The professional's CPF and occupation, without which the file cannot be made (409). */
function fileProfile(owner: SessionUser): { cpf: string; occupationCode: string } {
  const occupationCode = occupationCodeOf(owner);
  if (!owner.document || !occupationCode) throw new AppError('CARNE_LEAO_PROFILE_INCOMPLETE');
  return { cpf: owner.document, occupationCode };
}

/** Why the income file would be empty: every payment asked for lacks a CPF, or none is to issue, or none at all. */
function emptyFileMessage(query: { year: number; status: 'pending' | 'all' }, someIncomplete: boolean): string {
  if (someIncomplete) return t.errors.allIncomplete(query.year);
  return query.status === 'pending' ? t.errors.nothingPending(query.year) : t.errors.nothingComplete(query.year);
}

export interface CarneLeaoFile {
  filename: string;
  contentType: 'text/csv' | 'application/zip';
  stream: Readable;
}

/**
 * The year's payments as the Carnê-Leão's income file: one line per payment (not per session), on
 * its date, with the Receita Saúde receipt indicator. Cancelled payments and those missing a CPF
 * are left out; `pending` keeps only those not yet issued; 409 rather than an empty file. Over 1,000 lines, a ZIP (written as a
 * stream by yazl) of files of 1,000 lines each.
 */
export async function carneLeaoFile(ctx: Context, owner: SessionUser, query: { year: number; status: 'pending' | 'all' }): Promise<CarneLeaoFile> {
  const { fromDay, toDay } = yearDays(owner, query.year, ctx.clock.now());
  const profile = fileProfile(owner);
  const asked = (await repo.paymentsInRange(ctx.db, owner.id, fromDay, toDay)).filter((row) => query.status === 'all' || row.receitaSaudeStatus === 'pending');
  const rows = asked.filter(isComplete);
  if (rows.length === 0) throw new AppError('CARNE_LEAO_EMPTY', emptyFileMessage(query, asked.length > 0));
  const lines = rows.map((row) =>
    layoutLine(
      incomeFields({
        paidOn: row.paidOn,
        occupationCode: profile.occupationCode,
        amountCents: row.amountCents,
        description: t.file.description(row.receiptNumber),
        payerCpf: row.payerDocument!,
        beneficiaryCpf: row.patientDocument!,
        professionalCpf: profile.cpf,
        professionalRegistration: owner.professionalRegistration,
      }),
    ),
  );
  const parts = splitIntoFiles(lines);
  if (parts.length <= 1) return { filename: t.file.incomeName(query.year), contentType: 'text/csv', stream: Readable.from(lines) };
  const zip = new yazl.ZipFile();
  const mtime = ctx.clock.now();
  parts.forEach((part, index) => zip.addBuffer(Buffer.from(part.join(''), 'latin1'), t.file.partName(query.year, index + 1), { mtime }));
  zip.end();
  return { filename: t.file.zipName(query.year), contentType: 'application/zip', stream: zip.outputStream as Readable };
}

/** After the file was imported: marks the payments it carried as issued (registered by `exportedAt`, now when left out). */
export async function markIssued(ctx: Context, owner: SessionUser, request: MarkIssuedRequest): Promise<number> {
  const now = ctx.clock.now();
  const range = yearDays(owner, request.year, now);
  if (!obligedToReceitaSaude(owner)) throw new AppError('RECEITA_SAUDE_NOT_REQUIRED');
  const today = todayIn(owner.timeZone, now);
  const issuedOn = request.issuedOn ?? today;
  if (issuedOn > today) throw new AppError('VALIDATION', t.validation.futureDate(t.validation.issuedOn));
  const registeredBy = request.exportedAt ? new Date(Math.min(new Date(request.exportedAt).getTime(), now.getTime())) : now;
  return markReceitaSaudeIssued(ctx, owner.id, { ...range, registeredBy }, issuedOn);
}

/** The month in one look: income from individuals, deductible expenses, their difference, and the Receita Saúde counts. */
export async function carneLeaoSummary(ctx: Context, owner: SessionUser, month: string): Promise<CarneLeaoSummary> {
  const { fromDay, toDay } = monthDays(month);
  const obliged = obligedToReceitaSaude(owner);
  const [rows, deductibleExpensesCents, pastPendingCount] = await Promise.all([
    repo.paymentsInRange(ctx.db, owner.id, fromDay, toDay),
    repo.deductibleSum(ctx.db, owner.id, fromDay, toDay),
    obliged ? repo.countPending(ctx.db, owner.id, `${carneLeaoFirstYear}-01-01`, fromDay) : Promise.resolve(0),
  ]);
  const incomeCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  const pending = obliged ? rows.filter((row) => row.receitaSaudeStatus === 'pending') : [];
  const incomplete = pending.filter((row) => !isComplete(row));
  return {
    month,
    obliged,
    incomeCents,
    deductibleExpensesCents,
    differenceCents: incomeCents - deductibleExpensesCents,
    pendingCount: pending.length - incomplete.length,
    issuedCount: rows.filter((row) => row.receitaSaudeStatus === 'issued').length,
    incompleteCount: incomplete.length,
    pastPendingCount,
    incomplete: incomplete.map((row) => ({
      id: row.id,
      receiptNumber: row.receiptNumber,
      paidAt: row.paidOn,
      patientName: row.patientName,
      payerName: row.payerName,
      amountCents: row.amountCents,
      missing: missingOf(row),
    })),
  };
}

// ---- livro-caixa ----

function toExpense(row: ExpenseRow): Expense {
  return {
    id: row.id,
    date: row.spentOn,
    code: row.code,
    deductible: isDeductibleExpenseCode(row.code),
    amountCents: row.amountCents,
    description: row.description,
    receipt: row.receiptFileKey && row.receipt ? { fileKey: row.receiptFileKey, ...row.receipt } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function expenseValues(request: ExpenseRequest) {
  return { spentOn: request.date, code: request.code, amountCents: request.amountCents, description: request.description };
}

async function ownedExpense(ctx: Context, ownerId: string, id: string): Promise<Expense> {
  const row = await repo.findExpense(ctx.db, ownerId, id);
  if (!row) throw new AppError('EXPENSE_NOT_FOUND');
  return toExpense(row);
}

export async function createExpense(ctx: Context, owner: SessionUser, request: ExpenseRequest): Promise<Expense> {
  const id = await repo.insertExpense(ctx.db, { ownerId: owner.id, ...expenseValues(request), createdAt: ctx.clock.now() });
  return ownedExpense(ctx, owner.id, id);
}

export async function updateExpense(ctx: Context, owner: SessionUser, id: string, request: ExpenseRequest): Promise<Expense> {
  if (!(await repo.updateExpense(ctx.db, owner.id, id, expenseValues(request)))) throw new AppError('EXPENSE_NOT_FOUND');
  return ownedExpense(ctx, owner.id, id);
}

/** Deletes the expense and its receipt's file (its row through the files module, then the object once committed). */
export async function deleteExpense(ctx: Context, owner: SessionUser, id: string): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    const found = await repo.lockExpense(tx, owner.id, id);
    if (!found) throw new AppError('EXPENSE_NOT_FOUND');
    await repo.deleteExpense(tx, found.id);
    return found.receiptFileKey ? forgetStoredFiles(tx, owner.id, [found.receiptFileKey]) : [];
  });
  await removeStoredFiles(ctx, keys);
}

/**
 * Attaches the uploaded photo or PDF as the expense's receipt, replacing the one before: the new
 * file's row is recorded and the old one's forgotten through the files module, in one
 * transaction; the old object is removed once it has committed. 415 for another type (told by the bytes).
 */
export async function attachReceipt(ctx: Context, owner: SessionUser, id: string, upload: Upload): Promise<Expense> {
  await ownedExpense(ctx, owner.id, id);
  const { basename: _basename, ...file } = await storeUploadedFile(ctx, 'expense', upload);
  if (!(expenseReceiptTypes as readonly string[]).includes(file.contentType)) {
    await removeStoredFiles(ctx, [file.key]);
    throw new AppError('EXPENSE_RECEIPT_TYPE');
  }
  const replaced = await keepStoredFile(ctx, file.key, () =>
    ctx.db.transaction(async (tx) => {
      const found = await repo.lockExpense(tx, owner.id, id);
      if (!found) return undefined;
      await recordStoredFile(tx, { ownerId: owner.id }, file, ctx.clock.now());
      await repo.setReceipt(tx, found.id, file.key);
      return { keys: found.receiptFileKey ? await forgetStoredFiles(tx, owner.id, [found.receiptFileKey]) : [] };
    }),
  );
  if (!replaced) throw new AppError('EXPENSE_NOT_FOUND');
  await removeStoredFiles(ctx, replaced.keys);
  return ownedExpense(ctx, owner.id, id);
}

export async function removeReceipt(ctx: Context, owner: SessionUser, id: string): Promise<Expense> {
  const keys = await ctx.db.transaction(async (tx) => {
    const found = await repo.lockExpense(tx, owner.id, id);
    if (!found) throw new AppError('EXPENSE_NOT_FOUND');
    if (!found.receiptFileKey) return [];
    await repo.setReceipt(tx, found.id, null);
    return forgetStoredFiles(tx, owner.id, [found.receiptFileKey]);
  });
  await removeStoredFiles(ctx, keys);
  return ownedExpense(ctx, owner.id, id);
}

/** The expenses of a year (400 outside 2025..current), or of one of its months. */
export async function listExpenses(ctx: Context, owner: SessionUser, query: { year: number; month?: string | undefined }): Promise<Expense[]> {
  const year = yearDays(owner, query.year, ctx.clock.now());
  const range = query.month ? monthDays(`${query.year}-${query.month}`) : year;
  return (await repo.listExpenses(ctx.db, owner.id, range.fromDay, range.toDay)).map(toExpense);
}

/** The year's expenses as the Carnê-Leão's payments file (no header, 7 fields). */
export async function expensesFile(ctx: Context, owner: SessionUser, year: number): Promise<{ filename: string; stream: Readable }> {
  const { fromDay, toDay } = yearDays(owner, year, ctx.clock.now());
  const rows = await repo.listExpenses(ctx.db, owner.id, fromDay, toDay);
  if (rows.length === 0) throw new AppError('CARNE_LEAO_EMPTY', t.errors.noExpenses(year));
  const lines = rows.map((row) => layoutLine(expenseFields({ date: row.spentOn, code: row.code, amountCents: row.amountCents, description: row.description })));
  return { filename: t.file.expensesName(year), stream: Readable.from(lines) };
}
