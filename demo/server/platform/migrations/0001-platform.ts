/**
 * Platform tables: accounts and users, sessions, sign-in failures, idempotency keys, OEM, member console info, apps,
 * plans, permission groups, domains, jobs and the operation log.
 *
 * Conventions every later migration keeps: each row that belongs to an account has a `member_id` column (the
 * tenant-isolation test checks every table for it); times are integer milliseconds since the epoch (UTC); JSON values
 * are TEXT.
 */
import type { Migration } from '../migration.js';

/** Migration 1. */
export const platformMigration: Migration = {
  version: 1,
  name: 'platform',
  up(db) {
    db.exec(`
      CREATE TABLE members (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        flag INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE permission_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );

      CREATE TABLE users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        account_type INTEGER NOT NULL CHECK (account_type IN (1, 2)),
        email TEXT NOT NULL DEFAULT '',
        user_name TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL DEFAULT '',
        bind_email TEXT NOT NULL DEFAULT '',
        password_hash TEXT NOT NULL,
        group_id INTEGER REFERENCES permission_groups(id) ON DELETE SET NULL,
        status TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        login_minutes INTEGER NOT NULL DEFAULT 480,
        timezone TEXT NOT NULL DEFAULT '',
        remark TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        last_login_at INTEGER
      );
      CREATE UNIQUE INDEX users_parent_email ON users (email COLLATE NOCASE) WHERE account_type = 1;
      CREATE UNIQUE INDEX users_child_name ON users (member_id, user_name COLLATE NOCASE) WHERE account_type = 2;

      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked_at INTEGER,
        timezone TEXT NOT NULL DEFAULT '',
        ip TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX sessions_expiry ON sessions (expires_at);

      CREATE TABLE sign_in_failures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        account_key TEXT NOT NULL,
        ip TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX sign_in_failures_account ON sign_in_failures (account_key, ip, at);
      CREATE INDEX sign_in_failures_ip ON sign_in_failures (ip, at);

      CREATE TABLE idempotency_keys (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        response TEXT,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (member_id, key)
      );
      CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);

      CREATE TABLE oem_config (
        host TEXT PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        favicon TEXT NOT NULL DEFAULT '',
        logo TEXT NOT NULL DEFAULT '',
        logo_console TEXT NOT NULL DEFAULT '',
        modules_settings TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE member_console_info (
        member_id INTEGER PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
        version_gray_status TEXT NOT NULL DEFAULT 'normal',
        subacl_status TEXT NOT NULL DEFAULT 'off',
        condition_source_view TEXT NOT NULL DEFAULT 'off',
        ban_status TEXT NOT NULL DEFAULT 'off'
      );

      CREATE TABLE member_apps (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        app TEXT NOT NULL,
        PRIMARY KEY (member_id, app)
      );

      CREATE TABLE plans (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        meal_flag TEXT NOT NULL,
        plan_name TEXT NOT NULL,
        expire_at INTEGER NOT NULL,
        domain_packet_kurong_nums INTEGER NOT NULL DEFAULT 0,
        domain_total INTEGER NOT NULL,
        plan_setting TEXT NOT NULL DEFAULT '{}',
        actions TEXT NOT NULL DEFAULT '[]',
        package_allow TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX plans_member ON plans (member_id);

      CREATE TABLE permission_grants (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        group_id INTEGER NOT NULL REFERENCES permission_groups(id) ON DELETE CASCADE,
        module TEXT NOT NULL,
        object_scope TEXT NOT NULL CHECK (object_scope IN ('all', 'group', 'specified')),
        access TEXT NOT NULL CHECK (access IN ('read', 'manage')),
        auto_bind_new INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (group_id, module)
      );

      CREATE TABLE permission_objects (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        group_id INTEGER NOT NULL REFERENCES permission_groups(id) ON DELETE CASCADE,
        module TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('group', 'specified')),
        object_id INTEGER NOT NULL,
        PRIMARY KEY (group_id, module, kind, object_id)
      );

      CREATE TABLE domains (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain TEXT NOT NULL,
        created_by INTEGER,
        created_at INTEGER NOT NULL,
        UNIQUE (member_id, domain)
      );

      CREATE TABLE jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        operator TEXT NOT NULL DEFAULT '',
        type TEXT NOT NULL,
        state TEXT NOT NULL,
        progress INTEGER NOT NULL DEFAULT 0,
        params TEXT NOT NULL DEFAULT 'null',
        step_state TEXT,
        result TEXT NOT NULL DEFAULT 'null',
        reason TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        started_at INTEGER,
        finished_at INTEGER
      );
      CREATE INDEX jobs_member ON jobs (member_id, id);
      CREATE INDEX jobs_state ON jobs (state);

      CREATE TABLE operation_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        operator TEXT NOT NULL,
        account_type INTEGER NOT NULL,
        at INTEGER NOT NULL,
        area TEXT NOT NULL,
        action TEXT NOT NULL,
        object_id TEXT NOT NULL DEFAULT '',
        object_label TEXT NOT NULL DEFAULT '',
        before_json TEXT NOT NULL DEFAULT 'null',
        after_json TEXT NOT NULL DEFAULT 'null',
        ip TEXT NOT NULL DEFAULT '',
        request_id TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX operation_log_member ON operation_log (member_id, at);

      CREATE TABLE seed_runs (
        name TEXT PRIMARY KEY,
        applied_at INTEGER NOT NULL
      );
    `);
  },
};
