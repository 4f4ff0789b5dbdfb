import {
  computeScore,
  limits,
  messages,
  reliableChangeByTemplateKey,
  triggeredAlertRules,
  type AlertKind,
  type Form,
  type MeasurementPlan,
  type PlanCreateRequest,
  type PublicForm,
  type SafetyAlert,
  type ScoreSeries,
} from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { formatMailDateTime } from '../../platform/mail/render';
import { createForm, findFormForMail, limitPublicCalls, markFormSent, ownedForm, submitPublicForm, type FormRow } from '../forms/forms.service';
import { ownedPatient } from '../patients/patients.service';
import { findUsableTemplate, type QaTemplateRow } from '../qa-templates/qa-templates.service';
import { sendFormLinkMail, sendSubmittedMail } from './measurement.mails';
import * as repo from './measurement.repository';
import type { AlertWithNames, PlanRow, PlanWithTemplate } from './measurement.repository';

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

const FORM_LINK_JOB = 'measurement.form-link';
const SUBMITTED_JOB = 'measurement.submitted';
const PLAN_RUN_JOB = 'measurement.plan-run';

// ---- sending a form by e-mail ----

/**
 * Mails the form's link to `email`, or to the patient's e-mail, through the job queue; the link
 * is renewed for `publicFormLinkDays`. A locked form (already sent back) is not sent: 409.
 */
export async function sendForm(ctx: Context, ownerId: string, formId: string, email: string | null): Promise<{ form: Form; sentTo: string }> {
  const found = await ownedForm(ctx, ownerId, formId);
  if (found.form.isLocked) throw new AppError('FORM_NOT_SENDABLE');
  const to = email ?? (await ownedPatient(ctx, ownerId, found.form.patientId)).email;
  if (!to) throw new AppError('PATIENT_EMAIL_MISSING');
  const form = await markFormSent(ctx, ownerId, formId);
  await ctx.jobs.send(FORM_LINK_JOB, { formId, to });
  return { form, sentTo: to };
}

// ---- the patient sends the answers ----

/** PHQ-9 item 9 is the self-harm item; every other rule is a template's own. */
function alertKind(template: QaTemplateRow, field: number): AlertKind {
  return template.key === 'phq-9' && template.ownerId === null && field === 9 ? 'self_harm' : 'answer_rule';
}

/** The alerts the sent answers raise, by the template's declared rules. */
function alertsOf(form: FormRow, template: QaTemplateRow): repo.NewAlert[] {
  if (!template.scoring) return [];
  return triggeredAlertRules({ content: template.content, scoring: template.scoring }, form.content).map((rule) => ({
    ownerId: form.ownerId,
    patientId: form.patientId,
    formId: form.id,
    kind: alertKind(template, rule.field),
    message: rule.message,
    fieldNumber: rule.field,
  }));
}

/**
 * The patient sends the answers through the link: the form is checked, locked and marked sent,
 * and its alerts are raised in the same transaction; then the professional is told by e-mail
 * (the alert e-mail when there is one). Answers the form as the link shows it, and the
 * professional's gender (for the thanks).
 */
export async function submitForm(
  ctx: Context,
  publicToken: string,
  content: Record<string, string | number | null>,
  ip: string,
): Promise<{ form: PublicForm['form']; professionalGender: PublicForm['user']['gender'] }> {
  await limitPublicCalls(ctx, ip);
  const { submitted, raised } = await ctx.db.transaction(async (tx) => {
    const txCtx: Context = { ...ctx, db: tx };
    const result = await submitPublicForm(txCtx, publicToken, content);
    const alerts = alertsOf(result.form, result.template);
    await repo.insertAlerts(tx, alerts, ctx.clock.now());
    return { submitted: result, raised: alerts.length > 0 };
  });
  await ctx.jobs.send(SUBMITTED_JOB, { formId: submitted.form.id, raisedAlert: raised });
  return { form: submitted.view, professionalGender: submitted.professionalGender };
}

// ---- safety alerts ----

function toAlert({ alert, patientName, formName, acknowledgedBy }: AlertWithNames): SafetyAlert {
  return {
    id: alert.id,
    patientId: alert.patientId,
    patientName,
    formId: alert.formId,
    formName,
    kind: alert.kind,
    message: alert.message,
    fieldNumber: alert.fieldNumber,
    createdAt: alert.createdAt.toISOString(),
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: alert.acknowledgedAt ? acknowledgedBy : null,
  };
}

const ALERT_LIST_LIMIT = 100;

/** The professional's alerts, newest first: the open ones, or the latest 100; of one patient (404 for another's) or all. */
export async function listAlerts(ctx: Context, ownerId: string, query: { status: 'open' | 'all'; patientId?: string | undefined }): Promise<SafetyAlert[]> {
  if (query.patientId) await ownedPatient(ctx, ownerId, query.patientId);
  const rows = await repo.listAlerts(ctx.db, ownerId, { openOnly: query.status === 'open', patientId: query.patientId, limit: ALERT_LIST_LIMIT });
  for (const patientId of new Set(rows.map((row) => row.alert.patientId))) noteAccess({ patientId, action: 'read', entityType: 'alert', entityId: 'list' });
  return rows.map(toAlert);
}

/** Every alert of the patient and the measurement plans (the caller has checked the patient is the owner's), for the export. */
export async function exportMeasurement(ctx: Context, ownerId: string, patientId: string): Promise<{ alerts: SafetyAlert[]; plans: MeasurementPlan[] }> {
  const [alerts, plans] = await Promise.all([
    repo.listAlerts(ctx.db, ownerId, { openOnly: false, patientId, limit: Number.MAX_SAFE_INTEGER }),
    repo.listPlans(ctx.db, ownerId, patientId),
  ]);
  return { alerts: alerts.map(toAlert), plans: plans.map(toPlan) };
}

/** 'Ciente': who and when are kept; an alert already acknowledged keeps its first acknowledgement. */
export async function acknowledgeAlert(ctx: Context, ownerId: string, id: string): Promise<SafetyAlert> {
  const found = await repo.findAlert(ctx.db, ownerId, id);
  if (!found) throw new AppError('ALERT_NOT_FOUND');
  if (!found.alert.acknowledgedAt) await repo.acknowledgeAlert(ctx.db, ownerId, id, ownerId, ctx.clock.now());
  const updated = await repo.findAlert(ctx.db, ownerId, id);
  if (!updated) throw new AppError('ALERT_NOT_FOUND');
  noteAccess({ patientId: updated.alert.patientId, action: 'update', entityType: 'alert', entityId: id });
  return toAlert(updated);
}

// ---- measurement plans ----

function toPlan({ plan, templateName, lastSentAt }: PlanWithTemplate): MeasurementPlan {
  return {
    id: plan.id,
    patientId: plan.patientId,
    qaTemplateId: plan.qaTemplateId,
    qaTemplateName: templateName,
    trigger: plan.trigger,
    intervalWeeks: plan.intervalWeeks,
    nextDueAt: plan.nextDueAt?.toISOString() ?? null,
    lastSentAt: lastSentAt?.toISOString() ?? null,
    createdAt: plan.createdAt.toISOString(),
  };
}

/**
 * A plan for the patient with a scored template: before each appointment (its form mailed 24 h
 * ahead), or every N weeks from now (the first one at once). 409 for the same plan twice.
 */
export async function createPlan(ctx: Context, ownerId: string, patientId: string, request: PlanCreateRequest): Promise<MeasurementPlan> {
  await ownedPatient(ctx, ownerId, patientId);
  const template = await findUsableTemplate(ctx, ownerId, request.qaTemplateId);
  if (!template) throw new AppError('TEMPLATE_NOT_FOUND');
  if (!template.scoring) throw new AppError('TEMPLATE_NOT_SCORED');
  const now = ctx.clock.now();
  const interval = request.trigger === 'interval';
  const row = await repo
    .insertPlan(ctx.db, {
      ownerId,
      patientId,
      qaTemplateId: template.id,
      trigger: request.trigger,
      intervalWeeks: interval ? (request.intervalWeeks ?? null) : null,
      nextDueAt: interval ? now : null,
      createdAt: now,
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('PLAN_EXISTS');
      throw error;
    });
  noteAccess({ patientId, action: 'create', entityType: 'measurement-plan', entityId: row.id });
  // An interval plan's first form, or an appointment already within 24 h, goes before the answer.
  await queueDueMeasurementsLogged(ctx, ownerId);
  const created = await repo.findPlan(ctx.db, ownerId, row.id);
  return toPlan(created!);
}

export async function listPlans(ctx: Context, ownerId: string, patientId: string): Promise<{ plans: MeasurementPlan[]; patientHasEmail: boolean }> {
  const patient = await ownedPatient(ctx, ownerId, patientId);
  const rows = await repo.listPlans(ctx.db, ownerId, patientId);
  noteAccess({ patientId, action: 'read', entityType: 'measurement-plan', entityId: 'list' });
  return { plans: rows.map(toPlan), patientHasEmail: patient.email !== null };
}

export async function deletePlan(ctx: Context, ownerId: string, id: string): Promise<void> {
  const found = await repo.findPlan(ctx.db, ownerId, id);
  if (!found || !(await repo.deletePlan(ctx.db, ownerId, id))) throw new AppError('MEASUREMENT_PLAN_NOT_FOUND');
  noteAccess({ patientId: found.plan.patientId, action: 'delete', entityType: 'measurement-plan', entityId: id });
}

/** An interval plan's next due time after `now`: occurrences missed while no instance ran are skipped, not piled up. */
function nextDue(plan: PlanRow, now: Date): Date {
  const step = (plan.intervalWeeks ?? 1) * WEEK;
  let next = plan.nextDueAt!.getTime() + step;
  if (next <= now.getTime()) next += Math.ceil((now.getTime() - next + 1) / step) * step;
  return new Date(next);
}

/**
 * Claims the plans' occurrences that are due, of every professional or one (each claimed by one
 * instance: a run row unique per plan and occurrence) and queues one job for each. Answers how many.
 */
export async function queueDueMeasurements(ctx: Context, ownerId?: string): Promise<number> {
  const now = ctx.clock.now();
  // Claimed and queued in one transaction: an instance that dies between the two leaves neither.
  const runs = await ctx.db.transaction(async (tx) => {
    const intervalRuns = await repo.claimIntervalRuns(tx, now, (plan) => nextDue(plan, now), { ownerId });
    const appointmentRuns = await repo.claimAppointmentRuns(tx, now, limits.measurementLeadHours * HOUR, { ownerId });
    const claimed = [...intervalRuns, ...appointmentRuns];
    for (const runId of claimed) await ctx.jobs.send(PLAN_RUN_JOB, { runId }, { within: tx });
    return claimed;
  });
  if (runs.length > 0) ctx.jobs.wake(PLAN_RUN_JOB);
  return runs.length;
}

/** The same, a failure logged rather than thrown (the next scan tries again). */
function queueDueMeasurementsLogged(ctx: Context, ownerId?: string): Promise<void> {
  return queueDueMeasurements(ctx, ownerId).then(
    () => undefined,
    (error: unknown) => ctx.log.error({ err: error }, 'could not queue due measurements'),
  );
}

/**
 * One occurrence of a plan: creates the form from the current version of the plan's template
 * (once: a retry finds it on the run) and mails its link to the patient. Nothing is sent for an
 * appointment that was cancelled or has passed meanwhile, or to a patient without an e-mail.
 */
async function performRun(ctx: Context, runId: string): Promise<void> {
  const found = await repo.findRun(ctx.db, runId);
  if (!found || found.run.sentAt) return;
  const { run, plan, appointment, current } = found;
  const now = ctx.clock.now();
  if (run.appointmentId !== null) {
    const stillAhead = appointment !== null && ['scheduled', 'confirmed'].includes(appointment.status) && appointment.startsAt > now;
    if (!stillAhead) return;
  }
  const patient = await ownedPatient(ctx, plan.ownerId, plan.patientId);
  if (!patient.email) return;
  let formId = run.formId;
  if (!formId) {
    if (!current) return;
    const name = messages.measurement.planFormName(current.name, formatMailDateTime(now, found.owner.timeZone)).slice(0, limits.itemNameMax);
    const templateId = current.id;
    formId = await ctx.db.transaction(async (tx) => {
      const { form } = await createForm({ ...ctx, db: tx }, plan.ownerId, plan.patientId, { name, qaTemplateId: templateId });
      await repo.updateRun(tx, run.id, { formId: form.id });
      return form.id;
    });
  }
  const before = await findFormForMail(ctx, formId);
  if (!before || before.form.isLocked) return;
  await markFormSent(ctx, plan.ownerId, formId);
  const subject = await findFormForMail(ctx, formId);
  if (!subject?.patient.email) return;
  await sendFormLinkMail(ctx, subject, subject.patient.email, appointment?.startsAt ?? undefined);
  await repo.updateRun(ctx.db, run.id, { sentAt: now });
}

export function defineMeasurementJobs(ctx: Context): void {
  ctx.jobs.define<{ formId: string; to: string }>(FORM_LINK_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const subject = await findFormForMail(ctx, data.formId);
        if (subject) await sendFormLinkMail(ctx, subject, data.to);
      }),
  });
  ctx.jobs.define<{ formId: string; raisedAlert: boolean }>(SUBMITTED_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const subject = await findFormForMail(ctx, data.formId);
        if (subject) await sendSubmittedMail(ctx, subject, data.raisedAlert);
      }),
  });
  ctx.jobs.define<{ runId: string }>(PLAN_RUN_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => performRun(ctx, data.runId)),
  });
}

/** The plans' scan on a timer of this instance (claims make each occurrence go once whatever the number of instances); 0: none. */
export function startMeasurementClock(ctx: Context, scanSeconds: number): () => void {
  if (scanSeconds <= 0) return () => undefined;
  const timer = setInterval(() => void queueDueMeasurementsLogged(ctx), scanSeconds * 1000);
  timer.unref();
  void queueDueMeasurementsLogged(ctx);
  return () => clearInterval(timer);
}

// ---- score trends ----

/**
 * Each scored template's submitted scores for the patient, oldest first: the versions of one
 * template form one series, named and banded by its latest version; a point is marked when its
 * answers raise an alert. Series by name.
 */
export async function scoreSeries(ctx: Context, ownerId: string, patientId: string): Promise<ScoreSeries[]> {
  await ownedPatient(ctx, ownerId, patientId);
  const forms = await repo.submittedScoredForms(ctx.db, ownerId, patientId);
  const templates = new Map((await repo.templatesByIds(ctx.db, [...new Set(forms.map((form) => form.qaTemplateId))])).map((row) => [row.id, row]));
  const byKey = new Map<string, Array<{ form: (typeof forms)[number]; template: QaTemplateRow }>>();
  for (const form of forms) {
    const template = templates.get(form.qaTemplateId)!;
    const group = byKey.get(template.key) ?? [];
    group.push({ form, template });
    byKey.set(template.key, group);
  }
  const current = new Map((await repo.currentTemplatesOfKeys(ctx.db, ownerId, [...byKey.keys()])).map((template) => [template.key, template]));
  noteAccess({ patientId, action: 'read', entityType: 'form', entityId: 'score-series' });
  const series = [...byKey.entries()].map(([key, group]): ScoreSeries => {
    const latest = group[group.length - 1]!.template;
    const points = group.map(({ form, template }) => {
      const score = computeScore({ content: template.content, scoring: template.scoring! }, form.content);
      return { formId: form.id, submittedAt: form.submittedAt!.toISOString(), score: score.total, band: score.band, alert: score.alerts.length > 0 };
    });
    const latestScore = computeScore({ content: latest.content, scoring: latest.scoring! }, {});
    return {
      qaTemplateId: current.get(key)?.id ?? latest.id,
      qaTemplateName: current.get(key)?.name ?? latest.name,
      scoreLabel: latest.scoring!.label,
      max: latestScore.max,
      bands: latest.scoring!.bands,
      reliableChange: latest.ownerId === null ? (reliableChangeByTemplateKey[key] ?? null) : null,
      points,
    };
  });
  return series.sort((a, b) => a.qaTemplateName.localeCompare(b.qaTemplateName, 'pt-BR'));
}
