
import { sql } from 'drizzle-orm';
import type { ChatMessageContent, ChatSender, FormContent, Scoring, TemplateSection } from '@consultorio/shared';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

const createdAt = () => timestamptz('created_at').notNull().default(sql`now()`);

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
    /** Hours before an appointment its patient is reminded by e-mail; 0: no reminders. */
    reminderLeadHours: integer('reminder_lead_hours').notNull().default(24),
    /** The secret of the private calendar feed's address (a capability, shown to its owner again). */
    calendarFeedToken: text('calendar_feed_token'),
    calendarFeedFullNames: boolean('calendar_feed_full_names').notNull().default(false),
    /** The Pix key charges are made to, as a BR Code carries it (digits, lower-case e-mail, +55…, UUID). */
    pixKey: text('pix_key'),
    /** The city receipts are dated in (and a BR Code names). */
    city: text('city'),
    /** 'Endereço do consultório': where in-person appointments take place unless one says otherwise (and receipts print it). */
    officeAddress: text('office_address'),
    /** The last receipt number issued: each payment takes the next one (a sequence per professional, no gaps). */
    lastReceiptNumber: integer('last_receipt_number').notNull().default(0),
    /**
     * How many patients the user has, kept by the `patients_count` trigger of migration 0001
     * on every insert and delete, so the list's total and the dashboard need not count rows.
     */
    patientCount: integer('patient_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_calendar_feed_token_key').on(t.calendarFeedToken),
  ],
);

/** A registration waiting for its e-mail link; becomes a user when confirmed. */
export const userRegistrations = pgTable(
  'user_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSentAt: timestamptz('last_sent_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_registrations_token_key').on(t.tokenHash), index('user_registrations_email_idx').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** How the professional names the session in 'Minha conta' (the token's hash never leaves the server). */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The idle limit: moved forward while the session is used, never past `absoluteExpiresAt`. */
    expiresAt: timestamptz('expires_at').notNull(),
    /** The absolute limit from the login (SESSION_MAX_AGE), however much the session is used. */
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull().default(sql`now()`),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_id_key').on(t.id)],
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

/**
 * Attempts per key within a time window, shared by every API instance: login attempts per
 * username ("user:<name>") and IP ("ip:<address>"), recovery mails per address.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull().default(sql`now()`),
});

/**
 * A professional's patient. `search_name` is the full name in lower case without accents
 * (`searchKey` in the shared rules): search matches pieces of it and the list is sorted by it.
 */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    searchName: text('search_name').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'other', 'undisclosed'] }),
    birthdate: date('birthdate', { mode: 'string' }),
    cc: text('cc').notNull().default('+55'),
    phone: text('phone'),
    email: text('email'),
    country: text('country').notNull().default('BR'),
    avatarExternalKey: text('avatar_external_key'),
    /** The patient asked not to get appointment reminders by e-mail. */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    /** CPF, 11 digits. */
    document: text('document'),
    /** The default fee of a session, copied to each new appointment. */
    sessionFeeCents: integer('session_fee_cents'),
    /** 'Responsável financeiro': who pays when it is not the patient (a parent); receipts are in their name. */
    payerName: text('payer_name'),
    payerDocument: text('payer_document'),
    /** Where receipts and Pix charges go, when not to the patient's e-mail. */
    payerEmail: text('payer_email'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    // Serves the list in name order page by page (keyset), for one owner.
    index('patients_owner_name_idx').on(t.ownerId, sql`${t.searchName} collate "C"`, t.id),
    // Serves the substring search (LIKE '%...%') within one owner: btree_gin + pg_trgm.
    index('patients_owner_search_trgm_idx').using('gin', t.ownerId, sql`${t.searchName} gin_trgm_ops`),
  ],
);

/**
 * Every stored object, with its owner: the storage key is served only to that user. A file
 * that belongs to a patient (its avatar, attachments) names the patient, so deleting the
 * patient finds every object to remove.
 */
/** A stored object as the upload left it, before it is given an owner (what a `files` row needs of it). */
export interface StoredFileValues {
  key: string;
  contentType: string;
  byteSize: number;
  originalName: string | null;
}

export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    originalName: text('original_name'),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId), index('files_patient_idx').on(t.patientId)],
);


/**
 * Questionnaire templates. The library every professional starts with has no owner and comes
 * from the versioned data files in `db/seeds/qa-templates`; a changed file adds a new version
 * and only the current version of each key is offered, while forms keep the version they
 * were created with.
 */
export const qaTemplates = pgTable(
  'qa_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    isCurrent: boolean('is_current').notNull().default(true),
    name: text('name').notNull(),
    description: text('description').notNull(),
    content: jsonb('content').$type<TemplateSection[]>().notNull(),
    scoring: jsonb('scoring').$type<Scoring | null>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('qa_templates_key_version_key').on(t.key, t.version)],
);

export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    qaTemplateId: uuid('qa_template_id')
      .notNull()
      .references(() => qaTemplates.id),
    name: text('name').notNull(),
    content: jsonb('content').$type<FormContent>().notNull().default({}),
    publicToken: text('public_token').notNull(),
    isLocked: boolean('is_locked').notNull().default(false),
    /** Until when the patient's link opens the form; null: no end (forms made before links expired). */
    publicExpiresAt: timestamptz('public_expires_at'),
    /** When the link was last mailed to the patient. */
    sentAt: timestamptz('sent_at'),
    /** When the patient sent the answers through the link ('Enviar respostas'), which locks the form. */
    submittedAt: timestamptz('submitted_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('forms_public_token_key').on(t.publicToken),
    index('forms_patient_created_idx').on(t.patientId, t.createdAt),
    index('forms_owner_idx').on(t.ownerId),
  ],
);

export const records = pgTable(
  'records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Sanitized HTML from the editor. */
    content: text('content').notNull().default(''),
    aiAssistantName: text('ai_assistant_name'),
    /** Goes up with every change of the content: a save sends the version it started from (409 when stale). */
    version: integer('version').notNull().default(1),
    /** Set once, by 'Finalizar prontuário': the content is read-only afterwards, corrections are addenda. */
    finalizedAt: timestamptz('finalized_at'),
    /** SHA-256 (hex) of the content as finalized. */
    contentSha256: text('content_sha256'),
    /** The appointment this record is the session note ('evolução') of (one note per appointment). */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** When that session started, kept when the appointment is deleted. */
    sessionStartsAt: timestamptz('session_starts_at'),
    createdAt: createdAt(),
    /** Null until the name or the content first changes. */
    updatedAt: timestamptz('updated_at'),
  },
  (t) => [
    index('records_patient_created_idx').on(t.patientId, t.createdAt),
    index('records_owner_idx').on(t.ownerId),
    uniqueIndex('records_appointment_key')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null`),
  ],
);

/**
 * The versions of a record's content: each explicit save, each restore, one per stretch of
 * autosaves (a stretch keeps its row up to date for 2 minutes, then a new one starts), and the
 * text before any save that removed more than 200 characters of it.
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    /** The record's version this content had (the newest save of a stretch, for autosaves). */
    version: integer('version').notNull(),
    kind: text('kind', { enum: ['save', 'autosave', 'restore'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** When the content was last written (an autosave stretch moves it). */
    savedAt: timestamptz('saved_at').notNull().default(sql`now()`),
  },
  (t) => [index('record_versions_record_idx').on(t.recordId, t.savedAt)],
);

/** A dated correction of a finalized record (its content stays as finalized). */
export const recordAddenda = pgTable(
  'record_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    /** Sanitized rich text, like a record's. */
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('record_addenda_record_idx').on(t.recordId, t.createdAt)],
);

/** A file attached to a record; the stored object's row in `files` carries the patient too. */
export const recordAttachments = pgTable(
  'record_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    fileKey: text('file_key')
      .notNull()
      .references(() => files.key, { onDelete: 'cascade' }),
    basename: text('basename').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('record_attachments_record_idx').on(t.recordId), uniqueIndex('record_attachments_file_key').on(t.fileKey)],
);

/**
 * Note templates (records module): the headings a new record's text starts with. The library's
 * have a key and no owner and come from `db/seeds/note-templates.json`, updated by key on every
 * start; a professional's own have an owner and no key.
 */
export const noteTemplates = pgTable(
  'note_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    headings: jsonb('headings').$type<string[]>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('note_templates_key_key').on(t.key), index('note_templates_owner_idx').on(t.ownerId)],
);

/** The template a professional's session notes start from (records module); without a row, the library's 'Evolução'. */
export const noteTemplatePreferences = pgTable('note_template_preferences', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultTemplateId: uuid('default_template_id')
    .notNull()
    .references(() => noteTemplates.id, { onDelete: 'cascade' }),
});

/**
 * AI assistants: a name and the instructions the model receives. The library every
 * professional starts with has no owner and comes from the data files in
 * `db/seeds/ai-assistants`, updated in place by key on every start.
 */
export const aiAssistants = pgTable(
  'ai_assistants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: uuid('external_id').notNull().defaultRandom(),
    key: text('key').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    instructions: text('instructions').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ai_assistants_key_key').on(t.key), uniqueIndex('ai_assistants_external_id_key').on(t.externalId)],
);

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: uuid('external_id').notNull().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    aiAssistantId: uuid('ai_assistant_id')
      .notNull()
      .references(() => aiAssistants.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    /** Null until the name, the assistant or the thread first changes. */
    updatedAt: timestamptz('updated_at'),
  },
  (t) => [index('chats_patient_created_idx').on(t.patientId, t.createdAt), index('chats_owner_idx').on(t.ownerId)],
);

/**
 * One message of a chat. `content` is what the thread shows; `modelText` is what the model
 * reads for it (a form's answers, a record's text, the text extracted from files), kept so
 * later turns send the same history without reading the files again.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The thread's order: two messages stored in the same millisecond still keep theirs. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<ChatSender>().notNull(),
    content: jsonb('content').$type<ChatMessageContent>().notNull(),
    modelText: text('model_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_chat_seq_idx').on(t.chatId, t.seq)],
);

/** A file sent in a chat; the stored object's row in `files` carries the patient too. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileKey: text('file_key')
      .notNull()
      .references(() => files.key, { onDelete: 'cascade' }),
    basename: text('basename').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_message_idx').on(t.messageId), uniqueIndex('chat_attachments_file_key').on(t.fileKey)],
);

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    period: text('period', { enum: ['monthly', 'annual', 'lifetime'] }).notNull(),
    patientsLimit: integer('patients_limit').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: boolean('active').notNull().default(true),
    /** The plan a confirmed registration starts its trial on. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plans_code_key').on(t.code)],
);

/** One current subscription per professional. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    dueDate: date('due_date', { mode: 'string' }),
    cancellationDate: timestamptz('cancellation_date'),
    isTrial: boolean('is_trial').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    /** The last coupon applied, so the page can say what it did. */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    /** Set once the professional pays through Stripe Checkout: renewals and cancellations arrive by webhook. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('subscriptions_user_key').on(t.userId), uniqueIndex('subscriptions_stripe_subscription_key').on(t.stripeSubscriptionId)],
);

/** A code that grants a plan for some days, or a percentage off the price. Stored upper-case. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    planId: uuid('plan_id').references(() => plans.id),
    days: integer('days'),
    percentOff: integer('percent_off'),
    validUntil: timestamptz('valid_until'),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_redemptions_once_key').on(t.couponId, t.userId)],
);

/** The columns of a patient that forms, records and chats name it by (id and names), for queries that join it. */
export const patientSummaryColumns = { id: patients.id, firstName: patients.firstName, lastName: patients.lastName };

/**
 * Who read or changed which of a patient's data, appended by the API after each successful call
 * and never changed through it. No foreign key to the patient: when a patient is deleted, one
 * entry saying so stays (and nothing clinical is ever written here).
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The professional whose session did it (the owner, in this app). */
    actorId: uuid('actor_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    action: text('action', { enum: ['read', 'create', 'update', 'delete', 'download', 'export', 'join', 'leave'] }).notNull(),
    entityType: text('entity_type', {
      enum: ['patient', 'form', 'record', 'chat', 'file', 'access-log', 'appointment', 'payment', 'alert', 'measurement-plan', 'video-professional', 'video-patient', 'document'],
    }).notNull(),
    entityId: text('entity_id').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('access_log_patient_idx').on(t.ownerId, t.patientId, t.createdAt)],
);

/**
 * Jobs whose effect must happen once (a mail): marked done right after the effect, so a retry
 * of the same job (its first worker died after sending) does not repeat it.
 */
export const jobRuns = pgTable('job_runs', {
  key: text('key').primaryKey(),
  finishedAt: timestamptz('finished_at').notNull().default(sql`now()`),
});

/**
 * A recurring series as it was asked for: its rule (RFC 5545: weekly, every two weeks or monthly,
 * for a count, until a day, or open-ended) from a first wall-clock time in a time zone. Its
 * appointments are rows of `appointments`; an open-ended series is booked up to `bookedUntil`
 * and extended as time passes.
 */
export const appointmentSeries = pgTable('appointment_series', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  patientId: uuid('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' }),
  frequency: text('frequency', { enum: ['weekly', 'biweekly', 'monthly'] }).notNull(),
  count: integer('count'),
  /** The last day (yyyy-mm-dd, in the time zone) an appointment may fall on. */
  until: date('until', { mode: 'string' }),
  timeZone: text('time_zone').notNull(),
  /** The first appointment's local date and time, 'yyyy-mm-ddThh:mm'. */
  firstLocalStart: text('first_local_start').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  /** Open-ended series: appointments exist up to here; null once the series has an end. */
  bookedUntil: timestamptz('booked_until'),
  createdAt: createdAt(),
});

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => appointmentSeries.id, { onDelete: 'set null' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    status: text('status', { enum: ['scheduled', 'confirmed', 'attended', 'no_show', 'cancelled'] }).notNull().default('scheduled'),
    modality: text('modality', { enum: ['in_person', 'online'] }).notNull().default('in_person'),
    videoLink: text('video_link'),
    location: text('location'),
    notes: text('notes'),
    cancellationReason: text('cancellation_reason'),
    /** Set when the reminder's job is queued (so one instance queues it), cleared when the time changes. */
    reminderQueuedAt: timestamptz('reminder_queued_at'),
    reminderSentAt: timestamptz('reminder_sent_at'),
    reminderError: text('reminder_error'),
    /**
     * Superseded by `appointment_links` (every link mailed stays good); its hashes were copied
     * there by the migration that made the table. Nothing reads or writes it.
     */
    publicTokenHash: text('public_token_hash'),
    /** The session's fee (copied from the patient's when booked; 0: not charged). */
    feeCents: integer('fee_cents').notNull().default(0),
    /** How much of the fee payments have covered (the sum of its allocations). */
    paidCents: integer('paid_cents').notNull().default(0),
    /** 'paid' once `paid_cents` reaches the fee; 'waived' by the professional. */
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'waived'] }).notNull().default('pending'),
    /** 'Cobrar falta': charged even though cancelled or missed. */
    chargeMissed: boolean('charge_missed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('appointments_owner_starts_idx').on(t.ownerId, t.startsAt),
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    index('appointments_series_starts_idx').on(t.seriesId, t.startsAt),
    uniqueIndex('appointments_public_token_key').on(t.publicTokenHash),
    // The reminder scan reads only the appointments whose reminder is still to be queued.
    index('appointments_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.reminderQueuedAt} is null and ${t.status} in ('scheduled', 'confirmed')`),
    // What is owed (the finance page, 'A receber', a patient's balance) reads only the sessions not yet settled.
    index('appointments_unpaid_idx')
      .on(t.ownerId, t.patientId, t.startsAt)
      .where(sql`${t.paymentStatus} = 'pending' and ${t.feeCents} > ${t.paidCents}`),
  ],
);

/**
 * The patient's links to an appointment (SHA-256 of the token), one per mail that carried one
 * (reminders, notices of a change): each stays good until the appointment's end, wherever the
 * appointment has moved, so an old reminder shows the appointment as it now is.
 */
export const appointmentLinks = pgTable(
  'appointment_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('appointment_links_appointment_idx').on(t.appointmentId)],
);

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
  },
  (t) => [
    uniqueIndex('payments_owner_receipt_key').on(t.ownerId, t.receiptNumber),
    index('payments_owner_paid_on_idx').on(t.ownerId, t.paidOn),
    index('payments_patient_idx').on(t.patientId),
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

/** Stripe events already applied: a redelivered event is ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});
/**
 * A patient's measurement plan: a scored questionnaire mailed before each appointment (24 h
 * ahead) or every `intervalWeeks` weeks from `nextDueAt`. Each occurrence is one row of
 * `measurement_runs`, so it is sent once whatever the number of instances.
 */
export const measurementPlans = pgTable(
  'measurement_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The template chosen; each run uses the current version of its key. Deleting an own template ends its plans. */
    qaTemplateId: uuid('qa_template_id')
      .notNull()
      .references(() => qaTemplates.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['before_appointment', 'interval'] }).notNull(),
    intervalWeeks: integer('interval_weeks'),
    /** An interval plan's next occurrence; null for a plan before appointments. */
    nextDueAt: timestamptz('next_due_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('measurement_plans_patient_idx').on(t.patientId),
    uniqueIndex('measurement_plans_patient_template_trigger_key').on(t.patientId, t.qaTemplateId, t.trigger),
    index('measurement_plans_due_idx').on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
  ],
);

/**
 * One occurrence of a plan (an appointment, or an interval's due time), claimed by inserting it:
 * the unique key makes one instance win. The job it queues creates the form and mails the link.
 */
export const measurementRuns = pgTable(
  'measurement_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => measurementPlans.id, { onDelete: 'cascade' }),
    /** 'appointment:<id>' or 'interval:<due time>'. */
    occurrenceKey: text('occurrence_key').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    formId: uuid('form_id').references(() => forms.id, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('measurement_runs_occurrence_key').on(t.planId, t.occurrenceKey)],
);

/**
 * A safety alert raised by a submitted form (PHQ-9 item 9 above zero, or another scored
 * template's alert rule), shown until the professional marks it 'Ciente' (who and when kept).
 */
export const safetyAlerts = pgTable(
  'safety_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** 'self_harm' (PHQ-9 item 9) or 'answer_rule' (another template's rule). */
    kind: text('kind', { enum: ['self_harm', 'answer_rule'] }).notNull(),
    /** The rule's own message and the item it watches. */
    message: text('message').notNull(),
    fieldNumber: integer('field_number').notNull(),
    createdAt: createdAt(),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('safety_alerts_owner_created_idx').on(t.ownerId, t.createdAt),
    // One open alert per form and item: a form sent again while its alert is open adds none.
    uniqueIndex('safety_alerts_open_key')
      .on(t.formId, t.fieldNumber)
      .where(sql`${t.acknowledgedAt} is null`),
  ],
);

// ---- video ----

/**
 * The video room of an online appointment, made the first time it is asked for (the
 * professional's page, the reminder). The patient's link token is kept in clear, like the
 * calendar feed's: the professional is shown the same link on every visit; it opens only this
 * room, only from 15 minutes before the start to 30 minutes after the end, and never once the
 * appointment is cancelled.
 */
export const videoRooms = pgTable(
  'video_rooms',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientToken: text('patient_token').notNull(),
    /** When the professional and the patient were first in the room together. */
    bothJoinedAt: timestamptz('both_joined_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('video_rooms_patient_token_key').on(t.patientToken)],
);

/**
 * Who is in each room now, one row per role, shared by every instance: a second browser tab
 * (another `client_id`) is refused while the row is fresh; the same tab reloading takes it over.
 * Each instance refreshes `seen_at` of its connections; a row not refreshed for a while (its
 * instance died) no longer counts.
 */
export const videoPresence = pgTable(
  'video_presence',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['professional', 'patient'] }).notNull(),
    /** The browser tab (kept across its reloads). */
    clientId: text('client_id').notNull(),
    /** One load of the page: a new one means the peer must negotiate the call again. */
    pageId: text('page_id').notNull(),
    /** The event stream that holds the place, and the instance it is open on. */
    connectionId: text('connection_id').notNull(),
    instanceId: text('instance_id').notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.role] }), index('video_presence_instance_idx').on(t.instanceId)],
);

// ---- documents ----

/** One session a declaration informs, copied when it was chosen. */
export interface DocumentSessionValues {
  appointmentId: string | null;
  startsAt: string;
  endsAt: string;
  modality: 'in_person' | 'online';
  location: string | null;
}

/**
 * A document issued to a patient (Resolução CFP 06/2019 for psychologists). A draft can change;
 * issuing writes its PDF once (kept as a stored file of the patient, so it is in the export and
 * goes with the patient) and makes the row immutable except for its signature and sending. The
 * signed PDF, made here or uploaded after signing elsewhere, is kept beside the issued one.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['declaracao', 'atestado', 'relatorio', 'laudo', 'parecer'] }).notNull(),
    /** The title it carries, fixed when created (it depends on the profession). */
    title: text('title').notNull(),
    purpose: text('purpose').notNull(),
    recipient: text('recipient').notNull(),
    /** Plain text by section key. */
    sections: jsonb('sections').$type<Record<string, string>>().notNull().default({}),
    /** A declaration's sessions, oldest first. */
    sessions: jsonb('sessions').$type<DocumentSessionValues[]>().notNull().default([]),
    issuedAt: timestamptz('issued_at'),
    issuedFileKey: text('issued_file_key').references(() => files.key, { onDelete: 'set null' }),
    issuedSha256: text('issued_sha256'),
    signedAt: timestamptz('signed_at'),
    signerName: text('signer_name'),
    signedVia: text('signed_via', { enum: ['certificate', 'upload'] }),
    signedFileKey: text('signed_file_key').references(() => files.key, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at'),
    sentTo: text('sent_to'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at'),
  },
  (t) => [index('documents_patient_created_idx').on(t.patientId, t.createdAt), index('documents_owner_idx').on(t.ownerId)],
);
