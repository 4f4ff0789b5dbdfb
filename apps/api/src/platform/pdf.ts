import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The names of the fonts every PDF the app writes uses: DejaVu Sans, regular and bold (the
 * `dejavu-fonts-ttf` package), embedded as subsets. pdfkit's standard Helvetica is never used:
 * its WinAnsi encoding garbles any letter outside Western European ones ('Łukasz Nguyễn Đặng').
 */
export const pdfFonts = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

type FontName = (typeof pdfFonts)[keyof typeof pdfFonts];
type Font = fontkit.Font;

let loaded: Record<FontName, Font> | undefined;

function openFont(file: string): Font {
  // Resolved as a module path (not with createRequire, which the API bundle's banner declares already).
  const font = fontkit.openSync(fileURLToPath(import.meta.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  return font;
}

/**
 * The fonts, read once per process (the receipt worker): a font read anew for each document
 * spends most of that document's time parsing its layout tables again.
 */
function fonts(): Record<FontName, Font> {
  loaded ??= { [pdfFonts.regular]: openFont('DejaVuSans.ttf'), [pdfFonts.bold]: openFont('DejaVuSans-Bold.ttf') };
  return loaded;
}

/** pdfkit 0.20 takes a fontkit font where it takes a file (PDFFontFactory.open); its types list files only. */
function asSource(font: Font): PDFKit.Mixins.PDFFontSource {
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}

/** A new PDF document that writes in `pdfFonts` (regular by default). Every PDF the app makes starts here. */
export function newPdfDocument(options: Omit<PDFKit.PDFDocumentOptions, 'font'>): PDFKit.PDFDocument {
  const loadedFonts = fonts();
  // The default font is given at construction (the option is typed as a file name), or pdfkit would add Helvetica to the file.
  const doc = new PDFDocument({ ...options, font: asSource(loadedFonts[pdfFonts.regular]) as string });
  for (const name of Object.values(pdfFonts)) doc.registerFont(name, asSource(loadedFonts[name]));
  return doc.font(pdfFonts.regular);
}
