import { triggeredAlertRules, type AlertKind, type PublicForm } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { limitPublicCalls, submitPublicForm, type FormRow } from '../forms/forms.service';
import { type QaTemplateRow } from '../qa-templates/qa-templates.service';
import * as repo from './measurement.repository';

// ---- the patient sends the answers ----

export const SUBMITTED_JOB = 'measurement.submitted';

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
