
import { sql } from 'drizzle-orm';
import type { ChatMessageContent, ChatSender, FormContent, Scoring, TemplateSection } from '@consultorio/shared';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    gender: text('gender', { enum: ['male', 'female'] }),
    title: text('title', { enum: ['Sr.', 'Dr.', 'Sra.', 'Dra.'] }),
    birthdate: date('birthdate', { mode: 'string' }),
    document: text('document'),
    cc: text('cc').notNull().default('+55'),
    phone: text('phone'),
    country: text('country').notNull().default('BR'),
    profession: text('profession'),
    avatarExternalKey: text('avatar_external_key'),
    /**
     * How many patients the user has, kept by the `patients_count` trigger of migration 0001
     * on every insert and delete, so the list's total and the dashboard need not count rows.
     */
    patientCount: integer('patient_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_key').on(t.username), uniqueIndex('users_email_key').on(t.email)],
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_registrations_token_key').on(t.tokenHash), index('user_registrations_email_idx').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
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
    gender: text('gender', { enum: ['male', 'female'] }),
    birthdate: date('birthdate', { mode: 'string' }),
    cc: text('cc').notNull().default('+55'),
    phone: text('phone'),
    email: text('email'),
    country: text('country').notNull().default('BR'),
    avatarExternalKey: text('avatar_external_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: createdAt(),
    /** Null until the name or the content first changes. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('records_patient_created_idx').on(t.patientId, t.createdAt), index('records_owner_idx').on(t.ownerId)],
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
    updatedAt: timestamp('updated_at', { withTimezone: true }),
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
    cancellationDate: timestamp('cancellation_date', { withTimezone: true }),
    isTrial: boolean('is_trial').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_user_key').on(t.userId)],
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
    validUntil: timestamp('valid_until', { withTimezone: true }),
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
