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
import { readChildSignIn, readSignIn, readSignInVerify } from './payloads.js';
import { DECOY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from '../../platform/security/passwords.js';
import { checkSignIn, clearSignInFailures, recordSignInFailure } from '../../platform/security/rate-limit.js';
import { SIGN_IN_REQUESTS_PER_MINUTE, signInRequestLimit } from '../../platform/security/request-rate.js';
import type { SignInRefusedData, SignInResendAnswer } from '../../../../core/api/endpoints/user-center.js';
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_MINUTES } from '../../../../core/rules/user-center.js';
import {
  checkChallengeCode,
  clientAddress,
  findChallenge,
  recordSignIn,
  reissueChallengeCode,
  sendCode,
  SIGN_IN_CODE_SENDS_MAX,
  startSecondStep,
  whitelistRefuses,
} from '../user-center/index.js';
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
 * a decoy hash when the account does not exist, so timing does not reveal accounts), then the account's sign-in policy
 * (rules §6: the login whitelist, then the second step by mailed code), then the session. Every attempt on an existing
 * account goes to the login log with its outcome.
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
    if (user) recordSignIn(request, user, 'rate-limited');
    const data: SignInRateLimitedData = { retry_after: allowance.retryAfter };
    return fail(reply, RATE_LIMITED_CODE, { data, values: { minutes: Math.ceil(allowance.retryAfter / 60) } });
  }
  // Counted as a failure until it succeeds: the hash takes tens of milliseconds, and parallel guesses must not all
  // pass the check above before any of them is recorded.
  recordSignInFailure(db, accountKey, request.ip, now);
  const matches = await verifyPassword(password, user?.password_hash ?? DECOY_PASSWORD_HASH);
  if (!user || !matches) {
    if (user) recordSignIn(request, user, 'password');
    return fail(reply, SIGN_IN_FAILED_CODE);
  }
  clearSignInFailures(db, accountKey, request.ip);
  // A hash made at an older, cheaper cost is replaced while the password is at hand (OWASP: upgrade on sign-in).
  if (user.password_hash && needsRehash(user.password_hash)) {
    prepare(db, 'UPDATE users SET password_hash = ? WHERE id = ?').run(await hashPassword(password), user.id);
  }
  if (user.status !== 'enabled') {
    recordSignIn(request, user, 'disabled');
    return fail(reply, SIGN_IN_FAILED_CODE, { key: 'account-disabled' });
  }
  if (whitelistRefuses(request, user)) {
    recordSignIn(request, user, 'whitelist');
    return refuse(reply, 'whitelist', clientAddress(request.ip));
  }
  const challenge = await startSecondStep(request, user);
  if (challenge) return ok(reply, challenge);
  return completeSignIn(request, reply, user);
}

/**
 * The one way a sign-in ends in a session, for the password step and the mailed-code step alike: the session (its
 * length is the user's login time control, rules §5), the last sign-in time, the login log.
 */
function completeSignIn(request: FastifyRequest, reply: FastifyReply, user: UserRow): FastifyReply {
  const { db } = request.server;
  const signedInAt = request.server.now();
  const { token, expiresAt } = openSession(db, user, request.ip, signedInAt);
  noticeSignIn(request, user);
  prepare(db, 'UPDATE users SET last_login_at = ? WHERE id = ?').run(signedInAt, user.id);
  recordSignIn(request, user, 'success');
  const answer: SignInAnswer = {
    token,
    expires_at: isoTime(expiresAt),
    expires_in: Math.round((expiresAt - signedInAt) / 1000),
    user_raw: toUserRaw(user),
  };
  return ok(reply, answer);
}

/** A sign-in refused by the account's policy, with the reason the sign-in page translates. */
function refuse(reply: FastifyReply, reason: SignInRefusedData['reason'], ip?: string): FastifyReply {
  const data: SignInRefusedData = ip === undefined ? { reason } : { reason, ip };
  const key = reason === 'whitelist' ? 'sign-in-not-whitelisted' : 'sign-in-challenge-expired';
  return fail(reply, SIGN_IN_FAILED_CODE, { key, data, values: { ip: ip ?? '' } });
}

/** The second step's calls answer per client address: the challenge in the body is secret and random. */
const secondStepLimit = { max: SIGN_IN_REQUESTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.ip };

/** Registers the second step of sign-in (rules §6 secondary email verification): the code, and a new code. */
function secondStepRoutes(api: FastifyInstance): void {
  api.post('/sso/V4/login.verify', { config: { public: true, rateLimit: secondStepLimit } }, async (request, reply) => {
    const { value, issues } = readSignInVerify(request.body);
    if (!validated(reply, issues)) return reply;
    const pending = findChallenge(api.db, value.challenge);
    const user = pending ? loadUser(api.db, pending.memberId, pending.userId) : undefined;
    if (!pending || !user || user.status !== 'enabled') return refuse(reply, 'challenge-expired');
    // The address that finishes must be allowed too: a code read elsewhere does not carry a sign-in past the whitelist.
    if (whitelistRefuses(request, user)) {
      recordSignIn(request, user, 'whitelist');
      return refuse(reply, 'whitelist', clientAddress(request.ip));
    }
    const check = checkChallengeCode(api.db, pending.id, value.code, api.now());
    if (check !== 'ok') {
      recordSignIn(request, user, check === 'expired' ? 'code-expired' : 'code-invalid');
      validated(reply, [{ field: 'code', key: check === 'expired' ? 'user-center.code-expired' : 'user-center.code-invalid' }]);
      return reply;
    }
    return completeSignIn(request, reply, user);
  });

  api.post('/sso/V4/login.resend', { config: { public: true, rateLimit: secondStepLimit } }, async (request, reply) => {
    const challenge = asRecord(request.body).challenge;
    const pending = typeof challenge === 'string' && challenge.length <= 256 ? findChallenge(api.db, challenge) : null;
    const user = pending ? loadUser(api.db, pending.memberId, pending.userId) : undefined;
    if (!pending || !user || pending.sends >= SIGN_IN_CODE_SENDS_MAX) {
      return refuse(reply, 'challenge-expired');
    }
    const now = api.now();
    const wait = Math.ceil((pending.sentAt + VERIFICATION_CODE_RESEND_SECONDS * 1000 - now) / 1000);
    if (wait > 0) {
      const data: SignInRateLimitedData = { retry_after: wait };
      return fail(reply, RATE_LIMITED_CODE, { key: 'verification-code-wait', data, values: { seconds: wait } });
    }
    const code = reissueChallengeCode(api.db, pending.id, now);
    await sendCode(request, user, pending.target, 'sign-in', code);
    const answer: SignInResendAnswer = { resend_after: VERIFICATION_CODE_RESEND_SECONDS, expires_in: VERIFICATION_CODE_TTL_MINUTES * 60 };
    return ok(reply, answer);
  });
}

/** Registers the routes (under /api). */
export async function authRoutes(api: FastifyInstance): Promise<void> {
  secondStepRoutes(api);
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
