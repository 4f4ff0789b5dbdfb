import { formatCents, formatCnpj, formatCpf, messages, professionalNameOf, ptBrDateFormat, type Gender } from '@consultorio/shared';
import { newPdfDocument, pdfFonts } from '../../platform/pdf';
import { amountInWords } from './amount-in-words';
import { sessionDates, shortDate } from './session-dates';

const r = messages.finance.receipt;

/** Everything a receipt prints, as of the day the payment was registered. */
export interface ReceiptContent {
  number: number;
  amountCents: number;
  /** yyyy-mm-dd */
  paidOn: string;
  /** When the payment was registered: a session that had not started by then (or whose day is after `paidOn`) was paid in advance. */
  issuedAt: Date;
  method: string;
  note: string | null;
  payer: { name: string; document: string | null };
  /** The gender as it is now (not kept with the payment): only the words that agree with it depend on it. */
  patient: { name: string; document: string | null; gender: Gender | null };
  /** The sessions' starts, oldest first. */
  sessionStarts: readonly Date[];
  /** The sessions this payment paid only part of: what it paid and the session's fee. */
  partialSessions: readonly { startsAt: Date; paidCents: number; feeCents: number }[];
  professional: {
    title: string | null;
    firstName: string;
    lastName: string | null;
    document: string | null;
    profession: string | null;
    professionalRegistration: string | null;
    city: string | null;
    /** 'Endereço do consultório'. */
    officeAddress: string | null;
  };
  /** What the receipt says of taxes: that it does not replace Receita Saúde's (an obliged individual), or the company's CNPJ. */
  tax?: { obliged: boolean; cnpj: string | null };
  timeZone: string;
  /** A cancelled receipt says so across its top. */
  voided?: { on: Date; reason: string } | null;
}

/** yyyy-mm-dd in the zone. */
function dayIn(date: Date, timeZone: string): string {
  return shortDate(date, timeZone).split('/').reverse().join('-');
}

/**
 * The sessions held by the time the payment was registered (and by its day), and those paid in
 * advance, each with its dates; null for a kind there is none of.
 */
function sessionsByKind(content: ReceiptContent) {
  const wasHeld = (start: Date) => start <= content.issuedAt && dayIn(start, content.timeZone) <= content.paidOn;
  const kind = (starts: readonly Date[]) => (starts.length === 0 ? null : { count: starts.length, dates: sessionDates(starts, content.timeZone) });
  return {
    held: kind(content.sessionStarts.filter(wasHeld)),
    upcoming: kind(content.sessionStarts.filter((start) => !wasHeld(start))),
  };
}

function longDay(isoDay: string): string {
  return ptBrDateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDay}T12:00:00Z`));
}

function taxLines(tax: ReceiptContent['tax']): string[] {
  const t = messages.tax.receipt;
  if (tax?.cnpj) return [t.company(formatCnpj(tax.cnpj))];
  return tax?.obliged ? [t.notReceitaSaude] : [];
}

/** The receipt's paragraphs, in order (also what the tests read back from the PDF). */
export function receiptLines(content: ReceiptContent) {
  const { professional } = content;
  const amount = formatCents(content.amountCents);
  const count = content.sessionStarts.length;
  const service = count === 1 ? messages.finance.serviceSingular(professional.profession) : messages.finance.servicePlural(professional.profession);
  const body = [
    r.body(content.payer.name, content.payer.document ? formatCpf(content.payer.document) : null, amount, amountInWords(content.amountCents)),
    r.service(service, count, sessionsByKind(content)),
  ].join(' ');
  const samePerson = content.payer.name === content.patient.name && content.payer.document === content.patient.document;
  return {
    title: r.title,
    number: r.number(content.number),
    voided: content.voided ? r.voided(shortDate(content.voided.on, content.timeZone), content.voided.reason) : null,
    amountBox: r.amountBox(amount),
    body,
    details: [
      ...content.partialSessions.map((session) => r.partial(shortDate(session.startsAt, content.timeZone), formatCents(session.paidCents), formatCents(session.feeCents))),
      ...(samePerson ? [] : [r.beneficiary(content.patient.name, content.patient.document ? formatCpf(content.patient.document) : null, content.patient.gender)]),
      r.method(content.method),
      ...(content.note ? [r.note(content.note)] : []),
      ...taxLines(content.tax),
    ],
    cityDate: r.cityDate(professional.city, longDay(content.paidOn)),
    signature: [
      professionalNameOf(professional),
      [professional.profession, professional.professionalRegistration].filter(Boolean).join(' — '),
      professional.document ? r.professionalDocument(formatCpf(professional.document)) : r.noDocument,
      professional.officeAddress ?? '',
    ].filter((line) => line !== ''),
  };
}

/**
 * The receipt as a one-page A4 PDF (pdfkit, in the app's embedded Unicode font), as the document
 * stream, already ended. It runs in the receipt worker (receipt-renderer.ts), never in the
 * server's thread.
 */
export function receiptPdf(content: ReceiptContent): PDFKit.PDFDocument {
  const lines = receiptLines(content);
  const doc = newPdfDocument({
    size: 'A4',
    margin: 64,
    info: { Title: `${lines.title} ${lines.number}`, Author: professionalNameOf(content.professional), Creator: r.issuedBy },
  });
  const width = doc.page.width - 128;
  doc.font(pdfFonts.bold).fontSize(22).text(lines.title, { align: 'center' });
  doc.moveDown(0.3);
  doc.font(pdfFonts.regular).fontSize(12).text(lines.number, { align: 'center' });
  if (lines.voided) {
    doc.moveDown(0.6);
    doc.font(pdfFonts.bold).fontSize(13).fillColor('#c92a2a').text(lines.voided, { align: 'center' }).fillColor('black');
  }
  doc.moveDown(1.2);
  doc.font(pdfFonts.bold).fontSize(14).text(lines.amountBox, { align: 'right' });
  doc.moveDown(1.5);
  doc.font(pdfFonts.regular).fontSize(12).text(lines.body, { align: 'justify', lineGap: 4 });
  doc.moveDown(0.8);
  for (const line of lines.details) doc.text(line, { lineGap: 4 });
  doc.moveDown(2);
  doc.text(lines.cityDate, { align: 'right' });
  doc.moveDown(4);
  const lineWidth = 260;
  const x = 64 + (width - lineWidth) / 2;
  doc.moveTo(x, doc.y).lineTo(x + lineWidth, doc.y).lineWidth(0.8).stroke();
  doc.moveDown(0.5);
  for (const [index, line] of lines.signature.entries()) {
    doc.font(index === 0 ? pdfFonts.bold : pdfFonts.regular).fontSize(index === 0 ? 12 : 11).text(line, { align: 'center' });
  }
  doc.end();
  return doc;
}

/** The whole PDF (about 20 KB, most of it the subsets of the embedded fonts). */
export async function receiptPdfBuffer(content: ReceiptContent): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of receiptPdf(content)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
