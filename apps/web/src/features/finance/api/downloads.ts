import { financeApi, pathOf, urlOf } from '@consultorio/shared';

/** The receipt's PDF, served to its owner (the browser sends the session cookie). */
export function receiptUrl(paymentId: string): string {
  return pathOf(financeApi.receipt, { id: paymentId });
}

/** The month's report as CSV. */
export function reportUrl(month: string): string {
  return urlOf(financeApi.report, { query: { month, format: 'csv' } });
}
