import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { firstNameSchema } from './auth';
import { emailSchema, envelope, optionalText } from './common';
import { feeCentsSchema } from './appointments';
import { blankToNull, contactFields, genderSchema, keptWhenOmitted, optionalBirthdate, optionalCpf, optionalGender, withContactRules } from './users';

const v = messages.validation;

export const patientSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  /** First and last name joined, derived by the server. */
  fullName: z.string(),
  gender: genderSchema.nullable(),
  birthdate: z.string().nullable(),
  cc: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  country: z.string(),
  avatarExternalKey: z.string().nullable(),
  /** The patient asked not to get appointment reminders by e-mail. */
  remindersOptOut: z.boolean(),
  /** 'Lembretes por WhatsApp': the patient agreed to get reminders and notices on the phone's WhatsApp (off by default). */
  whatsappOptIn: z.boolean(),
  /** When the patient agreed (kept while the consent holds); null when not opted in. */
  whatsappOptInAt: z.string().nullable(),
  /** When the patient answered 'PARAR' by WhatsApp; null again once the consent is given anew. */
  whatsappStoppedAt: z.string().nullable(),
  /** CPF (11 digits), printed on receipts. */
  document: z.string().nullable(),
  /** The default fee of a session, copied to each new appointment; null: none set. */
  sessionFeeCents: z.number().int().nullable(),
  /** 'Responsável financeiro': who pays, when not the patient (receipts are in their name). */
  payerName: z.string().nullable(),
  payerDocument: z.string().nullable(),
  /** Where receipts and Pix charges go instead of the patient's e-mail. */
  payerEmail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

/** The patient as forms and records name it: id and names only. */
export const patientSummarySchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string().nullable(), fullName: z.string() });
export type PatientSummary = z.infer<typeof patientSummarySchema>;

export const patientResponse = envelope(z.object({ patient: patientSchema }));

const optionalEmail = z.preprocess(blankToNull, emailSchema.nullish()).transform((email) => email ?? null);

const patientFields = {
  /** Left out on an edit: the stored choice stays. */
  remindersOptOut: z.boolean({ error: v.invalidBody }).optional(),
  /** 'Lembretes por WhatsApp' (needs the phone); left out of an edit: the stored choice stays. */
  whatsappOptIn: z.boolean({ error: v.invalidBody }).optional(),
  gender: optionalGender,
  birthdate: optionalBirthdate,
  ...contactFields,
  email: optionalEmail,
  /** The fields below, when left out of an edit, keep their stored value; null or blank clears them. */
  document: optionalCpf,
  sessionFeeCents: keptWhenOmitted(feeCentsSchema),
  payerName: keptWhenOmitted(z.string({ error: v.invalidBody }).trim().max(limits.nameMax * 2, { error: v.tooLong(limits.nameMax * 2) })),
  payerDocument: optionalCpf,
  payerEmail: keptWhenOmitted(emailSchema),
};

/**
 * A patient as created or edited: one rule for both, so whatever a creation accepts an edit
 * accepts too (a patient created without a last name can be saved again). Only the first name
 * is required. An edit replaces every field but those `keptWhenOmitted`.
 */
const patientRequest = withContactRules(z.object({ firstName: firstNameSchema, lastName: optionalText(limits.nameMax), ...patientFields })).superRefine(
  (patient, ctx) => {
    if (patient.whatsappOptIn === true && patient.phone === null) ctx.addIssue({ code: 'custom', message: v.whatsappPhoneRequired, path: ['phone'] });
  },
);

export const patientCreateRequest = patientRequest;
export type PatientCreateInput = z.input<typeof patientCreateRequest>;
export type PatientCreate = z.output<typeof patientCreateRequest>;

export const patientUpdateRequest = patientRequest;
export type PatientUpdateInput = z.input<typeof patientUpdateRequest>;
export type PatientUpdate = z.output<typeof patientUpdateRequest>;

/**
 * A deletion: a patient with a finalized record is deleted only with `confirmName`, the
 * patient's full name (first and last) as stored, typed (case and spaces aside).
 */
export const patientDeleteRequest = z
  .object({ confirmName: z.string({ error: v.invalidBody }).max(limits.nameMax * 2 + 1, { error: v.tooLong(limits.nameMax * 2 + 1) }).optional() })
  // No body at all reaches the validator as null.
  .nullish();
export type PatientDeleteRequest = z.input<typeof patientDeleteRequest>;

/** What deleting the patient asks for: the name typed, when finalized records would go with it. */
export const patientDeletionResponse = envelope(
  z.object({ deletion: z.object({ finalizedRecords: z.number().int(), confirmNameRequired: z.boolean() }) }),
);
export type PatientDeletion = z.infer<typeof patientDeletionResponse>['data']['deletion'];

export const patientListQuery = z.object({
  /** A piece of the full name; case and accents are ignored. */
  q: z
    .string({ error: v.invalidBody })
    .trim()
    .max(limits.searchMax, { error: v.searchTooLong })
    .optional()
    .transform((q) => q ?? ''),
  limit: z.coerce
    .number({ error: v.limitInvalid })
    .int({ error: v.limitInvalid })
    .min(1, { error: v.limitInvalid })
    .max(limits.pageSizeMax, { error: v.limitInvalid })
    .default(limits.pageSizeDefault),
  /** The `nextCursor` of the previous page. */
  cursor: z.string({ error: v.cursorInvalid }).max(400, { error: v.cursorInvalid }).optional(),
});
export type PatientListQuery = z.input<typeof patientListQuery>;

export const patientListResponse = envelope(
  z.object({
    patients: z.array(patientSchema),
    /** Patients matching the search, over every page. */
    total: z.number().int(),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
);
export type PatientPage = z.infer<typeof patientListResponse>['data'];


export const accessActions = ['read', 'create', 'update', 'delete', 'download', 'export', 'join', 'leave', 'invite', 'revoke', 'consent', 'withdraw'] as const;
export type AccessAction = (typeof accessActions)[number];
export const accessEntityTypes = [
  'patient',
  'form',
  'record',
  'chat',
  'file',
  'access-log',
  'appointment',
  'payment',
  'alert',
  'measurement-plan',
  'video-professional',
  'video-patient',
  'document',
  'recording',
  'portal',
  'portal-receipt',
  'portal-document',
  'whatsapp',
  'booking-terms',
] as const;
export type AccessEntityType = (typeof accessEntityTypes)[number];

/** One read or change of the patient's data, as 'Registro de acessos' lists it. */
export const accessLogEntrySchema = z.object({
  action: z.enum(accessActions),
  entityType: z.enum(accessEntityTypes),
  entityId: z.string(),
  createdAt: z.string(),
  ip: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogQuery = z.object({
  limit: patientListQuery.shape.limit,
  cursor: patientListQuery.shape.cursor,
});
export const accessLogResponse = envelope(z.object({ accessLog: z.array(accessLogEntrySchema), nextCursor: z.string().nullable() }));
