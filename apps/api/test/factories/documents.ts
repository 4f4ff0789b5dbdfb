import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A PDF with one line of text per entry, as many pages as needed. The standard Helvetica font
 * encodes WinAnsi only: Portuguese accents are fine, characters outside it (emoji, CJK) throw.
 */
export async function makePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const size = 12;
  const lineHeight = 16;
  let page = pdf.addPage();
  let y = page.getHeight() - 50;
  for (const line of lines) {
    if (y < 50) {
      page = pdf.addPage();
      y = page.getHeight() - 50;
    }
    page.drawText(line, { x: 50, y, size, font });
    y -= lineHeight;
  }
  return Buffer.from(await pdf.save());
}

/** A Word (.docx) document with one paragraph per entry. */
export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Packer.toBuffer(document);
}

export { makeDocxBomb, makeHeavyPdf } from '../../../../scripts/hostile-files.mjs';
