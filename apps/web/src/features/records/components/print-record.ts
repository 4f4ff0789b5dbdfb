import { messages } from '@consultorio/shared';

export interface PrintableRecord {
  /** e.g. 'Dra.'; null when the professional has none. */
  professionalTitle: string | null;
  professionalName: string;
  profession: string | null;
  /** e.g. 'CRP 06/123456'; null when the profile has none. */
  registration: string | null;
  patientName: string;
  recordName: string;
  /** Already formatted for reading (pt-BR). */
  createdAt: string;
  updatedAt: string;
  /** The record's rich-text HTML (the editor's own output, sanitized by the server when saved). */
  contentHtml: string;
  /** For a finalized record: when (formatted) and the SHA-256 of its content. */
  finalized: { at: string; hash: string } | null;
  /** Oldest first, each with its formatted time and sanitized HTML. */
  addenda: { at: string; contentHtml: string }[];
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

const printStyles = `
  body { font-family: Arial, Helvetica, sans-serif; color: #111; margin: 24px; line-height: 1.5; }
  header { border-bottom: 1px solid #999; padding-bottom: 12px; margin-bottom: 16px; }
  header h1 { font-size: 20px; margin: 0 0 4px; }
  header p { margin: 2px 0; font-size: 13px; }
  header dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0 0; font-size: 13px; }
  header dt { font-weight: bold; }
  header dd { margin: 0; }
  main img { max-width: 100%; }
  main pre { white-space: pre-wrap; background: #f4f4f4; padding: 8px; }
  section.addenda { border-top: 1px solid #999; margin-top: 16px; }
  section.addenda h2 { font-size: 16px; }
  section.addenda h3 { font-size: 14px; margin: 12px 0 4px; }
  .hash { font-family: monospace; overflow-wrap: anywhere; }
  @page { margin: 16mm; }
`;

function finalizationLines(record: PrintableRecord): string {
  if (record.finalized === null) return '';
  const { at, hash } = record.finalized;
  return `<dt>${escapeHtml(messages.patientExport.finalizedAt)}</dt><dd>${escapeHtml(at)}</dd>
<dt>${escapeHtml(messages.patientExport.hash)}</dt><dd class="hash">${escapeHtml(hash)}</dd>
`;
}

function addendaSection(record: PrintableRecord): string {
  if (record.addenda.length === 0) return '';
  const items = record.addenda
    .map((addendum) => `<h3>${escapeHtml(messages.records.addendumOn(addendum.at))}</h3>\n${addendum.contentHtml}`)
    .join('\n');
  return `<section class="addenda">\n<h2>${escapeHtml(messages.records.addenda)}</h2>\n${items}\n</section>`;
}

/** The whole document of the print window: a header that says whose record it is, then its content. */
export function buildRecordPrintHtml(record: PrintableRecord): string {
  const professional = [record.professionalTitle, record.professionalName].filter(Boolean).join(' ');
  const r = messages.records;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<title>${escapeHtml(r.printTitle)}</title>
<style>${printStyles}</style>
</head>
<body>
<header>
<h1>${escapeHtml(record.recordName)}</h1>
<p><strong>${escapeHtml(r.professional)}:</strong> ${escapeHtml(professional)}${
    record.profession ? ` — ${escapeHtml(record.profession)}` : ''
  }</p>${record.registration ? `\n<p><strong>${escapeHtml(r.registration)}:</strong> ${escapeHtml(record.registration)}</p>` : ''}
<dl>
<dt>${escapeHtml(r.patient)}</dt><dd>${escapeHtml(record.patientName)}</dd>
<dt>${escapeHtml(r.createdAt)}</dt><dd>${escapeHtml(record.createdAt)}</dd>
<dt>${escapeHtml(r.updatedAt)}</dt><dd>${escapeHtml(record.updatedAt)}</dd>
${finalizationLines(record)}</dl>
</header>
<main>${record.contentHtml}</main>
${addendaSection(record)}
</body>
</html>`;
}

/** Opens a new window with the printable record and starts the print dialog; false when the browser blocked it. */
export function printRecord(record: PrintableRecord): boolean {
  const printWindow = window.open('', '_blank');
  if (!printWindow) return false;
  printWindow.document.open();
  printWindow.document.write(buildRecordPrintHtml(record));
  printWindow.document.close();
  printWindow.focus();
  printWindow.print();
  return true;
}
