/**
 * Migration 330 (issue 22): web security policies at three levels (rules §4 "Configuration method": global policy,
 * template, domain-specific).
 *
 * - `security_templates`: rules §3 "Security template: name, remark, bound domain count, creation time, binding time".
 * - `security_businesses`: one owner of a security policy (shell §3 "Business (v5): business_id"): the account's global
 *   policy (one per account), one per security template, one per domain that ever had its own policy (created on
 *   first use).
 * - `security_methods`: each domain's method with its binding time; a domain without a row follows the global policy.
 * - `security_cards`: the protection cards of a business (core/security/cards.ts), each with its revision.
 *
 * `waf_rule_set_domains` (migration 20) stays what the rule set list, "bound rule sets cannot be deleted", object reach
 * and the request trace read: it becomes the materialised effective bindings of every domain, i.e. the rule sets of
 * the enabled cloud WAF card of the business in force for it. The view `security_effective_rule_sets` says what they
 * are; store.ts rewrites them in the same transaction as any change of a card or a method, and the trigger below gives
 * a new domain the global policy's.
 */
import type { Migration } from '../../platform/migration.js';
import { adoptDirectBindings } from './adopt.js';

export const webSecurityMigration: Migration = {
  version: 330,
  name: 'web-security',
  up(db) {
    db.exec(`
      CREATE TABLE security_templates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX security_templates_name ON security_templates (member_id, lower(name));

      CREATE TABLE security_businesses (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('global', 'template', 'domain')),
        template_id INTEGER REFERENCES security_templates(id) ON DELETE CASCADE,
        domain_id INTEGER REFERENCES domains(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        CHECK ((kind = 'template') = (template_id IS NOT NULL) AND (kind = 'domain') = (domain_id IS NOT NULL))
      );
      CREATE UNIQUE INDEX security_businesses_global ON security_businesses (member_id) WHERE kind = 'global';
      CREATE UNIQUE INDEX security_businesses_template ON security_businesses (template_id) WHERE kind = 'template';
      CREATE UNIQUE INDEX security_businesses_domain ON security_businesses (domain_id) WHERE kind = 'domain';

      CREATE TABLE security_methods (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain_id INTEGER PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
        source TEXT NOT NULL CHECK (source IN ('global', 'template', 'domain')),
        -- A bound template cannot be deleted (routes.ts), so no ON DELETE action.
        template_id INTEGER REFERENCES security_templates(id),
        bound_at INTEGER NOT NULL,
        CHECK ((source = 'template') = (template_id IS NOT NULL))
      );
      CREATE INDEX security_methods_template ON security_methods (member_id, template_id);

      CREATE TABLE security_cards (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        business_id INTEGER NOT NULL REFERENCES security_businesses(id) ON DELETE CASCADE,
        card TEXT NOT NULL,
        value TEXT NOT NULL,
        revision INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (business_id, card)
      );

      -- The business in force for each domain (rules §4): its template's, its own, or the account's global policy.
      CREATE VIEW security_domain_businesses AS
        SELECT d.member_id, d.id AS domain_id, COALESCE(m.source, 'global') AS source,
          CASE COALESCE(m.source, 'global')
            WHEN 'template' THEN (SELECT b.id FROM security_businesses b WHERE b.kind = 'template' AND b.template_id = m.template_id)
            WHEN 'domain' THEN (SELECT b.id FROM security_businesses b WHERE b.kind = 'domain' AND b.domain_id = d.id)
            ELSE (SELECT b.id FROM security_businesses b WHERE b.kind = 'global' AND b.member_id = d.member_id)
          END AS business_id
        FROM domains d LEFT JOIN security_methods m ON m.domain_id = d.id;

      -- What waf_rule_set_domains must hold: the rule sets the enabled cloud WAF card in force quotes.
      CREATE VIEW security_effective_rule_sets AS
        SELECT v.member_id, v.domain_id, s.id AS rule_set_id
        FROM security_domain_businesses v
        JOIN security_cards c ON c.business_id = v.business_id AND c.card = 'cloud_waf' AND json_extract(c.value, '$.enabled') = 1
        JOIN json_each(c.value, '$.rule_set_ids') j
        JOIN waf_rule_sets s ON s.id = j.value AND s.member_id = v.member_id;

      -- A new domain follows the global policy: it is bound to the rule sets that policy quotes.
      CREATE TRIGGER security_new_domain_bindings AFTER INSERT ON domains BEGIN
        INSERT OR IGNORE INTO waf_rule_set_domains (member_id, rule_set_id, domain_id, created_at)
          SELECT member_id, rule_set_id, domain_id, NEW.created_at FROM security_effective_rule_sets WHERE domain_id = NEW.id;
      END;
    `);
    // Bindings made before policies existed become each domain's own cloud WAF card.
    adoptDirectBindings(db, Date.now());
  },
};
