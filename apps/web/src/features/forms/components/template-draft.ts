import {
  messages,
  qaTemplateWriteRequest,
  type FieldType,
  type QaTemplate,
  type QaTemplateWriteRequest,
  type Scoring,
  type TemplateSection,
  type builderFieldTypes,
} from '@consultorio/shared';

/**
 * The template builder's state, and the small pure functions that change it. Every list item
 * has a `key` of its own so that React keeps its inputs while items move; points are kept as
 * typed ('' is "no points").
 */
export type BuilderFieldType = (typeof builderFieldTypes)[number];

export interface DraftOption {
  key: string;
  label: string;
  points: string;
}

export interface DraftField {
  key: string;
  label: string;
  type: BuilderFieldType;
  options: DraftOption[];
}

export interface DraftSection {
  key: string;
  title: string;
  fields: DraftField[];
}

export interface TemplateDraft {
  name: string;
  description: string;
  sections: DraftSection[];
}

let lastKey = 0;

/** A key unique in this page's life. */
export function newKey(): string {
  lastKey += 1;
  return `k${lastKey}`;
}

export function newOption(label = ''): DraftOption {
  return { key: newKey(), label, points: '' };
}

/** A new question: a single choice with two empty options, the most common kind in a questionnaire. */
export function newField(): DraftField {
  return { key: newKey(), label: '', type: 'radio', options: [newOption(), newOption()] };
}

export function newSection(): DraftSection {
  return { key: newKey(), title: '', fields: [newField()] };
}

export function newDraft(): TemplateDraft {
  return { name: '', description: '', sections: [newSection()] };
}

export function hasChoices(type: FieldType): boolean {
  return type === 'radio' || type === 'select';
}

// ---- list edits -------------------------------------------------------------------------

/** The list with the item at `index` moved by `delta` places; unchanged when it would leave the list. */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(index, 1);
  moved.splice(target, 0, item as T);
  return moved;
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_item, position) => position !== index);
}

export function replaceItem<T>(items: readonly T[], index: number, change: (item: T) => T): T[] {
  return items.map((item, position) => (position === index ? change(item) : item));
}

/**
 * The sections with the question at `sectionIndex`/`fieldIndex` moved one place up (-1) or down
 * (+1): inside its section, or past the section's edge to the end of the previous one or the
 * start of the next one. Unchanged at the first and the last place of all.
 */
export function moveField(sections: readonly DraftSection[], sectionIndex: number, fieldIndex: number, delta: -1 | 1): DraftSection[] {
  const section = sections[sectionIndex];
  const field = section?.fields[fieldIndex];
  if (!section || !field) return [...sections];
  const target = fieldIndex + delta;
  if (target >= 0 && target < section.fields.length) {
    return replaceItem(sections, sectionIndex, (current) => ({ ...current, fields: moveItem(current.fields, fieldIndex, delta) }));
  }
  const neighbourIndex = sectionIndex + delta;
  if (neighbourIndex < 0 || neighbourIndex >= sections.length) return [...sections];
  return sections.map((current, index) => {
    if (index === sectionIndex) return { ...current, fields: removeItem(current.fields, fieldIndex) };
    if (index !== neighbourIndex) return current;
    return { ...current, fields: delta < 0 ? [...current.fields, field] : [field, ...current.fields] };
  });
}

/** The number the first question of each section has (1-based, counted across sections). */
export function firstNumbers(sections: readonly DraftSection[]): number[] {
  let next = 1;
  return sections.map((section) => {
    const first = next;
    next += section.fields.length;
    return first;
  });
}

/**
 * A field of another type: a choice keeps its options (two empty ones when it had none);
 * other types keep them too, hidden, so switching back loses nothing (they are not sent).
 */
export function changeFieldType(field: DraftField, type: BuilderFieldType): DraftField {
  const options = hasChoices(type) && field.options.length === 0 ? [newOption(), newOption()] : field.options;
  return { ...field, type, options };
}

/** Points as typed: digits and a leading minus, at most four digits (the API takes -1000 to 1000). */
export function maskPoints(typed: string): string {
  const negative = typed.trimStart().startsWith('-');
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return negative ? `-${digits}` : digits;
}

function parsePoints(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return null;
  return Number.parseInt(trimmed, 10);
}

// ---- from and to the API ----------------------------------------------------------------

/** The library's field types the builder has no entry for, read as the builder's equivalent. */
function builderType(type: FieldType): BuilderFieldType {
  switch (type) {
    case 'shorttext':
    case 'string':
      return 'text';
    case 'longtext':
      return 'textarea';
    case 'radio':
    case 'number':
    case 'text':
    case 'textarea':
    case 'select':
    case 'time':
      return type;
  }
}

/**
 * A stored description (sanitized HTML paragraphs) as the plain text the builder edits:
 * paragraphs become blank lines, line breaks new lines, other tags are dropped.
 */
export function descriptionText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '• ');
  const text = withBreaks
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A stored template as a draft: to edit an own one, or to start a copy of any. An option's
 * points are its own (an own template's) or, in a scored library questionnaire, its value.
 */
export function draftFromTemplate(template: QaTemplate, name = template.name): TemplateDraft {
  const scored = new Set(template.scoring?.fields ?? []);
  return {
    name,
    description: descriptionText(template.description),
    sections: template.content.map((section) => ({
      key: newKey(),
      title: section.title,
      fields: section.fields.map((field) => ({
        key: newKey(),
        label: field.label,
        type: builderType(field.type),
        options: field.options.map((option) => {
          const points = option.points ?? (scored.has(field.number) ? Number(option.value) : undefined);
          return { key: newKey(), label: option.label, points: points === undefined || !Number.isFinite(points) ? '' : String(points) };
        }),
      })),
    })),
  };
}

/** What the API is sent: choices carry their options (with points when given), other fields none. */
export function toWriteRequest(draft: TemplateDraft): QaTemplateWriteRequest {
  return {
    name: draft.name,
    description: draft.description,
    content: draft.sections.map((section) => ({
      title: section.title,
      fields: section.fields.map((field) => ({
        label: field.label,
        type: field.type,
        options: hasChoices(field.type) ? field.options.map((option) => ({ label: option.label, points: parsePoints(option.points) })) : [],
      })),
    })),
  };
}

/**
 * The draft as the form page will show it, numbered as the server numbers it (fields 1, 2, 3…
 * across sections, options 1, 2, 3… in each field), with the score an option's points make.
 */
export function previewTemplate(draft: TemplateDraft): { content: TemplateSection[]; scoring: Scoring | null } {
  let number = 0;
  const content: TemplateSection[] = draft.sections.map((section) => ({
    title: section.title.trim() || messages.qaTemplates.sectionTitle,
    fields: section.fields.map((field) => {
      number += 1;
      return {
        number,
        label: field.label.trim() || messages.qaTemplates.question(number),
        type: field.type,
        options: hasChoices(field.type)
          ? field.options.map((option, index) => {
              const points = parsePoints(option.points);
              return {
                value: String(index + 1),
                label: option.label.trim() || messages.qaTemplates.optionLabel(index + 1),
                ...(points === null ? {} : { points }),
              };
            })
          : [],
      };
    }),
  }));
  const scored = content.flatMap((section) => section.fields).filter((field) => field.options.some((option) => option.points !== undefined));
  const scoring: Scoring | null =
    scored.length === 0
      ? null
      : { method: 'sum', label: messages.qaTemplates.scoreLabel, fields: scored.map((field) => field.number), bands: [], alerts: [] };
  return { content, scoring };
}

export function questionCount(sections: readonly { fields: readonly unknown[] }[]): number {
  return sections.reduce((count, section) => count + section.fields.length, 0);
}

// ---- validation -------------------------------------------------------------------------

/** Where an error shows: 'name', 'sections.0.title', 'sections.0.fields.1.options.0.label'… */
export type DraftErrors = Record<string, string>;

/**
 * Why the API would refuse the draft, by the draft's paths (the request's `content` is the
 * draft's `sections`); the first message of each place; empty when it can be saved.
 */
export function draftErrors(draft: TemplateDraft): DraftErrors {
  const result = qaTemplateWriteRequest.safeParse(toWriteRequest(draft));
  if (result.success) return {};
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map((part) => (part === 'content' ? 'sections' : String(part))).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
