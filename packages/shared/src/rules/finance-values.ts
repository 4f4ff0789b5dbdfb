// Apart from the finance and tax schemas: the finance page shows these without loading zod or
// building any schema (its forms, loaded when first opened, bring the schemas).

export const paymentMethods = ['pix', 'cash', 'card', 'transfer', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** R$ 1.000.000,00: the largest single payment. */
export const paymentMaxCents = 100_000_000;

/** What an expense's receipt may be, told by its bytes: a photo or a PDF. */
export const expenseReceiptTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'] as const;
