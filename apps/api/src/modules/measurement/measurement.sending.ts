import { type Form } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { markFormSent, ownedForm } from '../forms/forms.service';
import { ownedPatient } from '../patients/patients.service';

// ---- sending a form by e-mail ----

export const FORM_LINK_JOB = 'measurement.form-link';

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
