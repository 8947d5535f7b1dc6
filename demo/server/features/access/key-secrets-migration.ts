/**
 * Access keys stop storing their HMAC key in the clear (key-secrets.ts): each existing row's signing key is sealed
 * and given a verifier, then the old column goes. Keys made before keep working with the secret their users hold.
 */
import type { Migration } from '../../platform/migration.js';
import { storedSigningKey } from './key-secrets.js';

/** Migration 275. */
export const accessKeySecretsMigration: Migration = {
  version: 275,
  name: 'access-key-sealed-signing-keys',
  up(db) {
    db.exec('ALTER TABLE access_keys ADD COLUMN signing_key_sealed TEXT; ALTER TABLE access_keys ADD COLUMN verifier TEXT;');
    const rows = db.prepare('SELECT id, member_id, key_id, signing_key FROM access_keys').all() as { id: number; member_id: number; key_id: string; signing_key: string }[];
    const update = db.prepare('UPDATE access_keys SET signing_key_sealed = @signing_key_sealed, verifier = @verifier WHERE id = @id');
    for (const row of rows) update.run({ id: row.id, ...storedSigningKey(db, row.member_id, row.key_id, row.signing_key) });
    db.exec('ALTER TABLE access_keys DROP COLUMN signing_key;');
  },
};
