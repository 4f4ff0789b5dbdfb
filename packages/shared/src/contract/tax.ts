import { z } from 'zod';
import { messageEnvelope } from '../schemas/common';
import {
  carneLeaoExpensesFileQuery,
  carneLeaoFileQuery,
  carneLeaoSummaryQuery,
  carneLeaoSummaryResponse,
  expenseListQuery,
  expenseListResponse,
  expenseRequest,
  expenseResponse,
  markIssuedRequest,
  markIssuedResponse,
} from '../schemas/tax';
import { limits } from '../constants/limits';
import { expenseReceiptTypes } from '../rules/finance-values';
import { idParams } from './common';
import { binaryAnswer, defineRoute } from './route';

const tag = 'tax';

export const taxApi = {
  /**
   * The year's payments as the Carnê-Leão Web imports them ('Escrituração > Importar'): one income
   * line per payment with the Receita Saúde receipt indicator, no header, ';' between fields. Cancelled
   * payments and those missing a CPF are left out. Over 1,000 lines, a ZIP of files of 1,000 lines.
   * 400 for a year outside 2025..current; 409 without the professional's CPF or occupation code.
   */
  carneLeaoFile: defineRoute({
    method: 'GET',
    path: '/v1/users/me/finance/carne-leao',
    access: 'session',
    tag,
    query: carneLeaoFileQuery,
    status: 200,
    response: binaryAnswer('the Carnê-Leão income file: a CSV, or a ZIP of CSVs over 1,000 lines'),
    raw: ['text/csv', 'application/zip'],
    errors: { 409: ['CARNE_LEAO_PROFILE_INCOMPLETE', 'CARNE_LEAO_EMPTY'] },
  }),
  /** The year's livro-caixa expenses as the Carnê-Leão's payments file (7 fields, no header). */
  carneLeaoExpensesFile: defineRoute({
    method: 'GET',
    path: '/v1/users/me/finance/carne-leao/expenses',
    access: 'session',
    tag,
    query: carneLeaoExpensesFileQuery,
    status: 200,
    response: z.string().describe('the Carnê-Leão payments file, a CSV'),
    raw: 'text/csv',
    errors: { 409: ['CARNE_LEAO_EMPTY'] },
  }),
  /** The month's income from individuals, deductible expenses, their difference and the Receita Saúde counts. */
  carneLeaoSummary: defineRoute({
    method: 'GET',
    path: '/v1/users/me/finance/carne-leao/summary',
    access: 'session',
    tag,
    query: carneLeaoSummaryQuery,
    status: 200,
    response: carneLeaoSummaryResponse,
  }),
  /** After importing the file: marks the payments it carried as issued in Receita Saúde; answers how many. 409 when not obliged. */
  markIssued: defineRoute({
    method: 'POST',
    path: '/v1/users/me/finance/carne-leao/mark-issued',
    access: 'session',
    tag,
    body: markIssuedRequest,
    status: 200,
    response: markIssuedResponse,
    errors: { 409: ['RECEITA_SAUDE_NOT_REQUIRED'] },
  }),
  createExpense: defineRoute({
    method: 'POST',
    path: '/v1/users/me/expenses',
    access: 'session',
    tag,
    body: expenseRequest,
    status: 201,
    response: expenseResponse,
  }),
  /** The livro-caixa's expenses of a year, or of one of its months, by date. */
  listExpenses: defineRoute({
    method: 'GET',
    path: '/v1/users/me/expenses',
    access: 'session',
    tag,
    query: expenseListQuery,
    status: 200,
    response: expenseListResponse,
  }),
  updateExpense: defineRoute({
    method: 'PUT',
    path: '/v1/expenses/:id',
    access: 'session',
    tag,
    params: idParams,
    body: expenseRequest,
    errors: { 404: ['EXPENSE_NOT_FOUND'] },
    status: 200,
    response: expenseResponse,
  }),
  /** Attaches (or replaces) the expense's receipt: one photo or PDF in the part `file`; 415 for another type. */
  attachExpenseReceipt: defineRoute({
    method: 'PUT',
    path: '/v1/expenses/:id/receipt',
    access: 'session',
    tag,
    params: idParams,
    multipart: { fileField: 'file', maxFiles: 1, maxFileBytes: limits.attachmentMaxBytes, fileTypes: expenseReceiptTypes },
    errors: { 404: ['EXPENSE_NOT_FOUND'], 415: ['EXPENSE_RECEIPT_TYPE'] },
    status: 200,
    response: expenseResponse,
  }),
  removeExpenseReceipt: defineRoute({
    method: 'DELETE',
    path: '/v1/expenses/:id/receipt',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['EXPENSE_NOT_FOUND'] },
    status: 200,
    response: expenseResponse,
  }),
  deleteExpense: defineRoute({
    method: 'DELETE',
    path: '/v1/expenses/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['EXPENSE_NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
};
