import { messages, professionalNameOf } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { appLink, formatMailDateTime, renderMail } from '../../platform/mail/render';
import type { findFormForMail } from '../forms/forms.service';

const m = messages.measurement.mail;

export type FormMailSubject = NonNullable<Awaited<ReturnType<typeof findFormForMail>>>;

/**
 * The patient's e-mail: who asks, which questionnaire, until when the link works, and the
 * `/form-public-view?token=` link. Before an appointment, which one.
 */
export async function sendFormLinkMail(ctx: Context, subject: FormMailSubject, to: string, appointmentStartsAt?: Date): Promise<void> {
  const { form, patient, professional } = subject;
  const name = professionalNameOf(professional);
  const url = appLink(ctx.config.publicUrl, 'form-public-view', form.publicToken);
  const paragraphs = [m.formBody(name, form.name)];
  if (appointmentStartsAt) paragraphs.push(m.formBeforeAppointment(formatMailDateTime(appointmentStartsAt, professional.timeZone)));
  if (form.publicExpiresAt) paragraphs.push(m.formValidUntil(formatMailDateTime(form.publicExpiresAt, professional.timeZone)));
  await ctx.mailer.send({
    to,
    subject: m.formSubject(name),
    ...renderMail({ greetingName: patient.firstName, paragraphs, action: { label: m.formButton, url }, footer: [m.formFooter] }),
    links: [url],
  });
}

/**
 * Tells the professional that the patient sent the answers: only the patient's first name and
 * the form's name, never an answer. When the answers raised a safety alert the mail is the alert
 * (still without the answer or the rule's words: the app shows them), and its button opens the
 * patient's page where the alert is shown.
 */
export async function sendSubmittedMail(ctx: Context, subject: FormMailSubject, raisedAlert: boolean): Promise<void> {
  const { form, patient, professional } = subject;
  if (raisedAlert) {
    const url = appLink(ctx.config.publicUrl, `patients/${patient.id}/measurement`);
    await ctx.mailer.send({
      to: professional.email,
      subject: m.alertSubject(patient.firstName),
      ...renderMail({
        greetingName: professional.firstName,
        paragraphs: [m.alertBody(patient.firstName, form.name)],
        action: { label: m.alertButton, url },
        footer: [m.alertFooter],
      }),
      links: [url],
    });
    return;
  }
  const url = appLink(ctx.config.publicUrl, `patients/${patient.id}/forms/${form.id}`);
  await ctx.mailer.send({
    to: professional.email,
    subject: m.submittedSubject(patient.firstName, form.name),
    ...renderMail({
      greetingName: professional.firstName,
      paragraphs: [m.submittedBody(patient.firstName, form.name)],
      action: { label: m.submittedButton, url },
      footer: [m.submittedFooter],
    }),
    links: [url],
  });
}
