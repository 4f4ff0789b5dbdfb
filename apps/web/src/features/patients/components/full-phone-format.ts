// A chunk of its own (patient-display.ts): libphonenumber, for the phones without a fast path.
export { formatPhone } from '@consultorio/shared';
