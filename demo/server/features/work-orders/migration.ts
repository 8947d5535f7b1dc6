/** Work orders (shell §6): tickets of an account. Migration 291 of the range given to this area (290-294). */
import type { Migration } from '../../platform/migration.js';

/** Migration 291. */
export const workOrdersMigration: Migration = {
  version: 291,
  name: 'work-orders',
  up(db) {
    db.exec(`
      CREATE TABLE work_orders (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        creator TEXT NOT NULL,
        title TEXT NOT NULL,
        category TEXT NOT NULL,
        description TEXT NOT NULL,
        contact TEXT NOT NULL,
        feature TEXT,
        status TEXT NOT NULL DEFAULT 'open',
        answer TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX work_orders_member ON work_orders (member_id, id DESC);
    `);
  },
};
