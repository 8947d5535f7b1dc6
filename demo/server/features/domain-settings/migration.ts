/**
 * Migration 260: the generic settings groups (core/settings/catalogue.ts). One row per owner and group holds the
 * group's JSON value and its revision. The owner is a domain (its own configuration), an acceleration template, or
 * the account's global policy (`owner_id` 0), so the configuration methods of rules §4 read the same rows.
 */
import type { Migration } from '../../platform/migration.js';

export const domainSettingsMigration: Migration = {
  version: 260,
  name: 'domain-settings-groups',
  up(db) {
    db.exec(`
      CREATE TABLE domain_setting_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        owner_kind TEXT NOT NULL CHECK (owner_kind IN ('domain', 'template', 'global')),
        owner_id INTEGER NOT NULL,
        group_name TEXT NOT NULL,
        value TEXT,
        revision INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL,
        UNIQUE (member_id, owner_kind, owner_id, group_name)
      );
      -- The owner id names different tables by kind, so no foreign key can cascade: a deleted domain or template
      -- takes its groups with it here.
      CREATE TRIGGER domain_setting_groups_domain_gone AFTER DELETE ON domains BEGIN
        DELETE FROM domain_setting_groups WHERE owner_kind = 'domain' AND owner_id = OLD.id;
      END;
      CREATE TRIGGER domain_setting_groups_template_gone AFTER DELETE ON website_templates BEGIN
        DELETE FROM domain_setting_groups WHERE owner_kind = 'template' AND owner_id = OLD.id;
      END;
    `);
  },
};
