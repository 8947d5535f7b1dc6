/**
 * Migration 264: a domain's configuration method (rules §4: global policy, template or domain-specific) gets one home,
 * `domains.config_source`, next to the `template_id` it already had. Until now the cache area kept the method as
 * `cache_settings.source`; its values move here and the column goes, so the cache groups and the generic groups can
 * never disagree about where a domain's configuration comes from.
 *
 * A domain without a cache settings row was domain-specific (the cache area's default), and stays so. A domain marked
 * `template` without a template cannot follow anything: it keeps its own configuration.
 */
import type { Migration } from '../../platform/migration.js';

export const configMethodMigration: Migration = {
  version: 264,
  name: 'domain-config-method',
  up(db) {
    db.exec(`
      ALTER TABLE domains ADD COLUMN config_source TEXT NOT NULL DEFAULT 'domain' CHECK (config_source IN ('global', 'template', 'domain'));
      UPDATE domains SET config_source = (SELECT c.source FROM cache_settings c WHERE c.domain_id = domains.id)
       WHERE EXISTS (SELECT 1 FROM cache_settings c WHERE c.domain_id = domains.id);
      UPDATE domains SET config_source = 'domain' WHERE config_source = 'template' AND template_id IS NULL;
      ALTER TABLE cache_settings DROP COLUMN source;

      -- A bound template that is deleted unbinds its domains the way rules §4 unbinding with "copy" does: its groups
      -- become the domains' own before the template's rows go (domain_setting_groups_template_gone runs after).
      CREATE TRIGGER domains_template_deleted BEFORE DELETE ON website_templates BEGIN
        INSERT INTO domain_setting_groups (member_id, owner_kind, owner_id, group_name, value, revision, updated_at)
          SELECT d.member_id, 'domain', d.id, g.group_name, g.value, 1, g.updated_at
            FROM domains d
            JOIN domain_setting_groups g ON g.member_id = d.member_id AND g.owner_kind = 'template' AND g.owner_id = OLD.id
           WHERE d.template_id = OLD.id AND d.config_source = 'template'
          ON CONFLICT (member_id, owner_kind, owner_id, group_name)
            DO UPDATE SET value = excluded.value, revision = domain_setting_groups.revision + 1, updated_at = excluded.updated_at;
        UPDATE domains SET config_source = 'domain' WHERE template_id = OLD.id AND config_source = 'template';
      END;
    `);
  },
};
