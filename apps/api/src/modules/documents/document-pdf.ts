import { messages, ptBrDateFormat, type DocumentKind, type DocumentSession } from '@consultorio/shared';
import { newPdfDocument, pdfFonts } from '../../platform/pdf';

const p = messages.documents.pdf;

/** Everything a document's PDF prints, as of the day it is written (issued, or previewed as a draft). */
export interface DocumentContent {
  kind: DocumentKind;
  title: string;
  psychologist: boolean;
  /** A draft's preview says so across its top. */
  draft: boolean;
  patientName: string;
  purpose: string;
  recipient: string;
  /** The written sections, in the kind's order, empty ones left out. */
  sections: ReadonlyArray<{ title: string; text: string }>;
  /** A declaration's sessions, oldest first. */
  sessions: readonly DocumentSession[];
  professional: { name: string; profession: string | null; registration: string | null; city: string | null };
  /** ISO instant: the document's date. */
  date: string;
  timeZone: string;
}

const MARGIN = 64;
/** Room under the text for the footer ('Página X de Y' and the initials). */
const FOOTER_ROOM = 56;

function dayOf(instant: string, timeZone: string): string {
  return ptBrDateFormat({ weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(new Date(instant));
}

function timeOf(instant: string, timeZone: string): string {
  return ptBrDateFormat({ hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(instant));
}

function longDate(instant: string, timeZone: string): string {
  return ptBrDateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(instant));
}

/** One session of a declaration: its day, times, length and where it was held. */
export function sessionLine(session: DocumentSession, timeZone: string): string {
  const minutes = Math.round((Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 60_000);
  const where = session.modality === 'online' ? p.online : p.inPerson(session.location);
  return p.session(dayOf(session.startsAt, timeZone), timeOf(session.startsAt, timeZone), timeOf(session.endsAt, timeZone), minutes, where);
}

/**
 * The document's text blocks in order (also what the tests read back). A declaration holds the
 * patient, the sessions and the purpose only (Resolução CFP 06/2019, art. 9); the other kinds an
 * identification (author, interested party, requester, purpose) and their written sections.
 */
export function documentBlocks(content: DocumentContent) {
  const { professional } = content;
  const author = [professional.name, professional.registration].filter(Boolean).join(' — ');
  const body =
    content.kind === 'declaracao'
      ? {
          intro: p.declarationIntro(content.patientName, content.psychologist),
          sessions: content.sessions.map((session) => sessionLine(session, content.timeZone)),
          closing: [p.declarationPurpose(content.purpose), p.declarationRecipient(content.recipient)],
          identification: [],
        }
      : {
          intro: null,
          sessions: [],
          closing: [],
          identification: [p.author(author), p.subject(content.patientName), p.requester(content.recipient), p.purpose(content.purpose)],
        };
  return {
    title: content.title,
    draft: content.draft ? p.draft : null,
    ...body,
    sections: content.sections,
    cityDate: p.cityDate(professional.city, longDate(content.date, content.timeZone)),
    signature: [professional.name, professional.profession ?? '', professional.registration ?? ''].filter((line) => line !== ''),
  };
}

type Doc = PDFKit.PDFDocument;

function textWidth(doc: Doc): number {
  return doc.page.width - 2 * MARGIN;
}

/** Starts a new page when fewer than `height` points are left above the footer. */
function keepTogether(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function writeParagraphs(doc: Doc, text: string): void {
  for (const paragraph of text.split(/\n\s*\n/)) {
    doc.font(pdfFonts.regular).fontSize(11.5).text(paragraph.trim(), { align: 'justify', lineGap: 3 });
    doc.moveDown(0.5);
  }
}

function writeSignature(doc: Doc, lines: readonly string[], cityDate: string): void {
  keepTogether(doc, 150);
  doc.moveDown(1);
  doc.font(pdfFonts.regular).fontSize(11.5).text(cityDate, { align: 'right' });
  doc.moveDown(3.5);
  const lineWidth = 260;
  const x = MARGIN + (textWidth(doc) - lineWidth) / 2;
  doc.moveTo(x, doc.y).lineTo(x + lineWidth, doc.y).lineWidth(0.8).stroke();
  doc.moveDown(0.4);
  for (const [index, line] of lines.entries()) {
    doc.font(index === 0 ? pdfFonts.bold : pdfFonts.regular).fontSize(index === 0 ? 11.5 : 10.5).text(line, { align: 'center' });
  }
}

/**
 * 'Página X de Y' on every page, and room for the initials on every page but the last, which
 * carries the signature (the resolution asks the pages before it to be initialled).
 */
function writeFooters(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Text in the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - FOOTER_ROOM + 16;
    doc.font(pdfFonts.regular).fontSize(9);
    if (index < start + count - 1) doc.text(p.initials, MARGIN, y, { lineBreak: false });
    doc.text(p.page(index - start + 1, count), MARGIN, y, { width: textWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The document as an A4 PDF in the app's embedded Unicode font, as the document stream, already
 * ended. It runs in the document worker (document-renderer.ts), never in the server's thread.
 */
export function documentPdf(content: DocumentContent): Doc {
  const blocks = documentBlocks(content);
  const doc = newPdfDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER_ROOM + 16 },
    info: { Title: `${blocks.title} — ${content.patientName}`, Author: content.professional.name, Creator: p.issuedBy },
  });
  doc.font(pdfFonts.bold).fontSize(18).text(blocks.title, { align: 'center' });
  if (blocks.draft) {
    doc.moveDown(0.4);
    doc.font(pdfFonts.bold).fontSize(10.5).fillColor('#c92a2a').text(blocks.draft, { align: 'center' }).fillColor('black');
  }
  doc.moveDown(1.5);
  if (blocks.identification.length > 0) {
    doc.font(pdfFonts.bold).fontSize(12).text(p.identification);
    doc.moveDown(0.3);
    for (const line of blocks.identification) doc.font(pdfFonts.regular).fontSize(11.5).text(line, { lineGap: 2 });
    doc.moveDown(1);
  }
  if (blocks.intro) writeParagraphs(doc, blocks.intro);
  for (const line of blocks.sessions) doc.font(pdfFonts.regular).fontSize(11.5).text(`•  ${line}`, { indent: 12, lineGap: 3 });
  if (blocks.sessions.length > 0) doc.moveDown(0.8);
  for (const line of blocks.closing) writeParagraphs(doc, line);
  for (const section of blocks.sections) {
    keepTogether(doc, 60);
    doc.font(pdfFonts.bold).fontSize(12).text(section.title);
    doc.moveDown(0.3);
    writeParagraphs(doc, section.text);
    doc.moveDown(0.5);
  }
  writeSignature(doc, blocks.signature, blocks.cityDate);
  writeFooters(doc);
  doc.end();
  return doc;
}

export async function documentPdfBuffer(content: DocumentContent): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of documentPdf(content)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
