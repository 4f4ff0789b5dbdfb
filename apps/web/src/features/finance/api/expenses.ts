import { hasExpenseBook, taxApi, type Expense, type ExpenseInput } from '@consultorio/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { changes, financeQueryKey } from '../../../lib/query-keys';

const expensesKey = [...financeQueryKey, 'expenses'] as const;

export async function listExpenses(month: string, signal?: AbortSignal): Promise<Expense[]> {
  const response = await apiClient.call(taxApi.listExpenses, { query: { year: Number(month.slice(0, 4)), month: month.slice(5, 7) }, signal });
  return response.data.expenses;
}

export function expensesQueryOptions(month: string) {
  return queryOptions({ queryKey: [...expensesKey, month], queryFn: ({ signal }) => listExpenses(month, signal) });
}

/** The month's livro-caixa (nothing is asked for a month without one). */
export function useExpenses(month: string, currentYear: number) {
  return useQuery({ ...expensesQueryOptions(month), enabled: hasExpenseBook(month, currentYear) });
}

/** Every money figure is read again after an expense changes (the Receita Saúde panel's deductible sum too). */
const meta = changes('expenses');

export function useCreateExpense() {
  return useMutation({ mutationFn: (body: ExpenseInput) => apiClient.call(taxApi.createExpense, { body }), meta });
}

export function useUpdateExpense() {
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: ExpenseInput }) => apiClient.call(taxApi.updateExpense, { params: { id }, body }), meta });
}

export function useDeleteExpense() {
  return useMutation({ mutationFn: (id: string) => apiClient.call(taxApi.deleteExpense, { params: { id } }), meta });
}

export function useAttachExpenseReceipt() {
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiClient.call(taxApi.attachExpenseReceipt, { params: { id }, body });
    },
    meta,
  });
}

export function useRemoveExpenseReceipt() {
  return useMutation({ mutationFn: (id: string) => apiClient.call(taxApi.removeExpenseReceipt, { params: { id } }), meta });
}
