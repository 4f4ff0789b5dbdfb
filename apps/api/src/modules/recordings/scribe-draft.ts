import type { DraftSection, DraftSentence, TranscriptSegment } from '@consultorio/shared';
import { z } from 'zod';
import type { ChatModel, ModelRequest } from '../../platform/ai';
import { escapeHtml } from '../../platform/sanitize-html';

/** The model answered something that is not the draft asked for. */
export class DraftFormatError extends Error {}

const instructions = [
  'Você é um assistente de documentação clínica de um(a) psicólogo(a) no Brasil.',
  'Recebe a transcrição de uma sessão, em trechos numerados, e as seções do modelo de evolução do(a) profissional.',
  'Escreva um rascunho da evolução em português do Brasil, objetivo e na terceira pessoa, seguindo as seções na ordem dada.',
  'Use apenas o que está na transcrição: não invente fatos, diagnósticos nem falas. Deixe vazia uma seção sem conteúdo na transcrição.',
  'Cada frase deve citar, em "segmentIds", os números dos trechos da transcrição em que se baseia.',
  'Responda somente com JSON, sem texto antes ou depois, no formato:',
  '{"sections":[{"title":"<título da seção>","sentences":[{"text":"<frase>","segmentIds":[1,2]}]}]}',
].join('\n');

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** What the chat model is asked: the template's sections and the numbered transcript. */
export function draftRequest(headings: readonly string[], segments: readonly TranscriptSegment[]): ModelRequest {
  const transcript = segments.map((segment) => `[${segment.id}] (${clock(segment.start)}) ${segment.text}`).join('\n');
  const content = [`Seções do modelo de evolução:\n${headings.map((heading) => `- ${heading}`).join('\n')}`, `Transcrição da sessão:\n${transcript}`].join('\n\n');
  return { instructions, messages: [{ role: 'user', content }] };
}

const answerSchema = z.object({
  sections: z.array(
    z.object({
      title: z.string(),
      sentences: z.array(z.object({ text: z.string(), segmentIds: z.array(z.union([z.number(), z.string()])).optional() })),
    }),
  ),
});

/** The JSON object in the model's answer (models often wrap it in a code fence or a sentence). */
function jsonIn(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end < start) throw new DraftFormatError('the answer has no JSON object');
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    throw new DraftFormatError('the answer is not valid JSON');
  }
}

const normalTitle = (title: string) => title.trim().toLocaleLowerCase('pt-BR');

/**
 * The model's answer as a draft: the template's sections in order (then any other the model
 * added), each sentence with the cited segment ids that exist (unknown ones dropped); a sentence
 * left with none is marked for checking.
 */
export function readDraft(answer: string, headings: readonly string[], segments: readonly TranscriptSegment[]): DraftSection[] {
  const parsed = answerSchema.safeParse(jsonIn(answer));
  if (!parsed.success) throw new DraftFormatError('the JSON is not a draft');
  const known = new Set(segments.map((segment) => segment.id));
  const sections = new Map<string, DraftSection>(headings.map((heading) => [normalTitle(heading), { title: heading, sentences: [] }]));
  for (const section of parsed.data.sections) {
    const key = normalTitle(section.title);
    if (!key) continue;
    const target = sections.get(key) ?? { title: section.title.trim(), sentences: [] };
    sections.set(key, target);
    for (const sentence of section.sentences) {
      const text = sentence.text.trim();
      if (!text) continue;
      const ids = [...new Set((sentence.segmentIds ?? []).map(Number).filter((id) => known.has(id)))].sort((a, b) => a - b);
      target.sentences.push({ text, segmentIds: ids, needsCheck: ids.length === 0 } satisfies DraftSentence);
    }
  }
  return [...sections.values()];
}

/**
 * Without a model (the offline assistant), nothing clinical is written: the template's sections
 * come empty but for the first, which lists the transcript's segments, each citing itself.
 */
function offlineDraft(headings: readonly string[], segments: readonly TranscriptSegment[]): DraftSection[] {
  return headings.map((title, index) => ({
    title,
    sentences: index === 0 ? segments.map((segment) => ({ text: segment.text, segmentIds: [segment.id], needsCheck: false })) : [],
  }));
}

export async function writeDraft(model: ChatModel, headings: readonly string[], segments: readonly TranscriptSegment[]): Promise<DraftSection[]> {
  if (model.isOffline) return offlineDraft(headings, segments);
  const answer = await model.answer(draftRequest(headings, segments));
  return readDraft(answer, headings, segments);
}

/**
 * The text the professional accepted, as the record's rich text: a line that is one of the
 * draft's section titles becomes a heading, every other block of lines a paragraph.
 */
export function acceptedHtml(text: string, titles: readonly string[]): string {
  const headings = new Set(titles.map(normalTitle));
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(`<p>${paragraph.map(escapeHtml).join('<br>')}</p>`);
    paragraph = [];
  };
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (!line) flush();
    else if (headings.has(normalTitle(line))) {
      flush();
      blocks.push(`<h2>${escapeHtml(line)}</h2>`);
    } else paragraph.push(line);
  }
  flush();
  return blocks.join('');
}
