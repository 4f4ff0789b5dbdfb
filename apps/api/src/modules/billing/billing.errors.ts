import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the billing module answers with, by code (its manifest's `errors`). */
export const billingErrors = defineErrors({
  COUPON_INVALID: { status: 400, message: e.couponInvalid },
  PLAN_NOT_FOUND: { status: 404, message: e.planNotFound },
  CHECKOUT_UNAVAILABLE: { status: 409, message: e.checkoutUnavailable },
  PAYMENT_PROVIDER_FAILED: { status: 503, message: e.paymentProviderFailed },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: e.webhookSignatureInvalid },
});

type BillingErrors = typeof billingErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends BillingErrors {}
}
