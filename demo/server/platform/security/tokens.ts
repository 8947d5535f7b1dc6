/**
 * Session tokens: 32 random bytes sent to the browser once, stored only as their SHA-256, so a copy of the database
 * does not hand out working sessions.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;

/** A new random token (base64url, 43 characters). */
export function createToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
