// Apart from the recordings' schemas: the record page uses this without loading zod or building any schema.
import type { DraftSection } from '../schemas/recordings';

/** The draft as the text the page lets the professional edit: each section's title on its line, then its sentences. */
export function draftAsText(sections: readonly DraftSection[]): string {
  return sections
    .map((section) => [section.title, section.sentences.map((sentence) => sentence.text).join(' ')].filter(Boolean).join('\n'))
    .join('\n\n');
}
