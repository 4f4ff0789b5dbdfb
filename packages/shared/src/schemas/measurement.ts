import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { emailSchema, envelope, idSchema } from './common';
import { formSchema, publicFormContentRequest, publicFormView } from './forms';

const v = messages.validation;
const mv = messages.measurement.validation;

// ---- sending a form by e-mail, and the patient sending it back ----

/** The address to mail the form's link to; without it (or without a body), the patient's e-mail. */
export const formSendRequest = z
  .object({ email: z.preprocess((value) => (value === '' ? null : value), emailSchema.nullish()) })
  .nullish()
  .transform((body) => ({ email: body?.email ?? null }));
export type FormSendRequest = z.input<typeof formSendRequest>;

export const formSentResponse = envelope(z.object({ form: formSchema, sentTo: z.string() }));

/** The patient's answers, sent for good: checked, then the form is locked. */
export const publicFormSubmitRequest = publicFormContentRequest;
export type PublicFormSubmitRequest = z.input<typeof publicFormSubmitRequest>;
export const publicFormSubmittedResponse = envelope(z.object({ form: publicFormView }));

// ---- safety alerts ----

/** 'self_harm': PHQ-9 item 9 above zero; 'answer_rule': another scored template's alert rule. */
export const alertKinds = ['self_harm', 'answer_rule'] as const;
export type AlertKind = (typeof alertKinds)[number];

export const safetyAlertSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  formId: z.uuid(),
  formName: z.string(),
  kind: z.enum(alertKinds),
  /** The rule's own words (e.g. 'Atenção: resposta positiva no item 9...'). */
  message: z.string(),
  fieldNumber: z.number().int(),
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** Who marked it 'Ciente' (the professional's name). */
  acknowledgedBy: z.string().nullable(),
});
export type SafetyAlert = z.infer<typeof safetyAlertSchema>;

export const alertListQuery = z.object({
  /** 'open': not yet acknowledged; 'all' (the default): the latest 100, open or not. */
  status: z.enum(['open', 'all'], { error: mv.alertStatusInvalid }).default('all'),
  patientId: idSchema.optional(),
});
export type AlertListQuery = z.input<typeof alertListQuery>;

export const alertListResponse = envelope(z.object({ alerts: z.array(safetyAlertSchema) }));
export const alertResponse = envelope(z.object({ alert: safetyAlertSchema }));

// ---- measurement plans ----

export const planTriggers = ['before_appointment', 'interval'] as const;
export type PlanTrigger = (typeof planTriggers)[number];

export const measurementPlanSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  qaTemplateId: z.uuid(),
  qaTemplateName: z.string(),
  trigger: z.enum(planTriggers),
  intervalWeeks: z.number().int().nullable(),
  /** An interval plan's next sending; null for a plan before appointments. */
  nextDueAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MeasurementPlan = z.infer<typeof measurementPlanSchema>;

export const planCreateRequest = z
  .object({
    qaTemplateId: z.uuid({ error: v.templateRequired }),
    trigger: z.enum(planTriggers, { error: mv.triggerInvalid }),
    intervalWeeks: z
      .number({ error: mv.intervalWeeksInvalid(limits.measurementIntervalWeeksMax) })
      .int({ error: mv.intervalWeeksInvalid(limits.measurementIntervalWeeksMax) })
      .min(1, { error: mv.intervalWeeksInvalid(limits.measurementIntervalWeeksMax) })
      .max(limits.measurementIntervalWeeksMax, { error: mv.intervalWeeksInvalid(limits.measurementIntervalWeeksMax) })
      .nullish(),
  })
  .superRefine((plan, ctx) => {
    if (plan.trigger === 'interval' && plan.intervalWeeks == null) {
      ctx.addIssue({ code: 'custom', message: mv.intervalWeeksInvalid(limits.measurementIntervalWeeksMax), path: ['intervalWeeks'] });
    }
    if (plan.trigger === 'before_appointment' && plan.intervalWeeks != null) {
      ctx.addIssue({ code: 'custom', message: mv.intervalWeeksOnlyForInterval, path: ['intervalWeeks'] });
    }
  });
export type PlanCreateRequest = z.input<typeof planCreateRequest>;

export const planResponse = envelope(z.object({ plan: measurementPlanSchema }));
export const measurementPlanListResponse = envelope(
  z.object({
    plans: z.array(measurementPlanSchema),
    /** Without an e-mail nothing can be sent: the page says so. */
    patientHasEmail: z.boolean(),
  }),
);

// ---- score trends ----

export const scorePointSchema = z.object({
  formId: z.uuid(),
  submittedAt: z.string(),
  score: z.number(),
  /** The severity band; null when a scored item was left unanswered. */
  band: z.string().nullable(),
  /** The submission raised a safety alert. */
  alert: z.boolean(),
});
export type ScorePoint = z.infer<typeof scorePointSchema>;

export const scoreSeriesSchema = z.object({
  /** The template's current version (older versions' forms are in the same series). */
  qaTemplateId: z.uuid(),
  qaTemplateName: z.string(),
  scoreLabel: z.string(),
  /** The highest score the template allows. */
  max: z.number(),
  bands: z.array(z.object({ min: z.number(), max: z.number(), label: z.string() })),
  /** The change the instrument counts as reliable (PHQ-9: 6, GAD-7: 4); null when it defines none. */
  reliableChange: z.number().nullable(),
  /** Oldest first. */
  points: z.array(scorePointSchema),
});
export type ScoreSeries = z.infer<typeof scoreSeriesSchema>;

export const scoreSeriesResponse = envelope(z.object({ series: z.array(scoreSeriesSchema) }));
