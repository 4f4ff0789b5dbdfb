// Hostile documents for the hardening tests and the benchmark: small on the wire, heavy to parse.
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import yazl from 'yazl';

/**
 * A DOCX (a zip) whose document.xml inflates to about `inflatedBytes` of repeated paragraphs:
 * a few hundred kilobytes on the wire, a zip bomb for a parser that inflates it.
 */
export async function makeDocxBomb(inflatedBytes) {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  const paragraph = '<w:p><w:r><w:t>Paciente relata ansiedade.</w:t></w:r></w:p>'.repeat(1000);
  const paragraphs = Math.ceil(inflatedBytes / paragraph.length);
  async function* documentXml() {
    yield '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
    for (let index = 0; index < paragraphs; index++) yield paragraph;
    yield '</w:body></w:document>';
  }
  zip.addReadStream(Readable.from(documentXml()), 'word/document.xml');
  zip.end();
  const chunks = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A one-page PDF whose content stream (deflated) holds `operators` text-showing operators, each
 * on a new line: small on the wire, slow and large for a parser that lays out every one.
 * Written by hand: pdf-lib takes long to make it.
 */
export function makeHeavyPdf(operators) {
  const content = deflateSync(Buffer.from(`BT /F1 12 Tf 72 700 Td ${'(ab) Tj 0 -1 Td '.repeat(operators)}ET`, 'latin1'));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0].length;
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), Buffer.from(body), Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(object);
    length += object.length;
  });
  let trailer = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) trailer += `${String(offset).padStart(10, '0')} 00000 n \n`;
  trailer += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(trailer, 'latin1'));
  return Buffer.concat(parts);
}
