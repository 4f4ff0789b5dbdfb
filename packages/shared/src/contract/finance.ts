import { z } from 'zod';
import {
  financeSummaryResponse,
  monthQuery,
  patientFinanceResponse,
  paymentCreateRequest,
  paymentListResponse,
  paymentResponse,
  paymentVoidRequest,
  pendingResponse,
  pixChargeRequest,
  pixChargeResponse,
  receiptEmailRequest,
  receiptEmailResponse,
  receitaSaudeUpdateRequest,
  reportQuery,
} from '../schemas/finance';
import { idParams } from './common';
import { binaryAnswer, defineRoute } from './route';

const tag = 'finance';

export const financeApi = {
  /**
   * Registers a payment for one or more sessions of a patient and issues its receipt (the next
   * number of the professional's sequence). The amount settles the oldest sessions first; less
   * than their balance leaves the rest owed. 404 for a patient or session not the professional's.
   */
  createPayment: defineRoute({
    method: 'POST',
    path: '/v1/users/me/payments',
    access: 'session',
    tag,
    body: paymentCreateRequest,
    status: 201,
    response: paymentResponse,
    errors: { 400: ['APPOINTMENTS_NOT_PATIENTS', 'AMOUNT_ABOVE_BALANCE'], 404: ['PATIENT_NOT_FOUND', 'APPOINTMENT_NOT_FOUND'], 409: ['APPOINTMENT_NOT_CHARGEABLE'] },
  }),
  /** The payments (receipts) dated in a month, by receipt number. */
  listPayments: defineRoute({
    method: 'GET',
    path: '/v1/users/me/payments',
    access: 'session',
    tag,
    query: monthQuery,
    status: 200,
    response: paymentListResponse,
  }),
  getPayment: defineRoute({ method: 'GET', path: '/v1/payments/:id', access: 'session', tag, params: idParams, errors: { 404: ['PAYMENT_NOT_FOUND'] }, status: 200, response: paymentResponse }),
  /** Cancels the receipt: it keeps its number and is marked cancelled; what it paid is owed again. 409 when already cancelled. */
  voidPayment: defineRoute({
    method: 'POST',
    path: '/v1/payments/:id/void',
    access: 'session',
    tag,
    params: idParams,
    body: paymentVoidRequest,
    status: 200,
    response: paymentResponse,
    errors: { 404: ['PAYMENT_NOT_FOUND'], 409: ['PAYMENT_VOIDED'] },
  }),
  /**
   * Marks the payment's receipt issued in Receita Saúde (on `issuedOn`, today when left out, with
   * its number) or back to pending, filling in the payer's and the patient's CPFs when given. 409
   * for a cancelled receipt, a professional Receita Saúde does not oblige, or a CPF still missing.
   */
  updateReceitaSaude: defineRoute({
    method: 'PUT',
    path: '/v1/payments/:id/receita-saude',
    access: 'session',
    tag,
    params: idParams,
    body: receitaSaudeUpdateRequest,
    status: 200,
    response: paymentResponse,
    errors: { 404: ['PAYMENT_NOT_FOUND'], 409: ['PAYMENT_VOIDED', 'RECEITA_SAUDE_NOT_REQUIRED', 'RECEITA_SAUDE_INCOMPLETE'] },
  }),
  /** The receipt as a PDF. */
  receipt: defineRoute({
    method: 'GET',
    path: '/v1/payments/:id/receipt',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PAYMENT_NOT_FOUND'] },
    status: 200,
    response: binaryAnswer('the receipt, a PDF file'),
    raw: 'application/pdf',
  }),
  /** Mails the receipt (PDF attached) to the patient's e-mail or the one given; 409 when there is none. */
  emailReceipt: defineRoute({
    method: 'POST',
    path: '/v1/payments/:id/receipt/email',
    access: 'session',
    tag,
    params: idParams,
    body: receiptEmailRequest,
    status: 202,
    response: receiptEmailResponse,
    errors: { 404: ['PAYMENT_NOT_FOUND'], 409: ['PAYMENT_VOIDED', 'RECIPIENT_EMAIL_MISSING'] },
  }),
  /** The month's received (by method) and pending totals, and what is owed for every session held so far. */
  summary: defineRoute({
    method: 'GET',
    path: '/v1/users/me/finance/summary',
    access: 'session',
    tag,
    query: monthQuery,
    status: 200,
    response: financeSummaryResponse,
  }),
  /** The month's sessions still owed (all or part), by patient. */
  pending: defineRoute({
    method: 'GET',
    path: '/v1/users/me/finance/pending',
    access: 'session',
    tag,
    query: monthQuery,
    status: 200,
    response: pendingResponse,
  }),
  /** The month's payments as a CSV for a Brazilian spreadsheet (UTF-8 with BOM, ';', decimal comma). */
  report: defineRoute({
    method: 'GET',
    path: '/v1/users/me/finance/report',
    access: 'session',
    tag,
    query: reportQuery,
    status: 200,
    response: z.string().describe('the monthly report, a CSV file'),
    raw: 'text/csv',
  }),
  /** The patient's balance, sessions owed and last payments. */
  patientFinance: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/finance',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: patientFinanceResponse,
  }),
  /**
   * A static Pix charge (BR Code 'copia e cola' and its QR) for what the chosen sessions still
   * owe, optionally mailed to the patient. 409 without a Pix key in the profile, nothing owed or no e-mail.
   */
  createPixCharge: defineRoute({
    method: 'POST',
    path: '/v1/patients/:id/pix-charges',
    access: 'session',
    tag,
    params: idParams,
    body: pixChargeRequest,
    status: 201,
    response: pixChargeResponse,
    errors: { 400: ['APPOINTMENTS_NOT_PATIENTS'], 404: ['PATIENT_NOT_FOUND', 'APPOINTMENT_NOT_FOUND'], 409: ['APPOINTMENT_NOT_CHARGEABLE', 'PIX_KEY_MISSING', 'NOTHING_TO_CHARGE', 'RECIPIENT_EMAIL_MISSING'] },
  }),
};
