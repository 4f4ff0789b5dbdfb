import { randomBytes } from 'node:crypto';
import {
  checkFormContent,
  computeScore,
  fullNameOf,
  limits,
  messages,
  missingRequiredAnswers,
  triggeredAlertRules,
  type Form,
  type FormContent,
  type PatientSummary,
  type PublicForm,
  type QaTemplate,
} from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { ownedPatient, toPatientSummary } from '../patients/patients.service';
import { findUsableTemplate, toPublicQaTemplate, toQaTemplate, type QaTemplateRow } from '../qa-templates/qa-templates.service';
import { countAttempt } from '../throttling/throttling.service';
import * as repo from './forms.repository';
import type { FormRow, FormWithTemplate } from './forms.repository';

export type { FormRow, FormWithTemplate };

type Answers = Record<string, string | number | null>;

export function toForm(row: FormRow, templateName: string): Form {
  return {
    id: row.id,
    name: row.name,
    qaTemplateId: row.qaTemplateId,
    qaTemplateName: templateName,
    patientId: row.patientId,
    content: row.content,
    publicToken: row.publicToken,
    isLocked: row.isLocked,
    publicExpiresAt: row.publicExpiresAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    creationDate: row.createdAt.toISOString(),
    lastUpdateDate: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What the patient's link shows of the form: no ids, no token. Once sent, whether the answers
 * raise a safety alert, so the page shows the crisis lines.
 */
function toPublicView(form: FormRow, template: QaTemplateRow): PublicForm['form'] {
  const scoring = template.scoring;
  const raisesAlert = scoring ? triggeredAlertRules({ content: template.content, scoring }, form.content).length > 0 : false;
  return {
    name: form.name,
    content: form.content,
    isLocked: form.isLocked,
    lastUpdateDate: form.updatedAt.toISOString(),
    submittedAt: form.submittedAt?.toISOString() ?? null,
    expiresAt: form.publicExpiresAt?.toISOString() ?? null,
    crisisSupport: form.submittedAt !== null && raisesAlert,
  };
}

/** A new link's end: `publicFormLinkDays` from now. */
function linkExpiry(now: Date): Date {
  return new Date(now.getTime() + limits.publicFormLinkDays * 86_400_000);
}

function isExpired(form: FormRow, now: Date): boolean {
  return form.publicExpiresAt !== null && form.publicExpiresAt <= now;
}

function noteForm(form: Pick<FormRow, 'id' | 'patientId'>, action: 'read' | 'create' | 'update' | 'delete'): void {
  noteAccess({ patientId: form.patientId, action, entityType: 'form', entityId: form.id });
}

/** 192 random bits, URL-safe: the link a patient opens without an account. */
function newPublicToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function listForms(ctx: Context, ownerId: string, patientId: string): Promise<{ forms: Form[]; patient: PatientSummary }> {
  const patient = await ownedPatient(ctx, ownerId, patientId);
  const rows = await repo.listPatientForms(ctx.db, ownerId, patientId);
  noteAccess({ patientId, action: 'read', entityType: 'form', entityId: 'list' });
  return { forms: rows.map((row) => toForm(row.form, row.templateName)), patient: toPatientSummary(patient) };
}

export async function createForm(
  ctx: Context,
  ownerId: string,
  patientId: string,
  request: { name: string; qaTemplateId: string },
): Promise<{ form: Form; qaTemplate: QaTemplate }> {
  await ownedPatient(ctx, ownerId, patientId);
  const template: QaTemplateRow | undefined = await findUsableTemplate(ctx, ownerId, request.qaTemplateId);
  if (!template) throw new AppError('TEMPLATE_NOT_FOUND');
  const now = ctx.clock.now();
  const form = await repo.insertForm(
    ctx.db,
    { ownerId, patientId, qaTemplateId: template.id, name: request.name, publicToken: newPublicToken(), publicExpiresAt: linkExpiry(now) },
    now,
  );
  noteForm(form, 'create');
  return { form: toForm(form, template.name), qaTemplate: toQaTemplate(template) };
}

/** The professional's form with its template and its patient's names; 404 for another's. */
export async function ownedForm(ctx: Context, ownerId: string, id: string) {
  const found = await repo.findOwnedForm(ctx.db, ownerId, id);
  if (!found) throw new AppError('FORM_NOT_FOUND');
  return found;
}

export async function getForm(ctx: Context, ownerId: string, id: string) {
  const { form, template, patient } = await ownedForm(ctx, ownerId, id);
  noteForm(form, 'read');
  return { form: toForm(form, template.name), qaTemplate: toQaTemplate(template), patient: toPatientSummary(patient) };
}

export async function updateForm(
  ctx: Context,
  ownerId: string,
  id: string,
  changes: { name?: string | undefined; isLocked?: boolean | undefined },
): Promise<Form> {
  // Drizzle leaves out undefined values, so only what was sent changes.
  const updated = await repo.updateForm(ctx.db, ownerId, id, changes, ctx.clock.now());
  if (!updated) throw new AppError('FORM_NOT_FOUND');
  noteForm(updated.form, 'update');
  return toForm(updated.form, updated.templateName);
}

export async function deleteForm(ctx: Context, ownerId: string, id: string): Promise<void> {
  const patientId = await repo.deleteForm(ctx.db, ownerId, id);
  if (!patientId) throw new AppError('FORM_NOT_FOUND');
  noteForm({ id, patientId }, 'delete');
}

/**
 * The professional saves answers; the lock only stops the patient's link. Answers the patient
 * sent are theirs (their score, band and trend with them): 409, and a correction goes in a record.
 */
export async function saveContent(ctx: Context, ownerId: string, id: string, answers: Answers): Promise<Form> {
  const found = await ownedForm(ctx, ownerId, id);
  if (found.form.submittedAt) throw new AppError('FORM_SUBMITTED');
  const content = checkedContent(found.template, answers);
  const updated = await repo.saveOwnedContent(ctx.db, ownerId, id, content, ctx.clock.now());
  if (updated === 'submitted') throw new AppError('FORM_SUBMITTED');
  if (!updated) throw new AppError('FORM_NOT_FOUND');
  noteForm(updated.form, 'update');
  return toForm(updated.form, updated.templateName);
}

// ---- the patient's link ----

/** The forms made from a template that changed move to the kept copy of the version they were made with (`templateVersioned`). */
export async function keepFormsOnTheirVersion(_ctx: Context, tx: Tx, change: { from: string; to: string }): Promise<void> {
  await repo.moveToTemplate(tx, change.from, change.to);
}

/** Public calls per IP address and minute; beyond them 429. */
export async function limitPublicCalls(ctx: Context, ip: string): Promise<void> {
  const calls = await countAttempt(ctx, `public-form:${ip}`, 60);
  if (calls > limits.publicFormCallsPerMinute) throw new AppError('TOO_MANY_REQUESTS');
}

/** The form of a link that still works: 404 for an unknown token, 410 once the link has expired. */
async function formOfLink(ctx: Context, publicToken: string, ip: string) {
  await limitPublicCalls(ctx, ip);
  return linkedForm(ctx, publicToken);
}

async function linkedForm(ctx: Context, publicToken: string) {
  const found = await repo.findPublicForm(ctx.db, publicToken);
  if (!found) throw new AppError('FORM_NOT_FOUND');
  if (isExpired(found.form, ctx.clock.now())) throw new AppError('FORM_LINK_EXPIRED');
  return found;
}

export async function getPublicForm(ctx: Context, publicToken: string, ip: string): Promise<PublicForm> {
  const found = await formOfLink(ctx, publicToken, ip);
  return {
    form: toPublicView(found.form, found.template),
    patient: { ...found.patient, fullName: fullNameOf(found.patient) },
    user: found.user,
    qaTemplate: toPublicQaTemplate(found.template),
  };
}

export async function savePublicContent(ctx: Context, publicToken: string, answers: Answers, ip: string): Promise<PublicForm['form']> {
  const found = await formOfLink(ctx, publicToken, ip);
  if (found.form.isLocked) throw new AppError('FORM_LOCKED');
  const content = checkedContent(found.template, answers);
  // Checked again in the UPDATE itself: a lock that lands in between still wins.
  const saved = await repo.savePublicContent(ctx.db, publicToken, content, ctx.clock.now());
  if (saved === 'locked') throw new AppError('FORM_LOCKED');
  if (!saved) throw new AppError('FORM_NOT_FOUND');
  return toPublicView(saved, found.template);
}

/**
 * The patient sends the answers for good: checked against the template, every required answer
 * given (the scored items), then saved with the form locked and `submittedAt` set. Answers the
 * sent form with its template, for the alerts and the professional's e-mail, and the
 * professional's gender, for the thanks. The caller limits
 * the calls first (`limitPublicCalls`), outside any transaction this runs in, so that a refused
 * call still counts.
 */
export async function submitPublicForm(ctx: Context, publicToken: string, answers: Answers) {
  const found = await linkedForm(ctx, publicToken);
  if (found.form.isLocked) throw new AppError('FORM_LOCKED');
  const content = checkedContent(found.template, answers);
  const missing = missingRequiredAnswers(found.template, content);
  if (missing.length > 0) throw new AppError('VALIDATION', messages.measurement.validation.answersRequired(missing.join(', ')));
  if (Object.keys(content).length === 0) throw new AppError('VALIDATION', messages.measurement.validation.answersEmpty);
  const submitted = await repo.submitPublicContent(ctx.db, publicToken, content, ctx.clock.now());
  if (submitted === 'locked') throw new AppError('FORM_LOCKED');
  if (!submitted) throw new AppError('FORM_NOT_FOUND');
  return { form: submitted, template: found.template, view: toPublicView(submitted, found.template), professionalGender: found.user.gender };
}

/** The link was mailed now: noted, and the link renewed for `publicFormLinkDays`. */
export async function markFormSent(ctx: Context, ownerId: string, id: string): Promise<Form> {
  const now = ctx.clock.now();
  const updated = await repo.updateForm(ctx.db, ownerId, id, { sentAt: now, publicExpiresAt: linkExpiry(now) }, now);
  if (!updated) throw new AppError('FORM_NOT_FOUND');
  noteForm(updated.form, 'update');
  return toForm(updated.form, updated.templateName);
}

/** A form with its patient's first name and e-mail and its professional, for a job's e-mail; undefined once deleted. */
export async function findFormForMail(ctx: Context, id: string) {
  return repo.findFormForMail(ctx.db, id);
}

function checkedContent(template: QaTemplateRow, answers: Answers): FormContent {
  const check = checkFormContent(template.content, answers);
  if (!check.ok) throw new AppError('VALIDATION', check.message);
  return check.content;
}

/** The patient's forms for the export of their file: answers, the questionnaire as it was, and the score. */
export async function exportForms(ctx: Context, ownerId: string, patientId: string) {
  const rows = await repo.listPatientFormsWithTemplates(ctx.db, ownerId, patientId);
  return rows.map(({ form, template }) => ({
    ...toForm(form, template.name),
    questionnaire: toPublicQaTemplate(template),
    score: template.scoring ? computeScore({ content: template.content, scoring: template.scoring }, form.content) : null,
  }));
}
