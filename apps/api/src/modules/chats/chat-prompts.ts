import { computeScore, messages, ptBrDateFormat, type ChatMessageContent } from '@consultorio/shared';
import { marked } from 'marked';
import type { ModelMessage } from '../../platform/ai';
import { escapeHtml } from '../../platform/sanitize-html';
import { htmlToPlainText, type ExtractedText } from '../../platform/text-extraction';
import type { FormWithTemplate } from '../forms/forms.service';
import type { RecordRow } from '../records/records.service';
import type { ChatMessageRow } from './chats.repository';

const tr = messages.chats.transcript;
/** A date and time as the assistant and the transcript show it: pt-BR, in the professional's time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  return ptBrDateFormat({ dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);
}

/** The history as the model reads it: the professional's turns as the user, the assistant's as its own. */
export function toModelMessages(rows: readonly ChatMessageRow[]): ModelMessage[] {
  return rows.map((row) => ({ role: row.sender === 'user' ? 'user' : 'assistant', content: row.modelText }));
}

/** A form as questions and answers, section by section, with its score when the questionnaire has one. */
export function formModelText({ form, template }: FormWithTemplate): string {
  const lines = [`Formulário "${form.name}" (questionário: ${template.name}), preenchido para o paciente:`];
  for (const section of template.content) {
    lines.push('', `## ${section.title}`);
    for (const field of section.fields) {
      const answer = form.content[String(field.number)];
      const shown = answer === undefined || answer === '' ? '(sem resposta)' : optionLabel(field.options, String(answer));
      lines.push(`${field.number}. ${field.label}: ${shown}`);
    }
  }
  if (template.scoring) {
    const score = computeScore({ content: template.content, scoring: template.scoring }, form.content);
    lines.push('', `${score.label}: ${score.total} de ${score.max} (${score.answered} de ${score.expected} itens respondidos)`);
    if (score.band) lines.push(`Faixa: ${score.band}`);
    for (const alert of score.alerts) lines.push(`Alerta: ${alert}`);
  }
  return lines.join('\n');
}

function optionLabel(options: readonly { value: string; label: string }[], value: string): string {
  const option = options.find((candidate) => candidate.value === value);
  return option ? `${option.label} (${option.value})` : value;
}

/** A record as plain text, under its name and dates. */
export async function recordModelText(record: RecordRow, timeZone: string): Promise<string> {
  const text = (await htmlToPlainText(record.content)).trim();
  return [
    `Prontuário "${record.name}" (criado em ${formatDateTime(record.createdAt, timeZone)}):`,
    '',
    text || '(prontuário sem texto)',
  ].join('\n');
}

export interface SentFile {
  name: string;
  /** The text read from it, or null when its type is not read. */
  extracted: ExtractedText | null;
}

/** The files' names and the text read from each, then the professional's words. */
export function attachmentsModelText(files: readonly SentFile[], userText: string | undefined): string {
  const parts = [`O profissional enviou ${files.length === 1 ? 'o arquivo' : 'os arquivos'}: ${files.map((file) => file.name).join(', ')}.`];
  for (const file of files) parts.push('', `--- ${file.name} ---`, describeFile(file));
  if (userText) parts.push('', `Mensagem do profissional: ${userText}`);
  return parts.join('\n');
}

function describeFile({ extracted }: SentFile): string {
  if (!extracted) return '(arquivo guardado; o conteúdo deste tipo de arquivo não é lido pelo assistente)';
  if (!extracted.text) return '(não foi possível ler o texto deste arquivo)';
  return extracted.truncated ? `${extracted.text}\n[…o restante do arquivo foi cortado]` : extracted.text;
}

/** What a message shows for files: the names, the text if any, and the files whose text could not be read. */
export function attachmentsContent(files: readonly SentFile[], userText: string | undefined): ChatMessageContent {
  const unreadable = files.filter((file) => file.extracted?.unreadable).map((file) => file.name);
  return {
    ...(userText ? { text: userText } : {}),
    attachments: files.map((file) => file.name),
    ...(unreadable.length > 0 ? { unreadable } : {}),
  };
}

export const clinicalNoteInstructions = [
  'Você redige prontuários clínicos em português do Brasil para profissionais de saúde.',
  'A partir da transcrição de uma sessão entre o profissional e um assistente de IA, escreva uma nota clínica estruturada em Markdown com exatamente estas seções, nesta ordem:',
  '## Identificação',
  '## Queixa principal',
  '## Observações',
  '## Plano',
  'Use apenas informações presentes na transcrição, em linguagem técnica, objetiva e impessoal. Nunca invente dados, falas, escores ou diagnósticos; quando uma seção não tiver informação, escreva "Não informado". Diferencie o que foi relatado do que foi observado. Não inclua comentários sobre você nem sobre a transcrição.',
].join('\n');

/** The session as one text for the note's writer. */
export function transcriptForNote(chatName: string, patientName: string, rows: readonly ChatMessageRow[], timeZone: string): string {
  const turns = rows.map((row) => `[${formatDateTime(row.createdAt, timeZone)}] ${row.sender === 'user' ? 'Profissional' : 'Assistente'}:\n${row.modelText}`);
  return [`Sessão "${chatName}" sobre o paciente ${patientName}.`, '', 'Transcrição:', '', ...turns].join('\n\n');
}

/** The model's Markdown as HTML (sanitized like anything the editor saves when it is stored). */
export function noteHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

function contentLines(content: ChatMessageContent): string[] {
  const lines: string[] = [];
  if (content.form) lines.push(tr.formSent(content.form));
  if (content.record) lines.push(tr.recordSent(content.record));
  if (content.attachments?.length) lines.push(tr.filesSent(content.attachments.join(', ')));
  if (content.text) lines.push(...content.text.split('\n'));
  return lines;
}

/**
 * The record made without a model: the session as it happened, dated and marked as a
 * transcript, so nobody mistakes it for a clinical note.
 */
export function transcriptHtml(options: {
  chatName: string;
  assistantName: string;
  patientName: string;
  rows: readonly ChatMessageRow[];
  now: Date;
  timeZone: string;
}): string {
  const header: string[] = [
    `<h2>${escapeHtml(tr.title(options.chatName))}</h2>`,
    `<p><em>${escapeHtml(tr.notice(formatDateTime(options.now, options.timeZone)))}</em></p>`,
    `<p><strong>${tr.patient}</strong> ${escapeHtml(options.patientName)}<br><strong>${tr.assistant}</strong> ${escapeHtml(options.assistantName)}</p>`,
  ];
  // The offline assistant's notices say nothing about the patient: a clean transcript leaves them out.
  const rows = options.rows.filter((row) => !(row.sender === 'other' && row.content.text === messages.chats.offlineAnswer));
  const omitted = rows.length < options.rows.length;
  if (omitted) header.push(`<p><em>${escapeHtml(tr.offlineOmitted)}</em></p>`);
  const turns = rows.map((row) => {
    const who = row.sender === 'user' ? tr.professional : tr.assistantTurn;
    const body = contentLines(row.content).map(escapeHtml).join('<br>');
    return `<p><strong>${who} (${formatDateTime(row.createdAt, options.timeZone)}):</strong><br>${body}</p>`;
  });
  return [...header, ...turns].join('');
}
