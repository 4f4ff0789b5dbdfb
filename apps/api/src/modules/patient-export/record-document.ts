import { fullNameOf, messages, ptBrDateFormat, type ClinicalRecord, type RecordAddendum } from '@consultorio/shared';
import { escapeHtml } from '../../platform/sanitize-html';

const p = messages.patientExport;

export interface DocumentPeople {
  professional: { title: string | null; firstName: string; lastName: string | null; profession: string | null; professionalRegistration: string | null };
  patient: { firstName: string; lastName: string | null };
  timeZone: string;
}

function dateTime(iso: string, timeZone: string): string {
  return ptBrDateFormat({ dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/**
 * A record as a standalone HTML document for the patient's exported file: who wrote it, for
 * whom, when, its content (already sanitized when stored), its finalization and its addenda.
 */
export function recordDocument(record: ClinicalRecord, addenda: readonly RecordAddendum[], people: DocumentPeople): string {
  const { professional, timeZone } = people;
  const author = [professional.title, fullNameOf(professional)].filter(Boolean).join(' ');
  const details = [
    `${escapeHtml(p.professional)}: ${escapeHtml(author)}${professional.profession ? ` — ${escapeHtml(professional.profession)}` : ''}`,
    ...(professional.professionalRegistration ? [`${escapeHtml(p.registration)}: ${escapeHtml(professional.professionalRegistration)}`] : []),
    `${escapeHtml(p.patient)}: ${escapeHtml(fullNameOf(people.patient))}`,
    `${escapeHtml(p.createdAt)}: ${dateTime(record.createdAt, timeZone)}`,
    ...(record.lastUpdateDate ? [`${escapeHtml(p.updatedAt)}: ${dateTime(record.lastUpdateDate, timeZone)}`] : []),
    ...(record.finalizedAt
      ? [`${escapeHtml(p.finalizedAt)}: ${dateTime(record.finalizedAt, timeZone)}`, `${escapeHtml(p.hash)}: <code>${escapeHtml(record.contentSha256 ?? '')}</code>`]
      : []),
  ];
  const addendaHtml = addenda.map(
    (addendum) => `<section><h2>${escapeHtml(p.addendum(dateTime(addendum.createdAt, timeZone)))}</h2>${addendum.content}</section>`,
  );
  return [
    '<!doctype html>',
    '<html lang="pt-BR"><head><meta charset="utf-8">',
    `<title>${escapeHtml(p.recordTitle(record.name))}</title>`,
    '</head><body>',
    `<h1>${escapeHtml(p.recordTitle(record.name))}</h1>`,
    `<p>${details.join('<br>')}</p>`,
    '<hr>',
    record.content,
    ...addendaHtml,
    '</body></html>',
  ].join('\n');
}
