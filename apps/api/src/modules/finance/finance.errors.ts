import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the finance module answers with, by code (its manifest's `errors`). */
export const financeErrors = defineErrors({
  PAYMENT_NOT_FOUND: { status: 404, message: e.paymentNotFound },
  PAYMENT_VOIDED: { status: 409, message: e.paymentVoided },
  APPOINTMENTS_NOT_PATIENTS: { status: 400, message: e.appointmentsNotPatients },
  APPOINTMENT_NOT_CHARGEABLE: { status: 409, message: e.appointmentNotChargeable },
  AMOUNT_ABOVE_BALANCE: { status: 400, message: e.amountAboveBalance('') },
  NOTHING_TO_CHARGE: { status: 409, message: e.nothingToCharge },
  PIX_KEY_MISSING: { status: 409, message: e.pixKeyMissing },
  RECIPIENT_EMAIL_MISSING: { status: 409, message: e.recipientEmailMissing },
  RECEITA_SAUDE_NOT_REQUIRED: { status: 409, message: messages.tax.errors.notRequired },
  RECEITA_SAUDE_INCOMPLETE: { status: 409, message: messages.tax.errors.incomplete },
});

type FinanceErrors = typeof financeErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends FinanceErrors {}
}
