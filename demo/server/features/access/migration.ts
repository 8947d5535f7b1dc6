/**
 * Access keys (issue 26; rules §3 "Access key: status, creation time, last use time, secret shown once") and the
 * nonces of signed requests seen inside the clock-skew window (replay protection, platform/security/signed-requests.ts).
 *
 * The secret itself is never stored: `signing_key` was its SHA-256, the HMAC key both sides sign with (the client
 * derives it from the secret it was shown; see README "Signed API requests"). Migration 275 replaced that column with
 * a sealed copy and a verifier (key-secrets.ts), since a stored HMAC key lets a copy of the database sign requests.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 270. */
export const accessKeysMigration: Migration = {
  version: 270,
  name: 'access-keys',
  up(db) {
    db.exec(`
      CREATE TABLE access_keys (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key_id TEXT NOT NULL UNIQUE,
        signing_key TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        created_at INTEGER NOT NULL,
        rotated_at INTEGER,
        last_used_at INTEGER
      );
      CREATE INDEX access_keys_member ON access_keys (member_id, id);

      CREATE TABLE access_key_nonces (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        key_row_id INTEGER NOT NULL REFERENCES access_keys(id) ON DELETE CASCADE,
        nonce TEXT NOT NULL,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (key_row_id, nonce)
      );
      CREATE INDEX access_key_nonces_age ON access_key_nonces (seen_at);
    `);
  },
};
