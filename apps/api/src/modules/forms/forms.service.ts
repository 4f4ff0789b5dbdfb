import { randomBytes } from 'node:crypto';
import { checkFormContent, limits, type FormContent } from '@consultorio/shared';
import { addSeconds } from '../../platform/clock';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { countAttempt } from '../auth/auth.repository';
import { getPatient } from '../patients/patients.service';
import { findCurrentTemplate } from '../qa-templates/qa-templates.repository';
import type { QaTemplateRow } from '../qa-templates/qa-templates.repository';
import * as repo from './forms.repository';
import type { FormRow } from './forms.repository';

type Answers = Record<string, string | number | null>;

/** 192 random bits, URL-safe: the link a patient opens without an account. */
function newPublicToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function listForms(ctx: Context, ownerId: string, patientId: string) {
  const patient = await getPatient(ctx, ownerId, patientId);
  const rows = await repo.listPatientForms(ctx.db, ownerId, patientId);
  return { rows, patient };
}

export async function createForm(
  ctx: Context,
  ownerId: string,
  patientId: string,
  request: { name: string; qaTemplateId: string },
): Promise<{ form: FormRow; template: QaTemplateRow }> {
  await getPatient(ctx, ownerId, patientId);
  const template = await findCurrentTemplate(ctx.db, ownerId, request.qaTemplateId);
  if (!template) throw new AppError('TEMPLATE_NOT_FOUND');
  const form = await repo.insertForm(ctx.db, {
    ownerId,
    patientId,
    qaTemplateId: template.id,
    name: request.name,
    publicToken: newPublicToken(),
  }, ctx.clock.now());
  return { form, template };
}

export async function getForm(ctx: Context, ownerId: string, id: string) {
  const found = await repo.findOwnedForm(ctx.db, ownerId, id);
  if (!found) throw new AppError('FORM_NOT_FOUND');
  return found;
}

export async function updateForm(
  ctx: Context,
  ownerId: string,
  id: string,
  changes: { name?: string | undefined; isLocked?: boolean | undefined },
): Promise<{ form: FormRow; templateName: string }> {
  // Drizzle leaves out undefined values, so only what was sent changes.
  const updated = await repo.updateForm(ctx.db, ownerId, id, changes, ctx.clock.now());
  if (!updated) throw new AppError('FORM_NOT_FOUND');
  return updated;
}

export async function deleteForm(ctx: Context, ownerId: string, id: string): Promise<void> {
  if (!(await repo.deleteForm(ctx.db, ownerId, id))) throw new AppError('FORM_NOT_FOUND');
}

/** The professional saves answers; the lock only stops the patient's link. */
export async function saveContent(
  ctx: Context,
  ownerId: string,
  id: string,
  answers: Answers,
): Promise<{ form: FormRow; templateName: string }> {
  const found = await repo.findOwnedForm(ctx.db, ownerId, id);
  if (!found) throw new AppError('FORM_NOT_FOUND');
  const content = checkedContent(found.template, answers);
  const updated = await repo.updateForm(ctx.db, ownerId, id, { content }, ctx.clock.now());
  if (!updated) throw new AppError('FORM_NOT_FOUND');
  return updated;
}

// ---- the patient's link ----

/** Public calls per IP address and minute; beyond them 429. */
async function limitPublicCalls(ctx: Context, ip: string): Promise<void> {
  const now = ctx.clock.now();
  const calls = await countAttempt(ctx.db, `public-form:${ip}`, now, addSeconds(now, -60));
  if (calls > limits.publicFormCallsPerMinute) throw new AppError('TOO_MANY_REQUESTS');
}

export async function getPublicForm(ctx: Context, publicToken: string, ip: string) {
  await limitPublicCalls(ctx, ip);
  const found = await repo.findPublicForm(ctx.db, publicToken);
  if (!found) throw new AppError('FORM_NOT_FOUND');
  return found;
}

export async function savePublicContent(ctx: Context, publicToken: string, answers: Answers, ip: string): Promise<FormRow> {
  await limitPublicCalls(ctx, ip);
  const found = await repo.findPublicForm(ctx.db, publicToken);
  if (!found) throw new AppError('FORM_NOT_FOUND');
  if (found.form.isLocked) throw new AppError('FORM_LOCKED');
  const content = checkedContent(found.template, answers);
  // Checked again in the UPDATE itself: a lock that lands in between still wins.
  const saved = await repo.savePublicContent(ctx.db, publicToken, content, ctx.clock.now());
  if (saved === 'locked') throw new AppError('FORM_LOCKED');
  if (!saved) throw new AppError('FORM_NOT_FOUND');
  return saved;
}

function checkedContent(template: QaTemplateRow, answers: Answers): FormContent {
  const check = checkFormContent(template.content, answers);
  if (!check.ok) throw new AppError('VALIDATION', check.message);
  return check.content;
}
