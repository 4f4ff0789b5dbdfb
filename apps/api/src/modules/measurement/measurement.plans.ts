import { limits, messages, type MeasurementPlan, type PlanCreateRequest } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { formatMailDateTime } from '../../platform/mail/render';
import { createForm, findFormForMail, markFormSent } from '../forms/forms.service';
import { ownedPatient } from '../patients/patients.service';
import { findUsableTemplate } from '../qa-templates/qa-templates.service';
import { sendFormLinkMail, sendSubmittedMail } from './measurement.mails';
import * as repo from './measurement.repository';
import type { PlanRow, PlanWithTemplate } from './measurement.repository';
import { FORM_LINK_JOB } from './measurement.sending';
import { SUBMITTED_JOB } from './measurement.submission';

// ---- measurement plans ----

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

const PLAN_RUN_JOB = 'measurement.plan-run';

export function toPlan({ plan, templateName, lastSentAt }: PlanWithTemplate): MeasurementPlan {
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
