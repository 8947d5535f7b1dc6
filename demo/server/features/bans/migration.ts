/**
 * Ban records (rules §3 "source IP, domain, ban duration in seconds, reason, rule ID, status, ban time, release time";
 * rules §4 banned / auto-unblocked / manually unblocked, kept 180 days once released) and IP lists (rules §3 "name,
 * remark, IP count, creation time"; rules §5 up to 200,000 entries per list).
 *
 * Addresses are also stored as a sortable key (`demo/server/features/bans/ip-keys.ts`: the family and the address as
 * fixed-width hex), so "every ban inside 10.0.0.0/8" and "every list block containing 1.2.3.4" are index range scans.
 * A ban is in force while `status = 'banned'` and `expires_at` is in the future; the server marks it automatically
 * unbanned once its duration has run out. An entry is unique in its list by its canonical text.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 60. */
export const bansMigration: Migration = {
  version: 60,
  name: 'bans',
  up(db) {
    db.exec(`
      CREATE TABLE ban_records (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain_id INTEGER NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
        ip TEXT NOT NULL,
        ip_key TEXT NOT NULL,
        duration INTEGER NOT NULL CHECK (duration > 0),
        reason TEXT NOT NULL,
        rule_id TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL CHECK (status IN ('banned', 'auto_unbanned', 'manual_unbanned')),
        banned_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        released_at INTEGER,
        released_by INTEGER
      );
      CREATE INDEX ban_records_in_force ON ban_records (member_id, domain_id, status, ip_key);
      CREATE INDEX ban_records_banned_at ON ban_records (member_id, banned_at);
      CREATE INDEX ban_records_expiry ON ban_records (member_id, status, expires_at);
      CREATE INDEX ban_records_retention ON ban_records (released_at) WHERE released_at IS NOT NULL;

      CREATE TABLE ip_lists (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        entry_count INTEGER NOT NULL DEFAULT 0,
        created_by INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (member_id, name)
      );

      CREATE TABLE ip_list_entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        list_id INTEGER NOT NULL REFERENCES ip_lists(id) ON DELETE CASCADE,
        entry TEXT NOT NULL,
        low_key TEXT NOT NULL,
        high_key TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (list_id, entry)
      );
      CREATE INDEX ip_list_entries_range ON ip_list_entries (list_id, low_key, high_key);
    `);
  },
};
