/**
 * SQL of the user center: per-user security rows, the account's whitelist, mailed verification codes and the login
 * log. Every statement names the member, so one account never reads another's rows.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { LoginLogEntry, LoginResult } from '../../../../core/api/endpoints/user-center.js';
import type { LoginTimeUnit } from '../../../../core/rules/accounts.js';
import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_MINUTES,
} from '../../../../core/rules/user-center.js';
import { isoTime, prepare, type Db } from '../../platform/database.js';
import { createToken, hashToken } from '../../platform/security/tokens.js';

/** A user's security settings, with defaults for a user who never saved any. */
export interface SecurityRow {
  login_time_unit: LoginTimeUnit;
  secondary_verification: 0 | 1;
  verified_email: string;
}

/** Reads a user's settings. */
export function readSecurity(db: Db, memberId: number, userId: number): SecurityRow {
  const row = prepare(db, 'SELECT login_time_unit, secondary_verification, verified_email FROM user_security WHERE member_id = ? AND user_id = ?').get(memberId, userId) as
    | SecurityRow
    | undefined;
  return row ?? { login_time_unit: 'hour', secondary_verification: 0, verified_email: '' };
}

/** Saves part of a user's settings (the row is created on first save). */
export function writeSecurity(db: Db, memberId: number, userId: number, change: Partial<SecurityRow>, now: number): void {
  const next = { ...readSecurity(db, memberId, userId), ...change };
  prepare(
    db,
    `INSERT INTO user_security (user_id, member_id, login_time_unit, secondary_verification, verified_email, updated_at)
     VALUES (@user_id, @member_id, @login_time_unit, @secondary_verification, @verified_email, @now)
     ON CONFLICT (user_id) DO UPDATE SET login_time_unit = excluded.login_time_unit,
       secondary_verification = excluded.secondary_verification, verified_email = excluded.verified_email, updated_at = excluded.updated_at`,
  ).run({ user_id: userId, member_id: memberId, ...next, now });
}

/** Whether the bound mailbox is the one a code proved (rules §4: unverified mailboxes receive nothing). */
export function mailboxVerified(bindEmail: string, security: SecurityRow): boolean {
  return bindEmail !== '' && bindEmail.toLowerCase() === security.verified_email.toLowerCase();
}

/** The account-level login whitelist (rules §6). */
export interface Whitelist {
  ips: string[];
  regions: string[];
}

/** Reads the account's whitelist; empty lists when none was saved. */
export function readWhitelist(db: Db, memberId: number): Whitelist {
  const row = prepare(db, 'SELECT ips, regions FROM sign_in_whitelists WHERE member_id = ?').get(memberId) as { ips: string; regions: string } | undefined;
  return row ? { ips: JSON.parse(row.ips) as string[], regions: JSON.parse(row.regions) as string[] } : { ips: [], regions: [] };
}

/** Saves the account's whitelist. */
export function writeWhitelist(db: Db, memberId: number, whitelist: Whitelist, now: number): void {
  prepare(
    db,
    `INSERT INTO sign_in_whitelists (member_id, ips, regions, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (member_id) DO UPDATE SET ips = excluded.ips, regions = excluded.regions, updated_at = excluded.updated_at`,
  ).run(memberId, JSON.stringify(whitelist.ips), JSON.stringify(whitelist.regions), now);
}

// ── Verification codes ───────────────────────────────────────────────────────────────────────────────────────────

/** What a code is for: binding a mailbox, or the second step of a sign-in. */
export type CodePurpose = 'mailbox' | 'sign-in';

interface CodeRow {
  id: number;
  member_id: number;
  user_id: number;
  target: string;
  salt: string;
  code_hash: string;
  sends: number;
  sent_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

const CODE_TTL_MS = VERIFICATION_CODE_TTL_MINUTES * 60_000;
const RESEND_MS = VERIFICATION_CODE_RESEND_SECONDS * 1000;
/** Codes one sign-in challenge may mail: resending forever would turn the second step into a mail cannon. */
export const SIGN_IN_CODE_SENDS_MAX = 5;

function codeHash(salt: string, code: string): string {
  return hashToken(`${salt}:${code}`);
}

function newCode(): { code: string; salt: string; hash: string } {
  const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
  const salt = randomBytes(12).toString('base64url');
  return { code, salt, hash: codeHash(salt, code) };
}

/** Seconds until the user may be sent another code of this purpose (rules §8 countdown); 0 when now. */
export function resendWait(db: Db, memberId: number, userId: number, purpose: CodePurpose, now: number): number {
  const row = prepare(db, 'SELECT MAX(sent_at) AS last FROM verification_codes WHERE member_id = ? AND user_id = ? AND purpose = ?').get(
    memberId,
    userId,
    purpose,
  ) as { last: number | null };
  return row.last === null ? 0 : Math.max(0, Math.ceil((row.last + RESEND_MS - now) / 1000));
}

/** A new code for a mailbox binding; earlier unused ones of the user stop working (only the latest mail counts). */
export function issueMailboxCode(db: Db, memberId: number, userId: number, target: string, now: number): string {
  const { code, salt, hash } = newCode();
  db.transaction(() => {
    prepare(db, "UPDATE verification_codes SET used_at = ? WHERE member_id = ? AND user_id = ? AND purpose = 'mailbox' AND used_at IS NULL").run(now, memberId, userId);
    prepare(
      db,
      `INSERT INTO verification_codes (member_id, user_id, purpose, target, salt, code_hash, sent_at, expires_at)
       VALUES (?, ?, 'mailbox', ?, ?, ?, ?, ?)`,
    ).run(memberId, userId, target, salt, hash, now, now + CODE_TTL_MS);
  })();
  return code;
}

/** A new sign-in challenge and its code. */
export function issueSignInChallenge(db: Db, memberId: number, userId: number, target: string, now: number): { challenge: string; code: string } {
  const { code, salt, hash } = newCode();
  const challenge = createToken();
  prepare(
    db,
    `INSERT INTO verification_codes (member_id, user_id, purpose, target, salt, code_hash, challenge_hash, sent_at, expires_at)
     VALUES (?, ?, 'sign-in', ?, ?, ?, ?, ?, ?)`,
  ).run(memberId, userId, target, salt, hash, hashToken(challenge), now, now + CODE_TTL_MS);
  return { challenge, code };
}

/** A pending sign-in challenge: whose it is and where its code goes. */
export interface PendingChallenge {
  id: number;
  memberId: number;
  userId: number;
  target: string;
  sends: number;
  sentAt: number;
}

/** The unused challenge a token names, or null. Expiry is judged by the caller, which says why it refuses. */
export function findChallenge(db: Db, challenge: string): PendingChallenge | null {
  const row = prepare(
    db,
    "SELECT id, member_id, user_id, target, sends, sent_at FROM verification_codes WHERE purpose = 'sign-in' AND challenge_hash = ? AND used_at IS NULL",
  ).get(hashToken(challenge)) as { id: number; member_id: number; user_id: number; target: string; sends: number; sent_at: number } | undefined;
  return row ? { id: row.id, memberId: row.member_id, userId: row.user_id, target: row.target, sends: row.sends, sentAt: row.sent_at } : null;
}

/** Mails a challenge a new code: the old one stops working, the lifetime and the attempts start again. */
export function reissueChallengeCode(db: Db, id: number, now: number): string {
  const { code, salt, hash } = newCode();
  prepare(db, 'UPDATE verification_codes SET salt = ?, code_hash = ?, sends = sends + 1, sent_at = ?, expires_at = ?, attempts = 0 WHERE id = ?').run(
    salt,
    hash,
    now,
    now + CODE_TTL_MS,
    id,
  );
  return code;
}

/** What checking a code found. */
export type CodeCheck = 'ok' | 'invalid' | 'expired';

/**
 * Checks a typed code against a stored one and spends it on success (single use). A wrong code counts an attempt;
 * the attempt that reaches the limit voids the code, and a voided or expired code answers `expired`, so the user is
 * told to ask for a new one rather than to keep typing.
 */
function checkCode(db: Db, row: CodeRow | undefined, code: string, now: number): CodeCheck {
  if (!row || row.used_at !== null || row.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS || row.expires_at <= now) return 'expired';
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(row.salt, code.trim()), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    // The WHERE clause makes two simultaneous correct entries spend the code once: only one update changes a row.
    const spent = prepare(db, 'UPDATE verification_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now, row.id);
    return spent.changes === 1 ? 'ok' : 'expired';
  }
  prepare(db, 'UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ?').run(row.id);
  return row.attempts + 1 >= VERIFICATION_CODE_MAX_ATTEMPTS ? 'expired' : 'invalid';
}

/** Checks the latest mailbox code of a user, for the mailbox it was sent to. */
export function checkMailboxCode(db: Db, memberId: number, userId: number, target: string, code: string, now: number): CodeCheck {
  const row = prepare(
    db,
    "SELECT * FROM verification_codes WHERE member_id = ? AND user_id = ? AND purpose = 'mailbox' ORDER BY id DESC LIMIT 1",
  ).get(memberId, userId) as CodeRow | undefined;
  // A code mailed to another address does not bind this one: the code proves the mailbox it went to.
  if (row && row.target.toLowerCase() !== target.toLowerCase()) return row.used_at === null ? 'invalid' : 'expired';
  return checkCode(db, row, code, now);
}

/** Checks the code of a sign-in challenge. */
export function checkChallengeCode(db: Db, id: number, code: string, now: number): CodeCheck {
  return checkCode(db, prepare(db, 'SELECT * FROM verification_codes WHERE id = ?').get(id) as CodeRow | undefined, code, now);
}

// ── Login log ────────────────────────────────────────────────────────────────────────────────────────────────────

/** One sign-in attempt to record. */
export interface LoginAttempt {
  memberId: number;
  userId: number;
  account: string;
  accountType: 1 | 2;
  ip: string;
  region: string;
  result: LoginResult;
  userAgent: string;
  at: number;
}

/** A user agent is the client's text: kept, but bounded. */
const USER_AGENT_MAX = 512;

/** Records a sign-in attempt. */
export function insertLoginAttempt(db: Db, attempt: LoginAttempt): void {
  prepare(
    db,
    `INSERT INTO login_log (member_id, user_id, account, account_type, at, ip, region, result, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    attempt.memberId,
    attempt.userId,
    attempt.account,
    attempt.accountType,
    attempt.at,
    attempt.ip,
    attempt.region,
    attempt.result,
    attempt.userAgent.slice(0, USER_AGENT_MAX),
  );
}

/** A stored login log row. */
export interface LoginLogRow {
  id: number;
  account: string;
  account_type: 1 | 2;
  at: number;
  ip: string;
  region: string;
  result: LoginResult;
  user_agent: string;
}

/** The answer shape of a row. */
export function toLoginLogEntry(row: LoginLogRow): LoginLogEntry {
  return {
    id: row.id,
    at: isoTime(row.at),
    account: row.account,
    account_type: row.account_type,
    ip: row.ip,
    region: row.region,
    result: row.result,
    user_agent: row.user_agent,
  };
}
