/**
 * WAF rule sets, their rules (the firewall policies of shell §7) and the domains that quote them (rules §3 "WAF rule",
 * "Rule set"). Built-in sets are copied into each account from the provider's catalogue, so every account owns its
 * rows (and may switch built-in rules on or off) while the catalogue stays the one source of their conditions.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 20. */
export const wafMigration: Migration = {
  version: 20,
  name: 'waf',
  up(db) {
    db.exec(`
      CREATE TABLE waf_rule_sets (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        attribution TEXT NOT NULL CHECK (attribution IN ('built-in', 'custom', 'default')),
        catalogue_key TEXT,
        created_by INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX waf_rule_sets_member ON waf_rule_sets (member_id, id);
      CREATE UNIQUE INDEX waf_rule_sets_catalogue ON waf_rule_sets (member_id, catalogue_key) WHERE catalogue_key IS NOT NULL;
      CREATE UNIQUE INDEX waf_rule_sets_default ON waf_rule_sets (member_id) WHERE attribution = 'default';

      CREATE TABLE waf_rules (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        rule_set_id INTEGER NOT NULL REFERENCES waf_rule_sets(id) ON DELETE CASCADE,
        code TEXT,
        sort INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('enabled', 'observation', 'closed')),
        conditions TEXT NOT NULL,
        action TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        built_in TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX waf_rules_set ON waf_rules (member_id, rule_set_id, sort);
      CREATE INDEX waf_rules_code ON waf_rules (member_id, code);

      CREATE TABLE waf_rule_set_domains (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        rule_set_id INTEGER NOT NULL REFERENCES waf_rule_sets(id) ON DELETE CASCADE,
        domain_id INTEGER NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (rule_set_id, domain_id)
      );
      CREATE INDEX waf_rule_set_domains_domain ON waf_rule_set_domains (member_id, domain_id);
    `);
  },
};
