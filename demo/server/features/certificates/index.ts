/**
 * What other feature areas may use of certificates: a certificate's row as lists read it (never its private key) and
 * the mirror of a binding into the domain's columns (the domain console's HTTPS group binds a certificate to its
 * domain the same way `V4/certificate.bind` does). Everything else is the area's own.
 */
export { mirrorBinding, PUBLIC_COLUMNS, type CertificateRow } from './store.js';
/** The server's sealing key, shared with access keys (access/key-secrets.ts): one secret outside the database. */
export { vaultFor } from './vault.js';
