/**
 * Account security of the user center (issue 27; rules §5, §6): per-user sign-in policy, the account-level login
 * whitelist, mailed verification codes and the login log. The session length itself stays in `users.login_minutes`
 * (sessions already read it); `user_security` keeps the unit the user chose it in, so the form shows "8 hours", not
 * "480 minutes".
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 280. */
export const userCenterMigration: Migration = {
  version: 280,
  name: 'user-center-security',
  up(db) {
    db.exec(`
      CREATE TABLE user_security (
        user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        login_time_unit TEXT NOT NULL DEFAULT 'hour' CHECK (login_time_unit IN ('minute', 'hour')),
        secondary_verification INTEGER NOT NULL DEFAULT 0 CHECK (secondary_verification IN (0, 1)),
        -- The mailbox a code proved; the bound mailbox is verified only while it is this one (rules §4).
        verified_email TEXT NOT NULL DEFAULT '',
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE sign_in_whitelists (
        member_id INTEGER PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
        ips TEXT NOT NULL DEFAULT '[]',
        regions TEXT NOT NULL DEFAULT '[]',
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE verification_codes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('mailbox', 'sign-in')),
        target TEXT NOT NULL,
        salt TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        challenge_hash TEXT UNIQUE,
        sends INTEGER NOT NULL DEFAULT 1,
        sent_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        used_at INTEGER
      );
      CREATE INDEX verification_codes_user ON verification_codes (user_id, purpose, sent_at);

      CREATE TABLE login_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        account TEXT NOT NULL,
        account_type INTEGER NOT NULL,
        at INTEGER NOT NULL,
        ip TEXT NOT NULL,
        region TEXT NOT NULL DEFAULT '',
        result TEXT NOT NULL,
        user_agent TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX login_log_recent ON login_log (member_id, at);
      CREATE INDEX login_log_user ON login_log (member_id, user_id, at);
    `);
  },
};

/**
 * Migration 281: identity verification (实名认证), one record per main account. The numbers are kept whole for the
 * review; answers show the resident ID number masked. `review_due_at` is when the simulated review decides, so a
 * restart finishes the reviews it left pending.
 */
export const identityMigration: Migration = {
  version: 281,
  name: 'user-center-identity',
  up(db) {
    db.exec(`
      CREATE TABLE member_identity (
        member_id INTEGER PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
        status TEXT NOT NULL CHECK (status IN ('pending', 'verified', 'rejected')),
        kind TEXT NOT NULL CHECK (kind IN ('individual', 'enterprise')),
        name TEXT NOT NULL,
        number TEXT NOT NULL,
        legal_person TEXT NOT NULL DEFAULT '',
        reason TEXT,
        submitted_by INTEGER NOT NULL REFERENCES users(id),
        submitted_at INTEGER NOT NULL,
        review_due_at INTEGER NOT NULL,
        reviewed_at INTEGER
      );
      CREATE INDEX member_identity_pending ON member_identity (review_due_at) WHERE status = 'pending';
    `);
  },
};
