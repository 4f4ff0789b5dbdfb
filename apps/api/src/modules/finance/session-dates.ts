// Apart from receipt-pdf.ts so that the service (mails, the Pix charge) does not load pdfkit,
// which only the receipt worker needs.
import { ptBrDateFormat, ptBrList } from '@consultorio/shared';

export function shortDate(date: Date, timeZone: string): string {
  return ptBrDateFormat({ day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
}

/** The sessions' dates as a sentence: '05/03/2026, 12/03/2026 e 19/03/2026'. */
export function sessionDates(starts: readonly Date[], timeZone: string): string {
  return ptBrList(starts.map((start) => shortDate(start, timeZone)));
}
