import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    gender: text('gender', { enum: ['male', 'female', 'other', 'undisclosed'] }),
    title: text('title', { enum: ['Sr.', 'Dr.', 'Sra.', 'Dra.', 'Dr(a).'] }),
    birthdate: date('birthdate', { mode: 'string' }),
    document: text('document'),
    cc: text('cc').notNull().default('+55'),
    phone: text('phone'),
    country: text('country').notNull().default('BR'),
    profession: text('profession'),
    avatarExternalKey: text('avatar_external_key'),
    /** Set by a login with a recovery password: every call but the password change answers 403 until a new one is set. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** IANA name of the professional's time zone: the agenda, e-mails and the assistant show times in it. */
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    /** 'Registro profissional' (e.g. 'CRP 06/123456'), printed on records and receipts. */
    professionalRegistration: text('professional_registration'),
    /** Hours before an appointment its patient is reminded by e-mail (up to three, longest first; empty: none). */
    emailReminderLeadHours: integer('email_reminder_lead_hours').array().notNull().default(sql`'{24}'::integer[]`),
    /** The same for patients who opted in to WhatsApp reminders. */
    whatsappReminderLeadHours: integer('whatsapp_reminder_lead_hours').array().notNull().default(sql`'{24}'::integer[]`),
    /** The Pix key charges are made to, as a BR Code carries it (digits, lower-case e-mail, +55..., UUID). */
    pixKey: text('pix_key'),
    /** The city receipts are dated in (and a BR Code names). */
    city: text('city'),
    /** 'Endereço do consultório': where in-person appointments take place unless one says otherwise (and receipts print it). */
    officeAddress: text('office_address'),
    /** How the professional works: 'individual' (pessoa física, autônomo) or 'company' (with `cnpj`); Receita Saúde obliges individuals only. */
    taxpayerType: text('taxpayer_type', { enum: ['individual', 'company'] }).notNull().default('individual'),
    /** The company's CNPJ (14 digits), printed on receipts when `taxpayerType` is 'company'. */
    cnpj: text('cnpj'),
    /** The Carnê-Leão occupation chosen ('255'); null: the one the profession suggests. */
    occupationCode: text('occupation_code'),
    /** The address of the public booking page ('/agendar/<slug>'), unique among professionals. */
    bookingSlug: text('booking_slug'),
    /** Whether the booking page takes bookings (off by default). */
    bookingEnabled: boolean('booking_enabled').notNull().default(false),
    /**
     * How many patients the user has, kept by the `patients_count` trigger of migration 0001
     * on every insert and delete, so the list's total and the dashboard need not count rows
     * (the one write into users that is not this module's: docs/architecture.md).
     */
    patientCount: integer('patient_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_booking_slug_key').on(t.bookingSlug),
  ],
);

/** A temporary password mailed by the recovery flow; the old password keeps working beside it. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const emailUpdates = pgTable(
  'email_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_updates_token_key').on(t.tokenHash), index('email_updates_user_idx').on(t.userId)],
);
