/**
 * Migration 262: the HTTPS settings of a domain beyond what the domain list already reads. `domains.https`,
 * `certificate_id` and `certificate_name` (websites area) stay the one place the list, the add wizard and the console
 * read the switch and the certificate; `https_options` holds the rest of the `https` group as JSON (redirect, jump
 * port, HSTS and when it was last turned off, HTTP/2, OCSP, minimum TLS, cipher suite), NULL until first saved (the
 * group's defaults apply). See groups/https.ts.
 */
import type { Migration } from '../../platform/migration.js';

export const httpsOptionsMigration: Migration = {
  version: 262,
  name: 'domain-https-options',
  up(db) {
    db.exec(`ALTER TABLE domains ADD COLUMN https_options TEXT;`);
  },
};
