/**
 * Message center (rules §3 "Message: title, type, channel, time, read or unread"). Messages go to one user of an
 * account; the header bell counts the unread ones.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 2. */
export const messagesMigration: Migration = {
  version: 2,
  name: 'messages',
  up(db) {
    db.exec(`
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        type TEXT NOT NULL,
        channel TEXT NOT NULL DEFAULT 'console',
        body TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        read_at INTEGER
      );
      CREATE INDEX messages_unread ON messages (member_id, user_id, read_at);
    `);
  },
};
