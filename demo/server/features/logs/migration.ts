/** Saved queries of log retrieval (rules §3 "Saved query": name, description, statement; rules §5 name 4-50). */
import type { Migration } from '../../platform/migration.js';

/** Migration 240. */
export const logsMigration: Migration = {
  version: 240,
  name: 'log-saved-queries',
  up(db) {
    db.exec(`
      CREATE TABLE log_saved_queries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        log_type TEXT NOT NULL CHECK (log_type IN ('access', 'waf', 'cc', 'acl')),
        statement TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX log_saved_queries_name ON log_saved_queries (member_id, name);
    `);
  },
};
