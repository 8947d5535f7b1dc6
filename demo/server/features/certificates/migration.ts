/**
 * Certificates (rules §3 "Certificate: name, public key, private key, issuer, issue date, due date, automatic renewal,
 * bound domains, apply status, business status, expiry state") and their bindings to domains.
 *
 * The private key column holds only AES-256-GCM sealed text (see `certificates/vault.ts`); the sealing key is never
 * stored in the database. A domain carries at most one certificate, so a binding is keyed by the domain; a certificate
 * cannot be deleted while bound (the foreign key has no cascade), and deleting a domain removes its binding.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 50. */
export const certificatesMigration: Migration = {
  version: 50,
  name: 'certificates',
  up(db) {
    db.exec(`
      CREATE TABLE certificates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('upload', 'free')),
        apply_status TEXT NOT NULL CHECK (apply_status IN ('applying', 'issued', 'review_failed', 'uploaded')),
        review_reason TEXT NOT NULL DEFAULT '',
        free_issuer TEXT,
        domains TEXT NOT NULL DEFAULT '[]',
        name_set TEXT NOT NULL DEFAULT '',
        registered_domain TEXT NOT NULL DEFAULT '',
        search_text TEXT NOT NULL DEFAULT '',
        issuer TEXT,
        not_before INTEGER,
        not_after INTEGER,
        key_type TEXT,
        chain_pem TEXT,
        private_key_sealed TEXT,
        auto_renew INTEGER NOT NULL DEFAULT 0,
        renewing INTEGER NOT NULL DEFAULT 0,
        created_by INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX certificates_due ON certificates (member_id, not_after);
      CREATE INDEX certificates_quota ON certificates (member_id, source, registered_domain, created_at);

      CREATE TABLE certificate_bindings (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain_id INTEGER PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
        certificate_id INTEGER NOT NULL REFERENCES certificates(id),
        bound_by INTEGER NOT NULL,
        bound_at INTEGER NOT NULL
      );
      CREATE INDEX certificate_bindings_certificate ON certificate_bindings (member_id, certificate_id);
    `);
  },
};
