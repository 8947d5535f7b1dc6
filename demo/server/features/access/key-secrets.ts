/**
 * How an access key's secret is kept (issue 26, the weakness the review found: the stored SHA-256 of the secret was the
 * HMAC key itself, so a copy of the database could sign requests). A key row now holds two things derived from the
 * signing key (the SHA-256 of the secret both sides sign with, README "Signed API requests"), neither of which signs:
 *
 * - `signing_key_sealed`: the signing key sealed with AES-256-GCM under the server's sealing key, the one the
 *   certificates area seals private keys with (certificates/vault.ts; never in the database), bound to the account
 *   and key id so a sealed value moved to another row does not open;
 * - `verifier`: a scrypt derivation of the signing key with its own salt, for checking that a presented secret is a
 *   key's (support, display checks) without opening anything. It cannot be turned back into the signing key.
 *
 * The secret itself is still never stored, and is shown once.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { vaultFor } from '../certificates/index.js';
import type { Db } from '../../platform/database.js';
import { signingKeyOf, type SigningKeyOpener } from '../../platform/security/signed-requests.js';

/**
 * scrypt cost of the verifier. The secret is 256 random bits, not a password, so the cost only has to make the
 * derivation one-way, not slow guessing down; a modest cost keeps key creation and rotation quick.
 */
const VERIFIER_COST = { N: 2 ** 12, r: 8, p: 1 } as const;
const VERIFIER_PREFIX = 'scrypt-v1';

/** The associated data a key's sealed signing key is bound to. */
function sealContext(memberId: number, keyId: string): string {
  return `access-key:${memberId}:${keyId}`;
}

function derive(signingKey: string, salt: Buffer): Buffer {
  return scryptSync(signingKey, salt, 32, VERIFIER_COST);
}

/** The verifier of a signing key: `scrypt-v1$salt$hash` (base64url). */
export function verifierOf(signingKey: string): string {
  const salt = randomBytes(16);
  return [VERIFIER_PREFIX, salt.toString('base64url'), derive(signingKey, salt).toString('base64url')].join('$');
}

/** Whether `secret` is the secret a verifier was made for (constant time). */
export function verifierMatches(verifier: string, secret: string): boolean {
  const [prefix, salt, hash] = verifier.split('$');
  if (prefix !== VERIFIER_PREFIX || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = derive(signingKeyOf(secret), Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The columns a key row stores for a signing key. */
export function storedSigningKey(db: Db, memberId: number, keyId: string, signingKey: string): { signing_key_sealed: string; verifier: string } {
  return { signing_key_sealed: vaultFor(db).seal(signingKey, sealContext(memberId, keyId)), verifier: verifierOf(signingKey) };
}

/** The columns a key row stores for a new secret. */
export function storedSecret(db: Db, memberId: number, keyId: string, secret: string): { signing_key_sealed: string; verifier: string } {
  return storedSigningKey(db, memberId, keyId, signingKeyOf(secret));
}

/** Opens sealed signing keys for the signed-request check (platform/security/signed-requests.ts). */
export function accessKeyOpener(db: Db): SigningKeyOpener {
  return (key) => vaultFor(db).open(key.sealed, sealContext(key.memberId, key.keyId));
}
