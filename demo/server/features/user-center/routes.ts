/**
 * The user center's account security (shell §2 user center, rules §5, §6, §8): every call reaches only the caller's
 * own user, or for the whitelist the caller's own account, so the session is the whole authorization.
 *
 * What a sub-account may change (shell §6: "Child users see only account security"; rules §6): its own password,
 * mailbox, login time control and secondary email verification, which concern only its own sign-in. The login
 * whitelist is account-level (rules §6 "Account-level login whitelist"): the parent sets it for the whole account and a
 * child sees it read-only, since a child who could widen it would undo the parent's restriction on everyone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, PERMISSION_DENIED_CODE, RATE_LIMITED_CODE } from '../../../../core/api/catalogue.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import type { SignInRateLimitedData } from '../../../../core/api/endpoints/auth.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import type { AccountSecurity, CodeSentAnswer, LoginLogEntry, PasswordChangeAnswer } from '../../../../core/api/endpoints/user-center.js';
import { regionPath } from '../../../../core/match/values.js';
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_MINUTES } from '../../../../core/rules/user-center.js';
import { isoTime, prepare } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { recordOperation } from '../../platform/oplog.js';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.js';
import { checkSignIn, clearSignInFailures, recordSignInFailure } from '../../platform/security/rate-limit.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession, type Session } from '../../platform/security/session.js';
import { clientAddress, regionOfAddress } from '../../platform/geo.js';
import { readLoginTime, readMailbox, readMailboxBind, readPasswordChange, readWhitelist as readWhitelistBody } from './payloads.js';
import { regionTree, sendCode, whitelistAllows, type SignInUser } from './policy.js';
import {
  checkMailboxCode,
  issueMailboxCode,
  mailboxVerified,
  readSecurity,
  readWhitelist,
  resendWait,
  toLoginLogEntry,
  writeSecurity,
  writeWhitelist,
  type LoginLogRow,
} from './store.js';

interface OwnUser extends SignInUser {
  password_hash: string;
  login_minutes: number;
  last_login_at: number | null;
}

function ownUser(request: FastifyRequest, session: Session): OwnUser {
  return prepare(
    request.server.db,
    `SELECT id, member_id, account_type, email, user_name, bind_email, password_hash, login_minutes, last_login_at
       FROM users WHERE member_id = ? AND id = ?`,
  ).get(session.memberId, session.userId) as OwnUser;
}

/** The account security answer of the caller. */
function security(request: FastifyRequest): AccountSecurity {
  const session = requireSession(request);
  const { db } = request.server;
  const user = ownUser(request, session);
  const settings = readSecurity(db, session.memberId, session.userId);
  const ip = clientAddress(request.ip);
  return {
    account_type: user.account_type,
    account: user.account_type === CHILD_ACCOUNT_TYPE ? user.user_name : user.email,
    member_id: user.member_id,
    bind_email: user.bind_email,
    email_verified: mailboxVerified(user.bind_email, settings),
    // Shown in the unit it was saved in; a length that is not a whole number of hours can only be shown in minutes.
    login_time:
      settings.login_time_unit === 'hour' && user.login_minutes % 60 === 0
        ? { value: user.login_minutes / 60, unit: 'hour' }
        : { value: user.login_minutes, unit: 'minute' },
    secondary_verification: settings.secondary_verification === 1,
    whitelist: readWhitelist(db, session.memberId),
    whitelist_editable: user.account_type !== CHILD_ACCOUNT_TYPE,
    client_ip: ip,
    client_region: regionOfAddress(ip),
    last_login_at: isoTime(user.last_login_at),
  };
}

/** Registers the routes (under /api). */
export async function userCenterRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/user.security.get', async (request, reply) => ok(reply, security(request)));

  api.post('/V4/user.security.login_time', async (request, reply) => {
    const { value, issues } = readLoginTime(request.body);
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const before = security(request).login_time;
    const after = { value: value.value, unit: value.unit };
    api.db.transaction(() => {
      // Applies to sessions opened from now on (rules §5); the current session keeps the length it was given.
      prepare(api.db, 'UPDATE users SET login_minutes = ? WHERE member_id = ? AND id = ?').run(value.minutes, session.memberId, session.userId);
      writeSecurity(api.db, session.memberId, session.userId, { login_time_unit: value.unit }, api.now());
      recordOperation(request, { area: 'account', action: 'login-time', objectId: session.userId, objectLabel: session.operator, before, after });
    })();
    return ok(reply, security(request));
  });

  api.post('/V4/user.security.secondary', async (request, reply) => {
    const enabled = (request.body as { enabled?: unknown } | null)?.enabled === true;
    const session = requireSession(request);
    const current = security(request);
    // Rules §8: an unverified mailbox receives nothing, so a second step that mails it could never be passed.
    if (enabled && !current.email_verified) return fail(reply, CONFLICT_CODE, { key: 'mailbox-not-verified' });
    api.db.transaction(() => {
      writeSecurity(api.db, session.memberId, session.userId, { secondary_verification: enabled ? 1 : 0 }, api.now());
      recordOperation(request, {
        area: 'account',
        action: 'secondary-verification',
        objectId: session.userId,
        objectLabel: session.operator,
        before: { enabled: current.secondary_verification },
        after: { enabled },
      });
    })();
    return ok(reply, security(request));
  });

  api.post('/V4/user.security.whitelist', async (request, reply) => {
    const session = requireSession(request);
    if (session.accountType === CHILD_ACCOUNT_TYPE) return fail(reply, PERMISSION_DENIED_CODE);
    const tree = regionTree();
    const { value, issues } = readWhitelistBody(request.body, (key) => regionPath(key, tree).length > 0);
    if (!validated(reply, issues)) return reply;
    const ip = clientAddress(request.ip);
    // Saving a list that leaves out the address the parent is using now would lock them out at the next sign-in.
    if (!whitelistAllows(value, ip, regionOfAddress(ip))) {
      validated(reply, [{ field: 'ips', key: 'user-center.whitelist-excludes-you', values: { ip } }]);
      return reply;
    }
    const before = readWhitelist(api.db, session.memberId);
    api.db.transaction(() => {
      writeWhitelist(api.db, session.memberId, value, api.now());
      recordOperation(request, { area: 'account', action: 'login-whitelist', objectId: session.memberId, objectLabel: session.operator, before, after: value });
    })();
    return ok(reply, security(request));
  });

  api.post('/V4/user.mailbox.code', async (request, reply) => {
    const { value: email, issues } = readMailbox(request.body);
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const current = security(request);
    if (current.email_verified && current.bind_email.toLowerCase() === email.toLowerCase()) {
      validated(reply, [{ field: 'email', key: 'user-center.mailbox-unchanged' }]);
      return reply;
    }
    const now = api.now();
    const wait = resendWait(api.db, session.memberId, session.userId, 'mailbox', now);
    if (wait > 0) {
      const data: SignInRateLimitedData = { retry_after: wait };
      return fail(reply, RATE_LIMITED_CODE, { key: 'verification-code-wait', data, values: { seconds: wait } });
    }
    const code = issueMailboxCode(api.db, session.memberId, session.userId, email, now);
    await sendCode(request, ownUser(request, session), email, 'mailbox', code);
    const answer: CodeSentAnswer = { resend_after: VERIFICATION_CODE_RESEND_SECONDS, expires_in: VERIFICATION_CODE_TTL_MINUTES * 60 };
    return ok(reply, answer);
  });

  api.post('/V4/user.mailbox.bind', async (request, reply) => {
    const { value, issues } = readMailboxBind(request.body);
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const before = security(request);
    const check = checkMailboxCode(api.db, session.memberId, session.userId, value.email, value.code, api.now());
    if (check !== 'ok') {
      validated(reply, [{ field: 'code', key: check === 'expired' ? 'user-center.code-expired' : 'user-center.code-invalid' }]);
      return reply;
    }
    api.db.transaction(() => {
      prepare(api.db, 'UPDATE users SET bind_email = ? WHERE member_id = ? AND id = ?').run(value.email, session.memberId, session.userId);
      writeSecurity(api.db, session.memberId, session.userId, { verified_email: value.email }, api.now());
      recordOperation(request, {
        area: 'account',
        action: 'bind-mailbox',
        objectId: session.userId,
        objectLabel: session.operator,
        before: { email: before.bind_email, verified: before.email_verified },
        after: { email: value.email, verified: true },
      });
    })();
    return ok(reply, security(request));
  });

  api.post('/V4/user.password.modify', async (request, reply) => {
    const { value, issues } = readPasswordChange(request.body);
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const now = api.now();
    // The current password is a password guess like a sign-in: the same lockout keeps a stolen session from trying
    // the account's password at will.
    const accountKey = `password-change:${session.memberId}:${session.userId}`;
    const allowance = checkSignIn(api.db, accountKey, request.ip, now);
    if (!allowance.allowed) {
      const data: SignInRateLimitedData = { retry_after: allowance.retryAfter };
      return fail(reply, RATE_LIMITED_CODE, { data, values: { minutes: Math.ceil(allowance.retryAfter / 60) } });
    }
    recordSignInFailure(api.db, accountKey, request.ip, now);
    const user = ownUser(request, session);
    if (!(await verifyPassword(value.current_password, user.password_hash))) {
      validated(reply, [{ field: 'current_password', key: 'user-center.current-password-wrong' }]);
      return reply;
    }
    clearSignInFailures(api.db, accountKey, request.ip);
    const hash = await hashPassword(value.password);
    const signedOut = api.db.transaction(() => {
      prepare(api.db, 'UPDATE users SET password_hash = ? WHERE member_id = ? AND id = ?').run(hash, session.memberId, session.userId);
      // Every other session of the user ends: whoever else knew the old password is signed out with it.
      const result = prepare(
        api.db,
        'UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND user_id = ? AND token_hash <> ? AND revoked_at IS NULL AND expires_at > ?',
      ).run(now, session.memberId, session.userId, session.tokenHash, now);
      recordOperation(request, {
        area: 'account',
        action: 'change-password',
        objectId: session.userId,
        objectLabel: session.operator,
        after: { signed_out_sessions: result.changes },
      });
      return result.changes;
    })();
    const answer: PasswordChangeAnswer = { signed_out_sessions: signedOut };
    return ok(reply, answer);
  });

  api.get('/V4/user.login_log.list', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const session = requireSession(request);
    const conditions: string[] = [];
    const params: Params = {};
    // A parent sees every sign-in of the account (its sub-accounts' too); a child only its own.
    if (session.accountType === CHILD_ACCOUNT_TYPE) {
      conditions.push('user_id = @own_user');
      params.own_user = session.userId;
    }
    if (query.result === 'success') conditions.push("result = 'success'");
    else if (query.result === 'refused') conditions.push("result <> 'success'");
    else if (query.result !== undefined && query.result !== '') issues.push({ field: 'result', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const rows = scope(request).page<LoginLogRow>('login_log', page, {
      where: conditions.length ? conditions.join(' AND ') : undefined,
      params,
      orderBy: 'at DESC, id DESC',
    });
    const answer: ListAnswer<LoginLogEntry> = { list: rows.list.map(toLoginLogEntry), total: rows.total };
    return ok(reply, answer);
  });
}

