/**
 * Cache rules (rules §3 "Cache rule"), stored per domain of the `domains` table, and each domain's cache settings:
 * where its cache configuration comes from (rules §4 configuration method; `global` and `template` are synchronized
 * strategies, view-only by rules §6), the browser_cache switch, and a revision that every save of the rules bumps so
 * two editors cannot overwrite each other unseen.
 *
 * A rule's `sort` is its priority (1 first). `action` and `status` are columns because the limits (200 cache and 200
 * non-cache entries, rules §5) count by them; the other fields of rules §3 are one JSON object in `config`, written and
 * read only through `demo/server/features/cache/store.ts`. The built-in rules and the default rule are the platform's constants
 * (`core/rules/cache.ts`, `core/rules/origin.ts`), never rows.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 40. */
export const cacheMigration: Migration = {
  version: 40,
  name: 'cache',
  up(db) {
    db.exec(`
      CREATE TABLE cache_settings (
        domain_id INTEGER PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        source TEXT NOT NULL DEFAULT 'domain' CHECK (source IN ('domain', 'global', 'template')),
        browser_cache TEXT NOT NULL DEFAULT 'on' CHECK (browser_cache IN ('on', 'off')),
        revision INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX cache_settings_member ON cache_settings (member_id, domain_id);

      CREATE TABLE cache_rules (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain_id INTEGER NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
        sort INTEGER NOT NULL,
        name TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('cache', 'no-cache')),
        status TEXT NOT NULL CHECK (status IN ('enabled', 'suspended')),
        share_domain_id INTEGER REFERENCES domains(id) ON DELETE SET NULL,
        config TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX cache_rules_domain ON cache_rules (member_id, domain_id, sort);
    `);
  },
};
