import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { appointments } from '../agenda/agenda.tables';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';

/**
 * A payment received for one or more sessions, and its receipt ('recibo'), numbered in sequence
 * per professional. The names and CPFs are those of the day it was registered, so a receipt
 * reads the same later; it outlives its patient (the tax report keeps it).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    receiptNumber: integer('receipt_number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: ['pix', 'cash', 'card', 'transfer', 'other'] }).notNull(),
    /** The day it was paid, in the professional's time zone. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: text('note'),
    patientName: text('patient_name').notNull(),
    patientDocument: text('patient_document'),
    payerName: text('payer_name').notNull(),
    payerDocument: text('payer_document'),
    createdAt: createdAt(),
    /** A cancelled receipt keeps its number; what it paid is owed again. */
    voidedAt: timestamptz('voided_at'),
    voidReason: text('void_reason'),
    /**
     * Whether its receipt was issued in Receita Saúde ('issued', on `receitaSaudeIssuedOn`, with the
     * receipt's number when given) or not yet ('pending'). A professional Receita Saúde does not
     * oblige sees 'not_required' instead of 'pending' (worked out from the profile on reading). The
     * payer's CPF (`payerDocument`, the 'titular') and the patient's (`patientDocument`, the
     * beneficiary) are those the Carnê-Leão file carries.
     */
    receitaSaudeStatus: text('receita_saude_status', { enum: ['pending', 'issued'] })
      .notNull()
      .default('pending'),
    receitaSaudeIssuedOn: date('receita_saude_issued_on', { mode: 'string' }),
    receitaSaudeNumber: text('receita_saude_number'),
  },
  (t) => [
    uniqueIndex('payments_owner_receipt_key').on(t.ownerId, t.receiptNumber),
    index('payments_owner_paid_on_idx').on(t.ownerId, t.paidOn),
    index('payments_patient_idx').on(t.patientId),
    index('payments_owner_receita_saude_idx').on(t.ownerId, t.receitaSaudeStatus, t.paidOn),
  ],
);

/** The part of a payment that went to one session. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Null once the appointment is deleted; the receipt keeps its date. */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    startsAt: timestamptz('starts_at').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * The session's fee when the payment was registered, as its receipt states it (a fee edited
     * later does not change a receipt already issued). Before 0029, the fee of that day was not
     * kept: those rows took the session's fee of 0029's day, and none where the session was gone.
     */
    feeCents: integer('fee_cents'),
  },
  (t) => [index('payment_allocations_payment_idx').on(t.paymentId), index('payment_allocations_appointment_idx').on(t.appointmentId)],
);

/** A static Pix charge (BR Code) made for some sessions of a patient. */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    txid: text('txid').notNull(),
    payload: text('payload').notNull(),
    /** The sessions' starts, as the mail lists them. */
    sessionStarts: jsonb('session_starts').$type<string[]>().notNull(),
    emailedTo: text('emailed_to'),
    createdAt: createdAt(),
  },
  (t) => [index('pix_charges_owner_idx').on(t.ownerId, t.createdAt)],
);

/** The last receipt number a professional issued: each payment takes the next one (a sequence per professional, no gaps). */
export const receiptCounters = pgTable('receipt_counters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastReceiptNumber: integer('last_receipt_number').notNull(),
});
