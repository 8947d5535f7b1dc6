/**
 * Migrations 310-311 (issue 21): configuration templates (rules §3 "Configuration template: name, remark,
 * configuration items"), and the change time of acceleration templates. An acceleration template is the
 * `website_templates` row the add-domain wizard already lists; its groups live in `domain_setting_groups` under
 * owner kind `template` (migration 260), so a template's value is read and saved the way a domain's is.
 */
import type { Migration } from '../../platform/migration.js';

export const configTemplatesMigration: Migration = {
  version: 310,
  name: 'config-templates',
  up(db) {
    db.exec(`
      CREATE TABLE config_templates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        -- The configuration items: a JSON object of settings group name -> value, each checked by the group's rules.
        items TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );
    `);
  },
};

export const templateTimesMigration: Migration = {
  version: 311,
  name: 'acceleration-template-times',
  up(db) {
    db.exec(`
      ALTER TABLE website_templates ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
      UPDATE website_templates SET updated_at = created_at;
    `);
  },
};
