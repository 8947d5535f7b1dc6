/**
 * The visitor authentication token (issue 22; rules §3 "Visitor authentication: key, expiry timestamp, random
 * string, request URL"; rules §5 "the token is timestamp, nonce and MD5 joined by a pipe, sent in a request header";
 * rules §9 "Visitor auth tolerance 1 hour"; rules §8 "Illegal or invalid timestamp (difference over one hour)").
 *
 * The token is `timestamp|nonce|md5`, where
 * - `timestamp` is Unix seconds (decimal digits),
 * - `nonce` is a random string of letters and digits (it may not hold a pipe, which would make the token ambiguous),
 * - `md5` is the lower-case hex MD5 (core/security/md5.ts) of `${timestamp}|${nonce}|${key}`: the fields in the
 *   token's own order with the secret last, so a client builds the signed text by appending `|key` to what it sends.
 *
 * The spec gives no signed text; this is the one reading used everywhere (the card's token tool, the matcher of the
 * request trace, the reference server). A token is stale when its timestamp is more than one hour from now either
 * way (a clock ahead counts too: the stricter reading of "difference over one hour").
 */
import { VISITOR_AUTH_TOLERANCE_SECONDS } from './cards.js';
import { md5Hex } from './md5.js';

/** What a check of a token found. */
export type VisitorTokenVerdict = 'ok' | 'malformed' | 'bad-signature' | 'stale';

/** The result of a check, with the token's timestamp when it could be read (for "N minutes off"). */
export interface VisitorTokenCheck {
  verdict: VisitorTokenVerdict;
  /** The token's timestamp, seconds; absent when malformed. */
  timestamp?: number;
  /** Seconds between the token's timestamp and now (positive: the token is from the past). */
  skew?: number;
}

const NONCE = /^[A-Za-z0-9_-]{1,64}$/;
const MD5 = /^[0-9a-fA-F]{32}$/;
const TIMESTAMP = /^\d{1,12}$/;

/** The text the MD5 covers. */
function signedText(key: string, timestamp: number, nonce: string): string {
  return `${timestamp}|${nonce}|${key}`;
}

/** A token for the key at a moment (Unix seconds) with a nonce. */
export function visitorToken(key: string, timestampSeconds: number, nonce: string): string {
  const timestamp = Math.floor(timestampSeconds);
  return `${timestamp}|${nonce}|${md5Hex(signedText(key, timestamp, nonce))}`;
}

/** A random nonce of 16 letters and digits (crypto random: present in browsers and Node 20). */
export function randomNonce(length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Checks a token against the key at `nowSeconds`. A wrong signature is reported before the time (it says more). */
export function verifyVisitorToken(key: string, token: string, nowSeconds: number): VisitorTokenCheck {
  const parts = token.trim().split('|');
  if (parts.length !== 3) return { verdict: 'malformed' };
  const [timestampText, nonce, digest] = parts as [string, string, string];
  if (!TIMESTAMP.test(timestampText) || !NONCE.test(nonce) || !MD5.test(digest)) return { verdict: 'malformed' };
  const timestamp = Number(timestampText);
  const skew = Math.floor(nowSeconds) - timestamp;
  if (md5Hex(signedText(key, timestamp, nonce)) !== digest.toLowerCase()) return { verdict: 'bad-signature', timestamp, skew };
  if (Math.abs(skew) > VISITOR_AUTH_TOLERANCE_SECONDS) return { verdict: 'stale', timestamp, skew };
  return { verdict: 'ok', timestamp, skew };
}
