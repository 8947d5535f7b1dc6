/**
 * The rest of the message center (shell §2): announcements, contact groups and contacts with their mailbox
 * verification state (rules §3, §4), the notice configuration (which type goes to which contact groups by which
 * channel), and the marks that keep event notifications idempotent and throttled. Messages produced by events keep
 * their wording kind and values, so a title is shown in the reader's language, not the producer's.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 285. */
export const messageCenterMigration: Migration = {
  version: 285,
  name: 'message-center',
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN kind TEXT;
      ALTER TABLE messages ADD COLUMN params TEXT;
      CREATE INDEX messages_list ON messages (member_id, user_id, created_at);

      CREATE TABLE message_notices (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        published_at INTEGER NOT NULL
      );
      CREATE INDEX message_notices_recent ON message_notices (member_id, published_at);

      CREATE TABLE message_contact_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX message_contact_groups_name ON message_contact_groups (member_id, name COLLATE NOCASE);

      CREATE TABLE message_contacts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        mobile TEXT NOT NULL DEFAULT '',
        group_id INTEGER REFERENCES message_contact_groups(id) ON DELETE SET NULL,
        language TEXT NOT NULL CHECK (language IN ('zh_CN', 'en_US')),
        email_verified_at INTEGER,
        code_hash TEXT,
        code_expires_at INTEGER,
        code_attempts INTEGER NOT NULL DEFAULT 0,
        code_sent_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX message_contacts_group ON message_contacts (member_id, group_id);

      CREATE TABLE message_notice_rules (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        console INTEGER NOT NULL,
        mail INTEGER NOT NULL,
        PRIMARY KEY (member_id, type)
      );
      CREATE TABLE message_notice_groups (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        group_id INTEGER NOT NULL REFERENCES message_contact_groups(id) ON DELETE CASCADE,
        PRIMARY KEY (member_id, type, group_id)
      );

      CREATE TABLE message_event_marks (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        mark TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (member_id, mark)
      );
    `);
  },
};
