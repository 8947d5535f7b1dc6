/**
 * Sign-in, user info and logout (shell §2 sign-in, §3 current user, §6 roles, §7 calls): parent sign-in with e-mail,
 * child sign-in with the parent's member id, the user-info calls (single sign-on path standalone, iam path embedded,
 * sub-user path for children) and both logout calls, which revoke the token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RATE_LIMITED_CODE, SIGN_IN_FAILED_CODE } from '../../../../core/api/catalogue.js';
import type { SignInAnswer, SignInRateLimitedData, UserInfoAnswer, UserRaw } from '../../../../core/api/endpoints/auth.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import { prepare, type Db, isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readChildSignIn, readSignIn } from './payloads.js';
import { DECOY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from '../../platform/security/passwords.js';
import { checkSignIn, clearSignInFailures, recordSignInFailure } from '../../platform/security/rate-limit.js';
import { signInRequestLimit } from '../../platform/security/request-rate.js';
import { asRecord } from '../../platform/http/readers.js';
import { openSession, requireSession, revokeSession } from '../../platform/security/session.js';
import { noticeSignIn } from '../messages/index.js';

/** A user row as sign-in and user info read it. */
interface UserRow {
  id: number;
  member_id: number;
  account_type: 1 | 2;
  email: string;
  user_name: string;
  name: string;
  bind_email: string;
  password_hash: string;
  status: 'enabled' | 'disabled';
  login_minutes: number;
  flag: 1 | 2;
}

const USER_COLUMNS = `u.id, u.member_id, u.account_type, u.email, u.user_name, u.name, u.bind_email, u.password_hash,
  u.status, u.login_minutes, m.flag`;

/** The user_raw of shell §3. */
export function toUserRaw(row: Omit<UserRow, 'password_hash' | 'status' | 'login_minutes'>): UserRaw {
  return {
    id: row.id,
    email: row.email,
    user_name: row.user_name,
    name: row.name,
    bindEmail: row.bind_email,
    member_id: row.member_id,
    account_type: row.account_type,
    flag: row.flag,
  };
}

/** Reads a user of an account (the session's own, so no other account can be named). */
export function loadUser(db: Db, memberId: number, userId: number): UserRow | undefined {
  return prepare(
    db,
    `SELECT ${USER_COLUMNS} FROM users u JOIN members m ON m.id = u.member_id WHERE u.member_id = ? AND u.id = ?`,
  ).get(memberId, userId) as UserRow | undefined;
}

/**
 * The shared sign-in flow: rate limit first (so a blocked caller learns nothing), then the password (checked against
 * a decoy hash when the account does not exist, so timing does not reveal accounts), then the session.
 */
async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  accountKey: string,
  user: UserRow | undefined,
  password: string,
): Promise<FastifyReply> {
  const { db } = request.server;
  const now = request.server.now();
  const allowance = checkSignIn(db, accountKey, request.ip, now);
  if (!allowance.allowed) {
    const data: SignInRateLimitedData = { retry_after: allowance.retryAfter };
    return fail(reply, RATE_LIMITED_CODE, { data, values: { minutes: Math.ceil(allowance.retryAfter / 60) } });
  }
  // Counted as a failure until it succeeds: the hash takes tens of milliseconds, and parallel guesses must not all
  // pass the check above before any of them is recorded.
  recordSignInFailure(db, accountKey, request.ip, now);
  const matches = await verifyPassword(password, user?.password_hash ?? DECOY_PASSWORD_HASH);
  if (!user || !matches) return fail(reply, SIGN_IN_FAILED_CODE);
  clearSignInFailures(db, accountKey, request.ip);
  // A hash made at an older, cheaper cost is replaced while the password is at hand (OWASP: upgrade on sign-in).
  if (user.password_hash && needsRehash(user.password_hash)) {
    prepare(db, 'UPDATE users SET password_hash = ? WHERE id = ?').run(await hashPassword(password), user.id);
  }
  if (user.status !== 'enabled') return fail(reply, SIGN_IN_FAILED_CODE, { key: 'account-disabled' });
  const signedInAt = request.server.now();
  const { token, expiresAt } = openSession(db, user, request.ip, signedInAt);
  noticeSignIn(request, user);
  prepare(db, 'UPDATE users SET last_login_at = ? WHERE id = ?').run(signedInAt, user.id);
  const answer: SignInAnswer = {
    token,
    expires_at: isoTime(expiresAt),
    expires_in: Math.round((expiresAt - signedInAt) / 1000),
    user_raw: toUserRaw(user),
  };
  return ok(reply, answer);
}

/** Registers the routes (under /api). */
export async function authRoutes(api: FastifyInstance): Promise<void> {
  const parentAccount = (body: unknown) => `parent:${String(asRecord(body).email ?? '').toLowerCase()}`;
  const childAccount = (body: unknown) => {
    const { member_id: memberId, user_name: userName } = asRecord(body);
    return `child:${String(memberId ?? '')}:${String(userName ?? '').toLowerCase()}`;
  };
  api.post('/sso/V4/login', { config: { public: true, rateLimit: signInRequestLimit(parentAccount) } }, async (request, reply) => {
    const { value, issues } = readSignIn(request.body);
    if (!validated(reply, issues)) return reply;
    const user = prepare(
      api.db,
      `SELECT ${USER_COLUMNS} FROM users u JOIN members m ON m.id = u.member_id
        WHERE u.account_type = 1 AND u.email = ? COLLATE NOCASE`,
    ).get(value.email) as UserRow | undefined;
    return signIn(request, reply, `parent:${value.email.toLowerCase()}`, user, value.password);
  });

  api.post('/sso/V4/subuser/login', { config: { public: true, rateLimit: signInRequestLimit(childAccount) } }, async (request, reply) => {
    const { value, issues } = readChildSignIn(request.body);
    if (!validated(reply, issues)) return reply;
    const user = prepare(
      api.db,
      `SELECT ${USER_COLUMNS} FROM users u JOIN members m ON m.id = u.member_id
        WHERE u.account_type = ${CHILD_ACCOUNT_TYPE} AND u.member_id = ? AND u.user_name = ? COLLATE NOCASE`,
    ).get(value.member_id, value.user_name) as UserRow | undefined;
    return signIn(request, reply, `child:${value.member_id}:${value.user_name.toLowerCase()}`, user, value.password);
  });

  const userInfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = requireSession(request);
    const user = loadUser(api.db, session.memberId, session.userId) as UserRow;
    const answer: UserInfoAnswer = { user_raw: toUserRaw(user) };
    return ok(reply, answer);
  };
  // Shell §7: the standalone console asks the single sign-on path, the embedded one the iam path; the child console
  // asks the sub-user path. All three describe the signed-in user.
  api.get('/sso/V4/user/info', userInfo);
  api.get('/iam/V4/user/info', userInfo);
  api.get('/V4/permission.get.subUserInfo', userInfo);

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    revokeSession(api.db, requireSession(request), api.now());
    return ok(reply, null);
  };
  api.get('/sso/V4/logOut', logout);
  api.get('/sso/V4/subuser/logout', logout);
}
