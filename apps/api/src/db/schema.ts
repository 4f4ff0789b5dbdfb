// Every table of the database, for code that reads across modules (the tests, the seed, the
// drizzle client's types). Each table is defined in the tables file of the module that owns it
// (docs/architecture.md, 'Tables and their owners'); only that module's repository writes it.
export * from '../platform/jobs/jobs.tables';
export * from '../modules/sessions/sessions.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/throttling/throttling.tables';
export * from '../modules/files/files.tables';
export * from '../modules/users/users.tables';
export * from '../modules/billing/billing.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/patients/patients.tables';
export * from '../modules/agenda/agenda.tables';
export * from '../modules/finance/finance.tables';
export * from '../modules/tax/tax.tables';
export * from '../modules/qa-templates/qa-templates.tables';
export * from '../modules/assistants/assistants.tables';
export * from '../modules/forms/forms.tables';
export * from '../modules/booking/booking.tables';
export * from '../modules/measurement/measurement.tables';
export * from '../modules/records/records.tables';
export * from '../modules/chats/chats.tables';
export * from '../modules/video/video.tables';
export * from '../modules/documents/documents.tables';
export * from '../modules/whatsapp/whatsapp.tables';
export * from '../modules/recordings/recordings.tables';
export * from '../modules/portal/portal.tables';
