import { financeApi, taxApi, type CarneLeaoSummary, type ReceitaSaudeUpdate } from '@consultorio/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { changes, financeQueryKey } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';

export async function getCarneLeaoSummary(month: string, signal?: AbortSignal): Promise<CarneLeaoSummary> {
  const response = await apiClient.call(taxApi.carneLeaoSummary, { query: { month }, signal });
  return response.data.carneLeao;
}

export function carneLeaoSummaryQueryOptions(month: string) {
  return queryOptions({ queryKey: [...financeQueryKey, 'carne-leao', month], queryFn: ({ signal }) => getCarneLeaoSummary(month, signal) });
}

/** The month's income, deductible expenses and Receita Saúde counts (the 'Receita Saúde' panel). */
export function useCarneLeaoSummary(month: string) {
  return useQuery(carneLeaoSummaryQueryOptions(month));
}

/** The year's Carnê-Leão income file (the payments still to issue, or all of them); 409 with the reason when it would be empty. */
export function downloadCarneLeaoFile({ year, status }: { year: number; status: 'pending' | 'all' }) {
  return apiClient.download(taxApi.carneLeaoFile, { query: { year, format: 'csv', status } });
}

/** The year's livro-caixa as the Carnê-Leão's payments file; 409 when no expense was entered. */
export function downloadCarneLeaoExpenses({ year }: { year: number }) {
  return apiClient.download(taxApi.carneLeaoExpensesFile, { query: { year, format: 'csv' } });
}

/** Downloads one of the year's files and hands it to the browser; a refusal is toasted with its reason. */
export function useCarneLeaoDownload<V>(fetchFile: (variables: V) => Promise<{ blob: Blob; filename: string | null }>, fallbackName: (variables: V) => string) {
  return useMutation({
    mutationFn: fetchFile,
    onSuccess: ({ blob, filename }, variables) => saveFile(blob, filename ?? fallbackName(variables)),
  });
}

export function markIssued(body: { year: number; exportedAt?: string; issuedOn?: string }) {
  return apiClient.call(taxApi.markIssued, { body });
}

/** Marks what the downloaded file carried as issued in Receita Saúde. */
export function useMarkIssued() {
  return useMutation({ mutationFn: markIssued, meta: changes('payments') });
}

export function updateReceitaSaude({ paymentId, ...body }: { paymentId: string } & Partial<ReceitaSaudeUpdate> & Pick<ReceitaSaudeUpdate, 'status'>) {
  return apiClient.call(financeApi.updateReceitaSaude, { params: { id: paymentId }, body });
}

/** One payment's Receita Saúde state (and its CPFs). */
export function useUpdateReceitaSaude() {
  return useMutation({ mutationFn: updateReceitaSaude, meta: changes('payments') });
}
