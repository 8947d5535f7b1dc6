/** Outgoing mail: the outbox table and the mailer (routes for the viewer live beside them). */
export { mailOutboxMigration } from './migration.js';
export { attachMailer, createMailer, DEFAULT_MAIL_FROM, type Mailer, type MailMessage, type StoredMail } from './mailer.js';
export { mailViewerRoutes } from './viewer-routes.js';
export { mailSchemas } from './schemas.js';
