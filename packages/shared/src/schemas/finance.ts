import { z } from 'zod';
import { messages } from '../messages';
import { appointmentStatuses } from './appointments';
import { emailSchema, envelope, idSchema, optionalText } from './common';
import { instantSchema, isoDateSchema, monthSchema } from './dates';
import { isValidCpf, onlyDigits } from '../rules/validators';
import { paymentMaxCents, paymentMethods } from '../rules/finance-values';

const v = messages.validation;

const monthField = monthSchema(v.dateFields.month);

const amountSchema = z
  .number({ error: v.amountInvalid })
  .int({ error: v.amountInvalid })
  .min(1, { error: v.amountInvalid })
  .max(paymentMaxCents, { error: v.amountInvalid });

/** The sessions a payment or a Pix charge is for: one to a hundred, each once. */
const appointmentIdsSchema = z
  .array(idSchema, { error: v.appointmentsRequired })
  .min(1, { error: v.appointmentsRequired })
  .max(100, { error: v.tooManyAppointments })
  .refine((ids) => new Set(ids).size === ids.length, { error: v.appointmentsRepeated });

/**
 * The day of a payment: a date ('2026-03-10') or an instant with its offset, whose day in the
 * professional's time zone is taken.
 */
const paidAtDay = isoDateSchema(v.dateFields.paidAt);
const paidAtInstant = instantSchema(v.dateFields.paidAt);
const paidAtSchema = z
  .string({ error: v.dateInvalid(v.dateFields.paidAt) })
  .trim()
  .superRefine((value, ctx) => {
    const checked = (value.includes('T') ? paidAtInstant : paidAtDay).safeParse(value);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
  });

export const paymentCreateRequest = z.object({
  patientId: z.uuid({ error: v.patientRequired }),
  appointmentIds: appointmentIdsSchema,
  amountCents: amountSchema,
  method: z.enum(paymentMethods, { error: v.paymentMethodInvalid }),
  paidAt: paidAtSchema,
  note: optionalText(500),
});
export type PaymentCreateRequest = z.input<typeof paymentCreateRequest>;

/** Cancels a receipt issued by mistake: the reason is kept and printed on it. */
export const paymentVoidRequest = z.object({
  reason: z
    .string({ error: v.voidReasonRequired })
    .trim()
    .min(3, { error: v.voidReasonRequired })
    .max(500, { error: v.tooLong(500) }),
});
export type PaymentVoidRequest = z.input<typeof paymentVoidRequest>;
export type PaymentCreate = z.output<typeof paymentCreateRequest>;

/** One session a payment settled (all or part of). */
export const paymentSessionSchema = z.object({
  /** Null once the appointment was deleted (the receipt keeps its date). */
  appointmentId: z.uuid().nullable(),
  startsAt: z.string(),
  amountCents: z.number().int(),
});

export const receitaSaudeStatuses = ['pending', 'issued', 'not_required'] as const;
export type ReceitaSaudeStatus = (typeof receitaSaudeStatuses)[number];

/** Where a payment's receipt stands in Receita Saúde. */
export const receitaSaudeSchema = z.object({
  /** 'pending' (a emitir), 'issued' (emitido) or 'not_required' (a company, or a profession outside the rule). */
  status: z.enum(receitaSaudeStatuses),
  /** The day it was issued, yyyy-mm-dd. */
  issuedOn: z.string().nullable(),
  /** The receipt's number in Receita Saúde, when given. */
  number: z.string().nullable(),
});
export type ReceitaSaude = z.infer<typeof receitaSaudeSchema>;

const tv = messages.tax.validation;
const optionalCpfField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: v.documentInvalid })
    .trim()
    .max(20, { error: v.documentInvalid })
    .refine(isValidCpf, { error: v.documentInvalid })
    .transform(onlyDigits)
    .nullable()
    .optional(),
);

/**
 * Marks a payment's receipt issued in Receita Saúde (on `issuedOn`, today when left out, with its
 * number when given) or back to pending; the payer's and the patient's CPFs can be filled in at the same time.
 */
export const receitaSaudeUpdateRequest = z.object({
  status: z.enum(['issued', 'pending'], { error: tv.statusInvalid }),
  issuedOn: isoDateSchema(tv.issuedOn).optional(),
  number: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string({ error: tv.receiptNumberInvalid }).trim().max(40, { error: tv.receiptNumberInvalid }).nullable().optional(),
  ),
  payerDocument: optionalCpfField,
  patientDocument: optionalCpfField,
});
export type ReceitaSaudeUpdate = z.output<typeof receitaSaudeUpdateRequest>;

/** A payment and its receipt (a payment is its receipt: one number each, in sequence per professional). */
export const paymentSchema = z.object({
  id: z.uuid(),
  receiptNumber: z.number().int(),
  /** Null once the patient was deleted (the payment stays, for the tax report). */
  patientId: z.uuid().nullable(),
  patientName: z.string(),
  patientDocument: z.string().nullable(),
  payerName: z.string(),
  payerDocument: z.string().nullable(),
  amountCents: z.number().int(),
  method: z.enum(paymentMethods),
  /** The day it was paid, yyyy-mm-dd. */
  paidAt: z.string(),
  note: z.string().nullable(),
  sessions: z.array(paymentSessionSchema),
  createdAt: z.string(),
  /** When the receipt was cancelled (it keeps its number; its sessions are owed again), or null. */
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  receitaSaude: receitaSaudeSchema,
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResponse = envelope(z.object({ payment: paymentSchema }));
export const paymentListResponse = envelope(z.object({ payments: z.array(paymentSchema) }));

export const monthQuery = z.object({ month: monthField });

export const byMethodSchema = z.object({
  pix: z.number().int(),
  cash: z.number().int(),
  card: z.number().int(),
  transfer: z.number().int(),
  other: z.number().int(),
});
export type ByMethod = z.infer<typeof byMethodSchema>;

export const financeSummarySchema = z.object({
  month: z.string(),
  /** Payments dated in the month. */
  receivedCents: z.number().int(),
  /** What is still owed for the month's sessions (scheduled ones included). */
  pendingCents: z.number().int(),
  byMethod: byMethodSchema,
  paymentsCount: z.number().int(),
  /** What is owed for every session held so far, whatever the month ('A receber'). */
  receivableCents: z.number().int(),
  /** How many patients owe for sessions held so far. */
  receivablePatients: z.number().int(),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;
export const financeSummaryResponse = envelope(z.object({ summary: financeSummarySchema }));

/** A session still to be paid (all or part of). */
export const pendingSessionSchema = z.object({
  id: z.uuid(),
  startsAt: z.string(),
  status: z.enum(appointmentStatuses),
  feeCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  /** Still ahead (not held, not a charged cancellation): listed to be paid in advance, not in the balance. */
  upcoming: z.boolean(),
});
export type PendingSession = z.infer<typeof pendingSessionSchema>;

export const pendingPatientSchema = z.object({
  patientId: z.uuid(),
  patientName: z.string(),
  /** Whom the receipt names: the 'Responsável financeiro' when set, else the patient. */
  payerName: z.string(),
  email: z.string().nullable(),
  /** What the sessions due owe (held, or charged though missed); a session ahead is listed but not counted. */
  balanceCents: z.number().int(),
  sessions: z.array(pendingSessionSchema),
});
export type PendingPatient = z.infer<typeof pendingPatientSchema>;
export const pendingResponse = envelope(z.object({ patients: z.array(pendingPatientSchema) }));

/** The patient's account: the balance of the sessions held, every session still owed and the last payments. */
export const patientFinanceSchema = z.object({
  balanceCents: z.number().int(),
  sessions: z.array(pendingSessionSchema),
  payments: z.array(paymentSchema),
});
export type PatientFinance = z.infer<typeof patientFinanceSchema>;
export const patientFinanceResponse = envelope(z.object({ finance: patientFinanceSchema }));

export const pixChargeRequest = z.object({
  appointmentIds: appointmentIdsSchema,
  /** Also mail the code and its QR to the patient's e-mail. */
  sendEmail: z.boolean({ error: v.invalidBody }).optional(),
});
export type PixChargeRequest = z.input<typeof pixChargeRequest>;

export const pixChargeSchema = z.object({
  id: z.uuid(),
  amountCents: z.number().int(),
  /** The static BR Code ('Pix copia e cola'), with its CRC. */
  payload: z.string(),
  /** Its QR Code as a PNG data URL. */
  qrCode: z.string(),
  txid: z.string(),
  /** Where it was mailed, when asked. */
  emailedTo: z.string().nullable(),
  createdAt: z.string(),
});
export type PixCharge = z.infer<typeof pixChargeSchema>;
export const pixChargeResponse = envelope(z.object({ pixCharge: pixChargeSchema }));

export const receiptEmailRequest = z.object({
  /** Another address than the patient's. */
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), emailSchema.optional()),
});
export const receiptEmailResponse = envelope(z.object({ email: z.string() }));

export const reportQuery = z.object({
  month: monthField,
  format: z.enum(['csv'], { error: v.reportFormatInvalid }).default('csv'),
});
