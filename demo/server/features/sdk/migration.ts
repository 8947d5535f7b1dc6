/**
 * The application protection product (issue 29; shell §1 taichi-app, rules §2). Migrations 360-369 are this area's
 * range.
 *
 * - A business is one app (Android package and/or iOS bundle), optionally routed through one website of the account
 *   whose log lines are its data reports; deleting the website leaves the business without reports, not deleted.
 * - Devices and their sessions are what the reputation is computed from on every read (rules §9); no level is stored,
 *   so it can never be stale.
 * - Packages keep their ports as a JSON array (up to 1000, rules §5); configuration is one row per business; keys
 *   are the app keys the SDK embeds.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 360. */
export const sdkMigration: Migration = {
  version: 360,
  name: 'sdk-product',
  up(db) {
    db.exec(`
      CREATE TABLE sdk_businesses (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        android_package TEXT NOT NULL DEFAULT '',
        ios_bundle TEXT NOT NULL DEFAULT '',
        remark TEXT NOT NULL DEFAULT '',
        domain_id INTEGER REFERENCES domains(id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );

      CREATE TABLE sdk_devices (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        business_id INTEGER NOT NULL REFERENCES sdk_businesses(id) ON DELETE CASCADE,
        device_key TEXT NOT NULL,
        platform TEXT NOT NULL CHECK (platform IN ('android', 'ios')),
        model TEXT NOT NULL,
        UNIQUE (business_id, device_key)
      );

      CREATE TABLE sdk_sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        device_id INTEGER NOT NULL REFERENCES sdk_devices(id) ON DELETE CASCADE,
        started_at INTEGER NOT NULL,
        ended_at INTEGER NOT NULL CHECK (ended_at >= started_at)
      );
      CREATE INDEX sdk_sessions_device ON sdk_sessions (device_id);

      CREATE TABLE sdk_packages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        business_id INTEGER NOT NULL REFERENCES sdk_businesses(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        protocol TEXT NOT NULL CHECK (protocol IN ('tcp', 'udp')),
        ports TEXT NOT NULL,
        source_ips TEXT NOT NULL,
        source_port INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );

      CREATE TABLE sdk_configs (
        business_id INTEGER PRIMARY KEY REFERENCES sdk_businesses(id) ON DELETE CASCADE,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        cc_enabled INTEGER NOT NULL,
        cc_threshold INTEGER NOT NULL,
        risk_action TEXT NOT NULL,
        block_emulators INTEGER NOT NULL,
        block_rooted INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE sdk_keys (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        business_id INTEGER NOT NULL REFERENCES sdk_businesses(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        app_key TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        rotated_at INTEGER,
        UNIQUE (business_id, name)
      );
    `);
  },
};
