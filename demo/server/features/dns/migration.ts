/**
 * Cloud DNS (rules §3 DNS): domain groups, domains (zones) with hosting/access status and status, their records, the
 * detail rows of DNS jobs, and daily resolution query counts for the statistics page.
 *
 * Child access (shell §6 "domainList permission", rules §6): this migration bound DNS domains to a permission group
 * through `perm_group_id` under the `domain` grant. Since issue 26 DNS is a module of its own whose objects are listed in
 * `permission_objects` (module `dns`); migration 276 moved these bindings there and `perm_group_id` is no longer read.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 30. */
export const dnsMigration: Migration = {
  version: 30,
  name: 'dns',
  up(db) {
    db.exec(`
      CREATE TABLE dns_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );

      CREATE TABLE dns_domains (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'disabled')),
        access_status TEXT NOT NULL DEFAULT 'dns_not_detected'
          CHECK (access_status IN ('connected', 'not_connected', 'dns_not_detected', 'specified_dns_not_used')),
        dns_group_id INTEGER REFERENCES dns_groups(id) ON DELETE SET NULL,
        perm_group_id INTEGER REFERENCES permission_groups(id) ON DELETE SET NULL,
        created_by INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (member_id, domain)
      );
      CREATE INDEX dns_domains_group ON dns_domains (member_id, dns_group_id);

      CREATE TABLE dns_records (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain_id INTEGER NOT NULL REFERENCES dns_domains(id) ON DELETE CASCADE,
        host TEXT NOT NULL,
        type TEXT NOT NULL,
        line TEXT NOT NULL DEFAULT 'any',
        value TEXT NOT NULL,
        priority INTEGER,
        ttl INTEGER NOT NULL DEFAULT 600,
        remark TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'disabled')),
        record_group TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX dns_records_domain ON dns_records (member_id, domain_id, id);

      CREATE TABLE dns_job_items (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        domain TEXT NOT NULL,
        host TEXT NOT NULL DEFAULT '',
        type TEXT NOT NULL DEFAULT '',
        line TEXT NOT NULL DEFAULT '',
        value TEXT NOT NULL DEFAULT '',
        priority INTEGER,
        ttl INTEGER,
        remark TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'normal',
        record_group TEXT NOT NULL DEFAULT '',
        result TEXT NOT NULL DEFAULT 'waiting' CHECK (result IN ('waiting', 'success', 'fail')),
        reason TEXT NOT NULL DEFAULT '',
        UNIQUE (job_id, seq)
      );
      CREATE INDEX dns_job_items_result ON dns_job_items (job_id, result);

      CREATE TABLE dns_query_stats (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain_id INTEGER NOT NULL REFERENCES dns_domains(id) ON DELETE CASCADE,
        day TEXT NOT NULL,
        queries INTEGER NOT NULL,
        PRIMARY KEY (domain_id, day)
      );
    `);
  },
};
