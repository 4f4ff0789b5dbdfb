import { messages, type QaTemplate, type QaTemplateWrite, type Scoring, type TemplateSection } from '@consultorio/shared';
import type { Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { defineHook } from '../../platform/hooks';
import { plainTextToHtml } from '../../platform/sanitize-html';
import * as repo from './qa-templates.repository';
import type { QaTemplateRow } from './qa-templates.repository';

export type { QaTemplateRow };

export function toQaTemplate(row: QaTemplateRow): QaTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    content: row.content,
    scoring: row.scoring ?? null,
    isOwn: row.ownerId !== null,
  };
}

/** A template as a patient's link shows it: no id. */
export function toPublicQaTemplate(row: QaTemplateRow): Omit<QaTemplate, 'id' | 'isOwn'> {
  return { name: row.name, description: row.description, content: row.content, scoring: row.scoring ?? null };
}

/** The templates a professional can start a form from: the current library and their own. */
export async function listTemplates(ctx: Context, ownerId: string): Promise<QaTemplate[]> {
  return (await repo.listCurrentTemplates(ctx.db, ownerId)).map(toQaTemplate);
}

/** The current version of a template the professional can use; undefined for another's or an old version. */
export async function findUsableTemplate(ctx: Context, ownerId: string, id: string): Promise<QaTemplateRow | undefined> {
  return repo.findCurrentTemplate(ctx.db, ownerId, id);
}

/**
 * The stored shape of what the builder sent: fields numbered 1, 2, 3… in order across sections,
 * options valued 1, 2, 3… in order, points kept where given. Fields with points are scored
 * (their sum), so an own template is scored as soon as one option has points.
 */
function templateValues(write: QaTemplateWrite): Pick<QaTemplateRow, 'name' | 'description' | 'content' | 'scoring'> {
  let number = 0;
  const content: TemplateSection[] = write.content.map((section) => ({
    title: section.title,
    fields: section.fields.map((field) => {
      number += 1;
      const options = field.type === 'radio' || field.type === 'select' ? field.options : [];
      return {
        number,
        label: field.label,
        type: field.type,
        options: options.map((option, index) => ({
          value: String(index + 1),
          label: option.label,
          ...(typeof option.points === 'number' ? { points: option.points } : {}),
        })),
      };
    }),
  }));
  const scored = content.flatMap((section) => section.fields).filter((field) => field.options.some((option) => option.points !== undefined));
  const scoring: Scoring | null =
    scored.length > 0 ? { method: 'sum', label: messages.qaTemplates.scoreLabel, fields: scored.map((field) => field.number), bands: [], alerts: [] } : null;
  return { name: write.name, description: plainTextToHtml(write.description), content, scoring };
}

/** The description is typed as plain text; it is stored as the HTML paragraphs the library's descriptions are. */
export async function createTemplate(ctx: Context, ownerId: string, write: QaTemplateWrite): Promise<QaTemplate> {
  return toQaTemplate(await repo.insertOwnTemplate(ctx.db, ownerId, templateValues(write)));
}

/**
 * Announced when an own template changes while forms use it: `from` (the template's id, now its
 * new version) and `to` (a kept copy of the version the forms were made with, where they must move).
 */
export const templateVersioned = defineHook<{ from: string; to: string }>('qa-templates.versioned');

/** The professional's own current template, locked for a change; 404 for another's, 403 for the library's. */
async function lockOwnTemplate(tx: Tx, ownerId: string, id: string): Promise<QaTemplateRow> {
  const current = await repo.lockCurrent(tx, ownerId, id);
  if (!current) throw new AppError('TEMPLATE_NOT_FOUND');
  if (current.ownerId === null) throw new AppError('LIBRARY_TEMPLATE_READ_ONLY');
  return current;
}

/**
 * Changes an own template in place, so its id stays; forms already made from it keep the version
 * they were made with: a copy of it is kept (not current) and they move to it (`templateVersioned`).
 */
export async function updateTemplate(ctx: Context, ownerId: string, id: string, write: QaTemplateWrite): Promise<QaTemplate> {
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnTemplate(tx, ownerId, id);
    const changed = await repo.updateInPlace(tx, current, templateValues(write));
    if (await repo.isTemplateUsed(tx, id)) await ctx.hooks.emit(templateVersioned, tx, { from: id, to: await repo.insertKeptVersion(tx, current) });
    return changed;
  });
  return toQaTemplate(updated);
}

/** Deletes an own template with its kept versions, unless a form uses any of them (409). */
export async function deleteTemplate(ctx: Context, ownerId: string, id: string): Promise<void> {
  const deleted = await ctx.db.transaction(async (tx) => repo.deleteUnusedTemplate(tx, ownerId, await lockOwnTemplate(tx, ownerId, id)));
  if (!deleted) throw new AppError('TEMPLATE_IN_USE');
}
