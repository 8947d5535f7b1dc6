/**
 * Websites (rules §3 "Website/domain", "Origin"; rules §4 website service status): the platform's `domains` table
 * (id, member_id, domain, created_at, used by the domain picker and the permission grants) gains the website fields,
 * and origins, website groups and templates get tables of their own.
 *
 * - `status` is the service status of rules §4; `status_reason` holds the approval failure as a `rules` message
 *   (`{ key, values }` JSON), so it is shown in the reader's language.
 * - `tcp_package` names the TCP security acceleration package a site is bound to; while it is set, delete is refused
 *   (rules §8). The layer-4 area binds and unbinds it.
 * - `certificate_id` / `certificate_name` are what the certificate area binds; the list shows them as stored.
 * - `origin_protocol` and `load_balancing` use the numeric enums of shell §3 (0 HTTP, 1 HTTPS, 2 follow; 1 round-robin,
 *   0 IP hash, 2 sticky cookie).
 * - `settings` is the JSON of the configuration items batch setting changes.
 *
 * Rows the platform inserted before this migration (or that other areas insert without these columns) get the
 * column defaults: a standard CNAME website with no origin yet; their CNAME is filled here once and derived by the
 * routes when a later insert leaves it empty.
 */
import type { Migration } from '../../platform/migration.js';

/** The suffix of every CNAME the edge hands out. */
export const CNAME_SUFFIX = 'edge-cdn.net';

/** Migration 10. */
export const domainsMigration: Migration = {
  version: 10,
  name: 'domains',
  up(db) {
    db.exec(`
      CREATE TABLE website_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );

      CREATE TABLE website_templates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        settings TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );

      ALTER TABLE domains ADD COLUMN type TEXT NOT NULL DEFAULT 'web' CHECK (type IN ('web', 'live'));
      ALTER TABLE domains ADD COLUMN group_id INTEGER REFERENCES website_groups(id) ON DELETE SET NULL;
      ALTER TABLE domains ADD COLUMN remark TEXT NOT NULL DEFAULT '';
      ALTER TABLE domains ADD COLUMN status TEXT NOT NULL DEFAULT 'no_origin' CHECK (status IN (
        'pending_approval', 'approval_failed', 'deploying', 'no_origin', 'serving', 'returned_to_origin', 'suspended', 'updating'));
      ALTER TABLE domains ADD COLUMN status_reason TEXT NOT NULL DEFAULT 'null';
      ALTER TABLE domains ADD COLUMN access_mode TEXT NOT NULL DEFAULT 'cname' CHECK (access_mode IN ('cname', 'ns'));
      ALTER TABLE domains ADD COLUMN access_status TEXT NOT NULL DEFAULT 'not_connected'
        CHECK (access_status IN ('connected', 'not_connected'));
      ALTER TABLE domains ADD COLUMN traffic_mode TEXT NOT NULL DEFAULT 'shared' CHECK (traffic_mode IN ('shared', 'dedicated', 'origin'));
      ALTER TABLE domains ADD COLUMN network_type TEXT NOT NULL DEFAULT 'standard' CHECK (network_type IN ('standard', 'exclusive_ip'));
      ALTER TABLE domains ADD COLUMN expire_at INTEGER;
      ALTER TABLE domains ADD COLUMN auto_renew INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE domains ADD COLUMN cname TEXT NOT NULL DEFAULT '';
      ALTER TABLE domains ADD COLUMN origin_protocol INTEGER NOT NULL DEFAULT 0 CHECK (origin_protocol IN (0, 1, 2));
      ALTER TABLE domains ADD COLUMN load_balancing INTEGER NOT NULL DEFAULT 1 CHECK (load_balancing IN (0, 1, 2));
      ALTER TABLE domains ADD COLUMN https INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE domains ADD COLUMN certificate_id INTEGER;
      ALTER TABLE domains ADD COLUMN certificate_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE domains ADD COLUMN tcp_package TEXT NOT NULL DEFAULT '';
      ALTER TABLE domains ADD COLUMN template_id INTEGER REFERENCES website_templates(id) ON DELETE SET NULL;
      ALTER TABLE domains ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
      ALTER TABLE domains ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;

      UPDATE domains SET cname = replace(domain, '*', '_wildcard') || '.${CNAME_SUFFIX}', updated_at = created_at;

      -- The list pages by id within an account and filters by status, group and access mode; search scans one
      -- account's rows (10,000 at most in practice), which SQLite does in a few milliseconds.
      CREATE INDEX domains_member_id ON domains (member_id, id);
      CREATE INDEX domains_member_status ON domains (member_id, status);
      CREATE INDEX domains_member_group ON domains (member_id, group_id);
      -- Approval looks for the same domain in other accounts.
      CREATE INDEX domains_domain ON domains (domain COLLATE NOCASE);

      CREATE TABLE website_origins (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain_id INTEGER NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
        address TEXT NOT NULL,
        port INTEGER NOT NULL,
        line TEXT NOT NULL CHECK (line IN ('primary', 'backup')),
        weight INTEGER NOT NULL DEFAULT 10,
        position INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX website_origins_domain ON website_origins (domain_id, position);
    `);
  },
};
