/**
 * Migration 261: the origin fields the domain console edits beyond what the add wizard sets (rules §3 "Origin":
 * protocol type, listening port, priority). They live on `website_origins` beside address, port, line and weight, so
 * the domain list, the add wizard and the console read one set of origins. Existing rows become HTTP on port 80 with
 * priority 1, what the edge served them as before the console existed.
 */
import type { Migration } from '../../platform/migration.js';

export const originSettingsMigration: Migration = {
  version: 261,
  name: 'website-origin-listening',
  up(db) {
    db.exec(`
      ALTER TABLE website_origins ADD COLUMN protocol INTEGER NOT NULL DEFAULT 0 CHECK (protocol IN (0, 1));
      ALTER TABLE website_origins ADD COLUMN listen_port INTEGER NOT NULL DEFAULT 80 CHECK (listen_port BETWEEN 1 AND 65535);
      ALTER TABLE website_origins ADD COLUMN priority INTEGER NOT NULL DEFAULT 1;
    `);
  },
};
