import { z } from 'zod';
import { messages } from '../messages';
import { isCarneLeaoExpenseCode } from '../rules/carne-leao';
import { envelope } from './common';
import { instantSchema, isoDateSchema, monthSchema } from './dates';
import { paymentMaxCents } from '../rules/finance-values';

const tv = messages.tax.validation;

/** A calendar year, 'YYYY' (whether it lies in 2025..current is checked with the professional's clock). */
export const taxYearSchema = z
  .union([z.string(), z.number()], { error: tv.yearFormat })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{4}$/.test(value), { error: tv.yearFormat })
  .transform(Number);

const csvFormat = z.enum(['csv'], { error: tv.formatInvalid }).default('csv');

/** The Carnê-Leão income file of a year: the payments still to issue in Receita Saúde (`pending`), or `all`. */
export const carneLeaoFileQuery = z.object({
  year: taxYearSchema,
  format: csvFormat,
  status: z.enum(['pending', 'all'], { error: tv.exportStatusInvalid }).default('pending'),
});

/** The livro-caixa's payments file of a year. */
export const carneLeaoExpensesFileQuery = z.object({ year: taxYearSchema, format: csvFormat });

export const carneLeaoSummaryQuery = z.object({ month: monthSchema(messages.validation.dateFields.month) });

/** What keeps a payment out of the file: the CPF of its payer (the 'titular') or of its patient (the beneficiary). */
export const missingDocuments = ['payerDocument', 'patientDocument'] as const;

export const incompletePaymentSchema = z.object({
  id: z.uuid(),
  receiptNumber: z.number().int(),
  /** yyyy-mm-dd */
  paidAt: z.string(),
  patientName: z.string(),
  payerName: z.string(),
  amountCents: z.number().int(),
  missing: z.array(z.enum(missingDocuments)),
});
export type IncompletePayment = z.infer<typeof incompletePaymentSchema>;

/** The month in one look: income, deductible expenses and the Receita Saúde counts. */
export const carneLeaoSummarySchema = z.object({
  month: z.string(),
  /** Whether the profile says receipts must be issued in Receita Saúde. */
  obliged: z.boolean(),
  /** Payments received from individuals in the month (cancelled ones left out). */
  incomeCents: z.number().int(),
  /** The month's livro-caixa expenses with a deductible (P10) code. */
  deductibleExpensesCents: z.number().int(),
  /** Income minus deductible expenses. */
  differenceCents: z.number().int(),
  pendingCount: z.number().int(),
  issuedCount: z.number().int(),
  incompleteCount: z.number().int(),
  /** Payments of earlier months still to issue (for the dashboard's reminder). */
  pastPendingCount: z.number().int(),
  /** The month's payments left out of the file for a missing CPF. */
  incomplete: z.array(incompletePaymentSchema),
});
export type CarneLeaoSummary = z.infer<typeof carneLeaoSummarySchema>;
export const carneLeaoSummaryResponse = envelope(z.object({ carneLeao: carneLeaoSummarySchema }));

/**
 * Marks issued what the year's file carried: the payments still pending, complete and not
 * cancelled, registered by `exportedAt` (when the file was downloaded; now when left out).
 */
export const markIssuedRequest = z.object({
  year: taxYearSchema,
  issuedOn: isoDateSchema(tv.issuedOn).optional(),
  exportedAt: instantSchema(tv.exportedAt).optional(),
});
export type MarkIssuedRequest = z.output<typeof markIssuedRequest>;
export const markIssuedResponse = envelope(z.object({ count: z.number().int() }));

// ---- livro-caixa ----

export const expenseRequest = z.object({
  date: isoDateSchema(tv.expenseDate),
  code: z.string({ error: tv.expenseCodeInvalid }).trim().refine(isCarneLeaoExpenseCode, { error: tv.expenseCodeInvalid }),
  amountCents: z
    .number({ error: tv.amountInvalid })
    .int({ error: tv.amountInvalid })
    .min(1, { error: tv.amountInvalid })
    .max(paymentMaxCents, { error: tv.amountInvalid }),
  description: z
    .string({ error: tv.descriptionRequired })
    .trim()
    .min(1, { error: tv.descriptionRequired })
    .max(255, { error: messages.validation.tooLong(255) }),
});
export type ExpenseInput = z.input<typeof expenseRequest>;
export type ExpenseRequest = z.output<typeof expenseRequest>;

export const expenseListQuery = z.object({
  year: taxYearSchema,
  month: z
    .string({ error: tv.monthNumberInvalid })
    .regex(/^(0[1-9]|1[0-2])$/, { error: tv.monthNumberInvalid })
    .optional(),
});

export const expenseSchema = z.object({
  id: z.uuid(),
  /** yyyy-mm-dd */
  date: z.string(),
  /** 'P10.01.00002' (deductible) or 'P11...' (not deductible). */
  code: z.string(),
  deductible: z.boolean(),
  amountCents: z.number().int(),
  description: z.string(),
  /** The attached receipt (photo or PDF), downloaded from `GET /v1/files/:key`, or null. */
  receipt: z
    .object({ fileKey: z.string(), name: z.string().nullable(), contentType: z.string(), byteSize: z.number().int() })
    .nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expenseResponse = envelope(z.object({ expense: expenseSchema }));
export const expenseListResponse = envelope(z.object({ expenses: z.array(expenseSchema) }));
