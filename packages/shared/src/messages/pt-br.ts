/**
 * Every user-facing string of the product. Texts quoted in the product specification are
 * copied here exactly; the rest follow its tone. Code refers to keys, never repeats a text.
 *
 * One module per section (`sections/`), read through the `messages` namespace
 * (`messages.login.title`, see ./index.ts). The bundler puts each section in the chunks of the
 * pages that read it, whole: the login page loads only the few small sections it uses (its
 * JavaScript budget is 120 KB gzip) and the server's texts (`mail`, `admin`) never reach the browser.
 * So keep the sections the login page reads (app, common, fields, placeholders, login,
 * credentials, requestErrors) small, and give a new feature a section of its own.
 * A new section: a file in `sections/` and a line here.
 */
export * from './sections/app';
export * from './sections/common';
export * from './sections/unsaved-changes';
export * from './sections/genders';
export * from './sections/fields';
export * from './sections/placeholders';
export * from './sections/login';
export * from './sections/recovery';
export * from './sections/register';
export * from './sections/confirmation';
export * from './sections/nav';
export * from './sections/dashboard';
export * from './sections/account';
export * from './sections/patients';
export * from './sections/confirm-delete';
export * from './sections/account-nav';
export * from './sections/qa-templates';
export * from './sections/ai-assistants';
export * from './sections/agenda';
export * from './sections/forms';
export * from './sections/records';
export * from './sections/access-log';
export * from './sections/patient-export';
export * from './sections/chats';
export * from './sections/public-form';
export * from './sections/measurement';
export * from './sections/documents';
export * from './sections/billing';
export * from './sections/finance';
export * from './sections/tax';
export * from './sections/video';
export * from './sections/whatsapp';
export * from './sections/recordings';
export * from './sections/booking';
export * from './sections/portal';
export * from './sections/success';
export * from './sections/credentials';
export * from './sections/validation';
export * from './sections/request-errors';
export * from './sections/errors';
export * from './sections/mail';
export * from './sections/admin';
