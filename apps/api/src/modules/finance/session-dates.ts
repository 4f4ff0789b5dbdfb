// Apart from receipt-pdf.ts so that the service (mails, the Pix charge) does not load pdfkit,
// which only the receipt worker needs.

export function shortDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
}

/** The sessions' dates as a sentence: '05/03/2026, 12/03/2026 e 19/03/2026'. */
export function sessionDates(starts: readonly Date[], timeZone: string): string {
  return new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' }).format(starts.map((start) => shortDate(start, timeZone)));
}
