/**
 * Issue 26 made DNS, security policy, logs and reports modules whose routes enforce their own grant. Before, a group's
 * `domain` grant opened all of them (DNS zones through `dns_domains.perm_group_id`, WAF and IP lists through the
 * websites they reach, logs and the ban overview per website). Groups that exist when this runs keep exactly what
 * they could do: each gets the new modules' grants its domain grant implied, unless it already has one.
 *
 * - dns: all resources stays all; a limited grant becomes in-group over the zones `perm_group_id` bound to it;
 * - security_policy: all rule sets (the website rule still limits which sets a limited grant reaches);
 * - logs and reports: a copy of the domain grant and its website objects.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 276. */
export const moduleGrantsMigration: Migration = {
  version: 276,
  name: 'issue-26-module-grants',
  up(db) {
    db.exec(`
      INSERT OR IGNORE INTO permission_grants (member_id, group_id, module, object_scope, access, auto_bind_new)
        SELECT member_id, group_id, 'dns', CASE object_scope WHEN 'all' THEN 'all' ELSE 'group' END, access, auto_bind_new
          FROM permission_grants WHERE module = 'domain';
      INSERT OR IGNORE INTO permission_objects (member_id, group_id, module, kind, object_id)
        SELECT d.member_id, d.perm_group_id, 'dns', 'group', d.id FROM dns_domains d
         WHERE d.perm_group_id IS NOT NULL
           AND EXISTS (SELECT 1 FROM permission_groups g WHERE g.id = d.perm_group_id AND g.member_id = d.member_id);
      INSERT OR IGNORE INTO permission_grants (member_id, group_id, module, object_scope, access, auto_bind_new)
        SELECT member_id, group_id, 'security_policy', 'all', access, 0 FROM permission_grants WHERE module = 'domain';
    `);
    for (const module of ['logs', 'reports']) {
      const had = db.prepare('SELECT group_id FROM permission_grants WHERE module = ?').all(module) as { group_id: number }[];
      const skip = JSON.stringify(had.map((row) => row.group_id));
      db.prepare(
        `INSERT INTO permission_grants (member_id, group_id, module, object_scope, access, auto_bind_new)
           SELECT member_id, group_id, @module, object_scope, access, auto_bind_new FROM permission_grants
            WHERE module = 'domain' AND group_id NOT IN (SELECT value FROM json_each(@skip))`,
      ).run({ module, skip });
      db.prepare(
        `INSERT OR IGNORE INTO permission_objects (member_id, group_id, module, kind, object_id)
           SELECT member_id, group_id, @module, kind, object_id FROM permission_objects
            WHERE module = 'domain' AND group_id NOT IN (SELECT value FROM json_each(@skip))`,
      ).run({ module, skip });
    }
  },
};
