/**
 * Layer-4 forwarding (issue 28): TCP value-added packages, forwarding rules and the origin health the simulated
 * checker last saw. Migrations 320-329 are this area's range.
 *
 * - A rule forwards one rule port of one protocol; a port is forwarded once per account and protocol.
 * - A package is bound to websites through `domains.tcp_package` (its name), the column the website delete checks.
 * - Origin health is kept per rule and address; an address with no row is up (the checker only writes changes).
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 320. */
export const layer4Migration: Migration = {
  version: 320,
  name: 'layer4-forwarding',
  up(db) {
    db.exec(`
      CREATE TABLE tcp_packages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        product TEXT NOT NULL DEFAULT 'standard' CHECK (product IN ('standard', 'application')),
        active INTEGER NOT NULL DEFAULT 0,
        expire_at INTEGER,
        created_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );

      CREATE TABLE layer4_rules (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        protocol TEXT NOT NULL CHECK (protocol IN ('tcp', 'udp')),
        rule_port INTEGER NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('ip', 'domain')),
        source_ips TEXT NOT NULL DEFAULT '[]',
        source_port INTEGER NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        package_id INTEGER NOT NULL REFERENCES tcp_packages(id),
        lb_mode TEXT NOT NULL DEFAULT 'round-robin',
        allow_ips TEXT NOT NULL DEFAULT '[]',
        deny_ips TEXT NOT NULL DEFAULT '[]',
        deny_regions TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (member_id, protocol, rule_port)
      );
      CREATE INDEX layer4_rules_member ON layer4_rules (member_id, id DESC);
      CREATE INDEX layer4_rules_package ON layer4_rules (member_id, package_id);

      CREATE TABLE layer4_origin_health (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        rule_id INTEGER NOT NULL REFERENCES layer4_rules(id) ON DELETE CASCADE,
        address TEXT NOT NULL,
        health TEXT NOT NULL CHECK (health IN ('up', 'down', 'unresolved')),
        checked_at INTEGER NOT NULL,
        PRIMARY KEY (rule_id, address)
      );
    `);
  },
};
