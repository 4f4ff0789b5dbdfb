import { z } from 'zod';
import { messages } from '../messages';
import { envelope, itemNameSchema } from './common';
import { patientSummarySchema } from './patients';
import { genderSchema } from './gender';

const v = messages.validation;

export const fieldTypes = ['radio', 'number', 'text', 'shorttext', 'string', 'textarea', 'longtext', 'select', 'time'] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Single-line text types and multi-line text types, as the spec names them. */
export const shortTextTypes: readonly FieldType[] = ['text', 'shorttext', 'string'];
export const longTextTypes: readonly FieldType[] = ['textarea', 'longtext'];

export const fieldOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** The option's points in an own template's score; a library questionnaire's value is its points. */
  points: z.number().optional(),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

export const templateFieldSchema = z.object({
  number: z.number().int().positive(),
  label: z.string(),
  type: z.enum(fieldTypes),
  /** The choices of a radio or select field; for a scored item each value is its points. */
  options: z.array(fieldOptionSchema).default([]),
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

export const templateSectionSchema = z.object({
  title: z.string(),
  fields: z.array(templateFieldSchema),
});
export type TemplateSection = z.infer<typeof templateSectionSchema>;

/**
 * How a questionnaire is scored, declared in its data file: the points of the listed fields
 * are added up (each answer's value is its points), the total falls in one band, and an answer
 * above a threshold in a listed field raises an alert (e.g. PHQ-9 item 9).
 */
export const scoringSchema = z.object({
  method: z.literal('sum'),
  label: z.string(),
  fields: z.array(z.number().int().positive()),
  bands: z.array(z.object({ min: z.number().int(), max: z.number().int(), label: z.string() })),
  alerts: z.array(z.object({ field: z.number().int().positive(), above: z.number(), message: z.string() })).default([]),
});
export type Scoring = z.infer<typeof scoringSchema>;

export const qaTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  content: z.array(templateSectionSchema),
  scoring: scoringSchema.nullable(),
  /** The professional's own template (editable); false for the library's. */
  isOwn: z.boolean(),
});
export type QaTemplate = z.infer<typeof qaTemplateSchema>;

/** A template as its versioned data file declares it (before it is stored and gets an id). */
export const qaTemplateSeedSchema = z
  .object({
    key: z.string().regex(/^[a-z0-9-]+$/),
    version: z.number().int().positive(),
    name: z.string().min(1),
    description: z.string(),
    content: z.array(templateSectionSchema).min(1),
    scoring: scoringSchema.optional(),
  })
  .superRefine((template, ctx) => {
    const numbers = template.content.flatMap((section) => section.fields.map((field) => field.number));
    if (new Set(numbers).size !== numbers.length) ctx.addIssue({ code: 'custom', message: `${template.key}: repeated field numbers` });
    for (const number of template.scoring?.fields ?? []) {
      if (!numbers.includes(number)) ctx.addIssue({ code: 'custom', message: `${template.key}: scored field ${number} does not exist` });
    }
  });
export type QaTemplateSeed = z.output<typeof qaTemplateSeedSchema>;

/** A form's answers: field number (as a string key) to the answer. */
export const formContentSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type FormContent = z.infer<typeof formContentSchema>;

export const formSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  qaTemplateId: z.uuid(),
  qaTemplateName: z.string(),
  patientId: z.uuid(),
  content: formContentSchema,
  publicToken: z.string(),
  isLocked: z.boolean(),
  /** Until when the patient's link opens the form; null: no end. */
  publicExpiresAt: z.string().nullable(),
  /** When the link was last mailed to the patient. */
  sentAt: z.string().nullable(),
  /** When the patient sent the answers through the link (the form is then locked). */
  submittedAt: z.string().nullable(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
  createdAt: z.string(),
});
export type Form = z.infer<typeof formSchema>;


export const formCreateRequest = z.object({
  name: itemNameSchema,
  qaTemplateId: z.uuid({ error: v.templateRequired }),
});
export type FormCreateRequest = z.input<typeof formCreateRequest>;

/** Rename, lock or unlock; at least one of them. */
export const formUpdateRequest = z
  .object({ name: itemNameSchema.optional(), isLocked: z.boolean({ error: v.invalidBody }).optional() })
  .refine((update) => update.name !== undefined || update.isLocked !== undefined, { error: v.nameRequired, path: ['name'] });
export type FormUpdateRequest = z.input<typeof formUpdateRequest>;

/** The answers as sent: checked against the template by the server. */
export const formContentRequest = z.object({
  content: z.record(z.string(), z.union([z.string(), z.number(), z.null()], { error: v.contentInvalid }), {
    error: v.contentInvalid,
  }),
});
export type FormContentRequest = z.input<typeof formContentRequest>;

export const publicTokenSchema = z
  .string({ error: messages.errors.formNotFound })
  .trim()
  .min(1, { error: messages.errors.formNotFound })
  .max(200, { error: messages.errors.formNotFound });

export const publicFormRequest = z.object({ publicToken: publicTokenSchema });
export const publicFormContentRequest = formContentRequest.extend({ publicToken: publicTokenSchema });
export type PublicFormContentRequest = z.input<typeof publicFormContentRequest>;


export const formResponse = envelope(z.object({ form: formSchema, qaTemplate: qaTemplateSchema, patient: patientSummarySchema }));
export const formCreatedResponse = envelope(z.object({ form: formSchema, qaTemplate: qaTemplateSchema }));
export const formUpdatedResponse = envelope(z.object({ form: formSchema }));
export const formListResponse = envelope(z.object({ forms: z.array(formSchema), patient: patientSummarySchema }));
export const qaTemplateListResponse = envelope(z.object({ qaTemplates: z.array(qaTemplateSchema) }));

/** What a patient sees through the link: never an internal id, the professional's e-mail, CPF or other data. */
/** The form as the patient's link shows it. */
export const publicFormView = z.object({
  name: z.string(),
  content: formContentSchema,
  isLocked: z.boolean(),
  lastUpdateDate: z.string(),
  /** When the patient sent the answers ('Enviar respostas'); null until then. */
  submittedAt: z.string().nullable(),
  /** Until when the link works; null: no end. */
  expiresAt: z.string().nullable(),
  /** The sent answers raised a safety alert: the page shows the crisis lines (CVV 188, SAMU 192). */
  crisisSupport: z.boolean(),
});

export const publicFormResponse = envelope(
  z.object({
    form: publicFormView,
    /** The gender only for the words that agree with it ('Você não está sozinha'). */
    patient: z.object({ firstName: z.string(), lastName: z.string().nullable(), fullName: z.string(), gender: genderSchema.nullable() }),
    user: z.object({
      title: z.string().nullable(),
      firstName: z.string(),
      lastName: z.string().nullable(),
      profession: z.string().nullable(),
      /** The gender only for the words that agree with it ('Obrigada!'). */
      gender: genderSchema.nullable(),
    }),
    qaTemplate: qaTemplateSchema.omit({ id: true, isOwn: true }),
  }),
);
export type PublicForm = z.infer<typeof publicFormResponse>['data'];
export const publicFormSavedResponse = envelope(z.object({ form: publicFormView }));

/** The field types the template builder offers (the spec's; the library also uses their aliases). */
export const builderFieldTypes = ['radio', 'number', 'text', 'textarea', 'select', 'time'] as const satisfies readonly FieldType[];

const builderOptionSchema = z.object({
  label: z.string({ error: v.optionLabelRequired }).trim().min(1, { error: v.optionLabelRequired }).max(200, { error: v.tooLong(200) }),
  points: z.number({ error: v.pointsInvalid }).int({ error: v.pointsInvalid }).min(-1000, { error: v.pointsInvalid }).max(1000, { error: v.pointsInvalid }).nullish(),
});

const builderFieldSchema = z
  .object({
    label: z.string({ error: v.fieldLabelRequired }).trim().min(1, { error: v.fieldLabelRequired }).max(500, { error: v.tooLong(500) }),
    type: z.enum(builderFieldTypes, { error: v.fieldTypeInvalid }),
    options: z.array(builderOptionSchema).max(50, { error: v.tooManyOptions }).default([]),
  })
  .superRefine((field, ctx) => {
    const hasChoices = field.type === 'radio' || field.type === 'select';
    if (hasChoices && field.options.length < 2) ctx.addIssue({ code: 'custom', message: v.optionsRequired, path: ['options'] });
  });

const builderSectionSchema = z.object({
  title: z.string({ error: v.sectionTitleRequired }).trim().min(1, { error: v.sectionTitleRequired }).max(200, { error: v.tooLong(200) }),
  fields: z.array(builderFieldSchema).min(1, { error: v.sectionFieldsRequired }).max(200, { error: v.tooManyFields }),
});

/**
 * An own template as the builder sends it: sections of fields in order (the server numbers the
 * fields and the options); options may carry points, which make the template scored.
 */
export const qaTemplateWriteRequest = z.object({
  name: itemNameSchema,
  description: z.string({ error: v.invalidBody }).trim().max(5000, { error: v.tooLong(5000) }).nullish().transform((d) => d ?? ''),
  content: z.array(builderSectionSchema, { error: v.templateContentRequired }).min(1, { error: v.templateContentRequired }).max(50, { error: v.tooManyFields }),
});
export type QaTemplateWriteRequest = z.input<typeof qaTemplateWriteRequest>;
export type QaTemplateWrite = z.output<typeof qaTemplateWriteRequest>;

export const qaTemplateResponse = envelope(z.object({ qaTemplate: qaTemplateSchema }));
