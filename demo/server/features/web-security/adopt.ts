/**
 * WAF bindings made before security policies existed (migration 20's `waf.ruleset.quote`, the WAF seed) become each
 * domain's own cloud WAF card (issue 22): after this, every binding has one source, the policy in force, and
 * `waf_rule_set_domains` is only its materialised form. A domain with bindings and no method yet gets a domain-specific
 * policy whose cloud WAF card is on, in blocking mode (the rules' own actions decide, as before), quoting those sets.
 */
import { securityCardDefaults } from '../../../../core/security/cards.js';
import { prepare, type Db } from '../../platform/database.js';

export function adoptDirectBindings(db: Db, now: number): void {
  const domains = prepare(
    db,
    `SELECT b.member_id, b.domain_id, json_group_array(b.rule_set_id) AS sets FROM
       (SELECT member_id, domain_id, rule_set_id FROM waf_rule_set_domains ORDER BY rule_set_id) b
     WHERE NOT EXISTS (SELECT 1 FROM security_methods m WHERE m.domain_id = b.domain_id)
     GROUP BY b.member_id, b.domain_id`,
  ).all() as { member_id: number; domain_id: number; sets: string }[];
  for (const row of domains) {
    let business = prepare(db, "SELECT id FROM security_businesses WHERE kind = 'domain' AND domain_id = ?").get(row.domain_id) as { id: number } | undefined;
    if (!business) {
      const id = prepare(db, "INSERT INTO security_businesses (member_id, kind, domain_id, created_at) VALUES (?, 'domain', ?, ?)").run(row.member_id, row.domain_id, now).lastInsertRowid;
      business = { id: Number(id) };
    }
    const value = { ...securityCardDefaults('cloud_waf'), enabled: true, mode: 'block', rule_set_ids: JSON.parse(row.sets) as number[] };
    prepare(db, "INSERT OR REPLACE INTO security_cards (member_id, business_id, card, value, revision, updated_at) VALUES (?, ?, 'cloud_waf', ?, 1, ?)").run(
      row.member_id,
      business.id,
      JSON.stringify(value),
      now,
    );
    prepare(db, "INSERT INTO security_methods (member_id, domain_id, source, template_id, bound_at) VALUES (?, ?, 'domain', NULL, ?)").run(row.member_id, row.domain_id, now);
  }
}
