import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

/** The failures the tax module answers with, by code (its manifest's `errors`). */
export const taxErrors = defineErrors({
  CARNE_LEAO_PROFILE_INCOMPLETE: { status: 409, message: messages.tax.errors.profileIncomplete },
  /** The file asked for would hold no line (its message says which and why). */
  CARNE_LEAO_EMPTY: { status: 409, message: messages.tax.errors.emptyFile },
  EXPENSE_NOT_FOUND: { status: 404, message: messages.tax.errors.expenseNotFound },
  EXPENSE_RECEIPT_TYPE: { status: 415, message: messages.tax.errors.receiptFileType },
});

type TaxErrors = typeof taxErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends TaxErrors {}
}
