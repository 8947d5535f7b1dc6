/**
 * The mail outbox (DESIGN §4): every mail the reference server sends is kept here, whether SMTP delivered it or not,
 * so a fresh machine without a mail server still shows verification codes and notifications (the demo host's mail
 * viewer reads this table).
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 300. */
export const mailOutboxMigration: Migration = {
  version: 300,
  name: 'mail-outbox',
  up(db) {
    db.exec(`
      CREATE TABLE mail_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER REFERENCES members(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL,
        language TEXT NOT NULL,
        raw TEXT NOT NULL,
        delivery TEXT NOT NULL CHECK (delivery IN ('outbox', 'smtp', 'smtp-failed')),
        delivery_error TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX mail_outbox_recent ON mail_outbox (member_id, created_at);
      CREATE INDEX mail_outbox_recipient ON mail_outbox (to_address, created_at);
    `);
  },
};
