/**
 * API requests signed with an access key (issue 26; README "Signed API requests"). A caller without a session token
 * sends five headers:
 *
 * - `X-EC-Key`: the key id; `X-EC-Timestamp`: Unix seconds; `X-EC-Nonce`: 16-64 characters of `[A-Za-z0-9_-]`,
 *   never reused; `X-EC-Content-SHA256`: lower-case hex SHA-256 of the exact body bytes (of nothing for a GET);
 * - `X-EC-Signature`: lower-case hex HMAC-SHA256, keyed with the hex SHA-256 of the key's secret, over
 *   {@link canonicalRequest}: the scheme name, the method, the path, the sorted query, the body hash, the timestamp
 *   and the nonce, one per line.
 *
 * The request then acts as the key's user with that user's grants, exactly like a session of that user (the same
 * {@link Session} shape, so every route and permissions.ts work unchanged). Refusals answer 16149 with a message
 * naming the reason. The body hash is checked against the bytes received before they are parsed
 * ({@link verifySignedBody}), so a body changed in transit is refused even though the headers were signed.
 *
 * The `access_keys` table is created by the access feature's migration (features/access/migration.ts); verifying a
 * caller is authentication, which belongs to the platform like sessions do. The row holds the signing key only sealed
 * (features/access/key-secrets.ts), so the app hands this check the {@link SigningKeyOpener} that opens it.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import { prepare, type Db } from '../database.js';
import type { MessageKey } from '../http/messages.js';
import type { SignedCallerResolver } from './session.js';

/** The scheme name, first line of the string to sign, so a future scheme cannot be confused with this one. */
export const SIGNATURE_SCHEME = 'EC1-HMAC-SHA256';
/** Request headers of a signed call (lower case, as Node gives them). */
export const SIGNATURE_HEADERS = {
  key: 'x-ec-key',
  timestamp: 'x-ec-timestamp',
  nonce: 'x-ec-nonce',
  contentHash: 'x-ec-content-sha256',
  signature: 'x-ec-signature',
} as const;
/**
 * How far a request's timestamp may be from the server's clock. Rules §8 refuses a timestamp "difference over one
 * hour" for visitor authentication; a signed API call is a stronger credential, so the stricter five minutes (the
 * common cloud API window) applies, and nonces are kept exactly this long.
 */
export const SIGNATURE_SKEW_MS = 5 * 60_000;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const HEX_64 = /^[0-9a-f]{64}$/;
const KEY_ID = /^[A-Za-z0-9]{8,64}$/;

/** SHA-256 of bytes or text as lower-case hex. */
export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The HMAC key of a secret: what the server stores and both sides sign with (the secret itself is never stored). */
export function signingKeyOf(secret: string): string {
  return sha256Hex(secret);
}

/**
 * The query in canonical form: every name and value decoded, then percent-encoded as `encodeURIComponent` does,
 * pairs sorted by name then value (code unit order), joined with `&`. So `?b=2&a=1&a=0` and `?a=0&b=2&a=1` sign alike.
 */
export function canonicalQuery(rawQuery: string): string {
  const pairs = [...new URLSearchParams(rawQuery)].map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)] as const);
  pairs.sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

/** The string to sign. `path` is the URL path exactly as sent (e.g. `/api/V4/access.key.list`), without the query. */
export function canonicalRequest(parts: { method: string; path: string; query: string; contentHash: string; timestamp: string; nonce: string }): string {
  return [SIGNATURE_SCHEME, parts.method.toUpperCase(), parts.path, canonicalQuery(parts.query), parts.contentHash, parts.timestamp, parts.nonce].join('\n');
}

/** Whether the request claims to be signed (it then never falls back to a session token). */
export function isSignedRequest(request: FastifyRequest): boolean {
  return request.headers[SIGNATURE_HEADERS.signature] !== undefined || request.headers[SIGNATURE_HEADERS.key] !== undefined;
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** Opens a key's sealed signing key (the server's sealing key never being in the database); throws when it cannot. */
export type SigningKeyOpener = (key: { sealed: string; memberId: number; keyId: string }) => string;

interface KeyRow {
  id: number;
  member_id: number;
  user_id: number;
  key_id: string;
  signing_key_sealed: string | null;
  status: string;
  user_status: string;
  account_type: 1 | 2;
  group_id: number | null;
  email: string;
  user_name: string;
}


const claimedBodies = new WeakMap<FastifyRequest, string>();

/**
 * Checks the signature headers (not yet the body, see {@link verifySignedBody}) and, when they hold, records the
 * nonce and the key's last use and answers the key user's session.
 */
export function verifySignedRequest(db: Db, request: FastifyRequest, now: number, open: SigningKeyOpener): NonNullable<ReturnType<SignedCallerResolver>> {
  const keyId = header(request, SIGNATURE_HEADERS.key);
  const timestamp = header(request, SIGNATURE_HEADERS.timestamp);
  const nonce = header(request, SIGNATURE_HEADERS.nonce);
  const contentHash = header(request, SIGNATURE_HEADERS.contentHash).toLowerCase();
  const signature = header(request, SIGNATURE_HEADERS.signature).toLowerCase();
  if (!KEY_ID.test(keyId) || !NONCE.test(nonce) || !HEX_64.test(contentHash) || !HEX_64.test(signature) || !/^[0-9]{1,12}$/.test(timestamp)) {
    return { refused: 'signature-invalid' };
  }
  if (Math.abs(now - Number(timestamp) * 1000) > SIGNATURE_SKEW_MS) {
    return { refused: 'signature-expired', values: { minutes: SIGNATURE_SKEW_MS / 60_000 } };
  }
  const key = prepare(
    db,
    `SELECT k.id, k.member_id, k.user_id, k.key_id, k.signing_key_sealed, k.status, u.status AS user_status, u.account_type, u.group_id,
            u.email, u.user_name
       FROM access_keys k JOIN users u ON u.id = k.user_id AND u.member_id = k.member_id
      WHERE k.key_id = ?`,
  ).get(keyId) as KeyRow | undefined;
  if (!key || key.signing_key_sealed === null) return { refused: 'signature-invalid' };
  let signingKey: string;
  try {
    signingKey = open({ sealed: key.signing_key_sealed, memberId: key.member_id, keyId: key.key_id });
  } catch {
    // Altered, moved to another row, or sealed under another server key: nothing can be verified with it.
    return { refused: 'signature-invalid' };
  }
  const [path, query = ''] = request.url.split(/\?(.*)/s, 2);
  const expected = createHmac('sha256', signingKey)
    .update(canonicalRequest({ method: request.method, path: path!, query, contentHash, timestamp, nonce }))
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { refused: 'signature-invalid' };
  // Only after the signature holds: a stranger cannot learn which keys are disabled, nor burn someone's nonces.
  if (key.status !== 'enabled' || key.user_status !== 'enabled') return { refused: 'access-key-disabled' };
  prepare(db, 'DELETE FROM access_key_nonces WHERE seen_at < ?').run(now - SIGNATURE_SKEW_MS);
  const fresh = prepare(db, 'INSERT OR IGNORE INTO access_key_nonces (member_id, key_row_id, nonce, seen_at) VALUES (?, ?, ?, ?)').run(key.member_id, key.id, nonce, now);
  if (fresh.changes === 0) return { refused: 'signature-replayed' };
  prepare(db, 'UPDATE access_keys SET last_used_at = ? WHERE id = ?').run(now, key.id);
  claimedBodies.set(request, contentHash);
  const child = key.account_type === CHILD_ACCOUNT_TYPE;
  return {
    session: {
      // No session row exists: logout through a key revokes nothing, and the key's own status is checked each call.
      tokenHash: `access-key:${key.id}`,
      memberId: key.member_id,
      userId: key.user_id,
      accountType: key.account_type,
      groupId: child ? key.group_id : null,
      operator: child ? key.user_name : key.email,
      expiresAt: now + SIGNATURE_SKEW_MS,
      timezone: '',
    },
  };
}

/** The resolver the session hook takes: signed requests are verified, others are left to the session token. */
export function signedCallers(db: Db, open: SigningKeyOpener): SignedCallerResolver {
  return (request, now) => (isSignedRequest(request) ? verifySignedRequest(db, request, now, open) : null);
}

/**
 * The preParsing hook: for a signed request, reads the body bytes, compares their hash with the signed one and
 * hands the same bytes on to the parser. Answers 16149 on a mismatch (the body was changed after signing).
 */
export function verifySignedBody(onRefused: (reply: FastifyReply, key: MessageKey) => FastifyReply) {
  return async function checkBody(request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) {
    const claimed = claimedBodies.get(request);
    if (claimed === undefined) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    const body = Buffer.concat(chunks);
    if (sha256Hex(body) !== claimed) return onRefused(reply, 'signature-invalid');
    return Readable.from(body.length > 0 ? [body] : []);
  };
}
