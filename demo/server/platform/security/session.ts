/**
 * Sessions: who is calling. The browser sends the token in the `x-token` header (DESIGN §2: never an attribute, never
 * a cookie), the server finds the session by the token's hash, and a missing, unknown, revoked or expired token on a
 * route that needs a session answers 16149 (shell §8).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_EXPIRED_CODE } from '../../../../core/api/catalogue.js';
import { CHILD_ACCOUNT_TYPE, PARENT_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import { LOGIN_TIME_DEFAULT_HOURS, LOGIN_TIME_MINUTES } from '../../../../core/rules/accounts.js';
import { prepare, type Db } from '../database.js';
import { fail } from '../http/envelope.js';
import type { MessageKey } from '../http/messages.js';
import { createToken, hashToken } from './tokens.js';

/** The signed-in caller, resolved once per request. */
export interface Session {
  tokenHash: string;
  memberId: number;
  userId: number;
  accountType: typeof PARENT_ACCOUNT_TYPE | typeof CHILD_ACCOUNT_TYPE;
  /** A child's permission group (rules §3: one group only); null for parents and ungrouped children. */
  groupId: number | null;
  /** How the operation log and job list name the caller: a child's user_name, a parent's e-mail. */
  operator: string;
  expiresAt: number;
  timezone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook on every route that is not public. */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** The route answers without a session (sign-in, OEM, regions, the app-login check). */
    public?: boolean;
  }
}

/** Session length when the account never set its login time control (rules §9: 8 hours). */
export const DEFAULT_LOGIN_MINUTES = LOGIN_TIME_DEFAULT_HOURS * 60;

interface SessionRow {
  token_hash: string;
  member_id: number;
  user_id: number;
  expires_at: number;
  timezone: string;
  account_type: 1 | 2;
  group_id: number | null;
  email: string;
  user_name: string;
}

/** The token a request carries: `x-token`, the header the console's client sends. */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers['x-token'];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 256 ? token : null;
}

/** Finds the live session of a token; null when unknown, revoked, expired or the user is disabled. */
export function findSession(db: Db, token: string, now: number): Session | null {
  const row = prepare(
    db,
    `SELECT s.token_hash, s.member_id, s.user_id, s.expires_at, s.timezone,
            u.account_type, u.group_id, u.email, u.user_name
       FROM sessions s JOIN users u ON u.id = s.user_id AND u.member_id = s.member_id
      WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.status = 'enabled'`,
  ).get(hashToken(token), now) as SessionRow | undefined;
  if (!row) return null;
  return {
    tokenHash: row.token_hash,
    memberId: row.member_id,
    userId: row.user_id,
    accountType: row.account_type,
    groupId: row.account_type === CHILD_ACCOUNT_TYPE ? row.group_id : null,
    operator: row.account_type === CHILD_ACCOUNT_TYPE ? row.user_name : row.email,
    expiresAt: row.expires_at,
    timezone: row.timezone,
  };
}

/** A new session for a user; returns the token (shown once) and its expiry. */
export function openSession(
  db: Db,
  user: { id: number; member_id: number; login_minutes: number },
  ip: string,
  now: number,
): { token: string; expiresAt: number } {
  const token = createToken();
  // Rules §5 accounts: the login time control is 15-1440 minutes; a stored value outside that is clamped.
  const minutes = Math.min(LOGIN_TIME_MINUTES.max, Math.max(LOGIN_TIME_MINUTES.min, user.login_minutes));
  const expiresAt = now + minutes * 60_000;
  // Expired sessions are useless; clearing them here keeps the table small without a timer.
  prepare(db, 'DELETE FROM sessions WHERE expires_at < ?').run(now - 24 * 3_600_000);
  prepare(
    db,
    'INSERT INTO sessions (token_hash, member_id, user_id, created_at, expires_at, ip) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(hashToken(token), user.member_id, user.id, now, expiresAt, ip);
  return { token, expiresAt };
}

/** Revokes a session (logout). */
export function revokeSession(db: Db, session: Session, now: number): void {
  prepare(db, 'UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(now, session.tokenHash);
}

/**
 * The caller of a request signed with an access key (signed-requests.ts), or null when the request is not signed:
 * its user's session, or the reason it is refused.
 */
export type SignedCallerResolver = (request: FastifyRequest, now: number) => { session: Session } | { refused: MessageKey; values?: Record<string, number> } | null;

/**
 * The onRequest hook of the API: resolves the session, or answers 16149 unless the route is public. Runs before the
 * body is read, so an unauthenticated caller never gets a body parsed. A request signed with an access key is
 * resolved by `signedCaller` instead of a token.
 */
export function sessionHook(db: Db, now: () => number, signedCaller?: SignedCallerResolver) {
  return async function resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const signed = request.is404 ? null : (signedCaller?.(request, now()) ?? null);
    if (signed) {
      // A signed call stands on its signature alone: a bad one is refused even on a public route, never downgraded.
      if ('refused' in signed) return fail(reply, SESSION_EXPIRED_CODE, { key: signed.refused, values: signed.values });
      request.session = signed.session;
      return undefined;
    }
    const token = requestToken(request);
    request.session = token ? findSession(db, token, now()) : null;
    if (request.session || request.routeOptions.config.public || request.is404) return undefined;
    return fail(reply, SESSION_EXPIRED_CODE);
  };
}

/** The session of a route that needs one; throws on a public route, which is a programming error. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new Error(`No session on ${request.method} ${request.url}: the route is public`);
  return request.session;
}
