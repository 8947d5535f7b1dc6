/**
 * The sign-in policy the account security sets (rules §5 login time control, rules §6 login whitelist and secondary
 * email verification), as the sign-in routes apply it: who may sign in from where, whether a mailed code is needed,
 * and the login log of every attempt. The session length needs nothing here: sessions read `users.login_minutes`.
 */
import type { FastifyRequest } from 'fastify';
import type { LoginResult, SignInChallenge } from '../../../../core/api/endpoints/user-center.js';
import { regionMatches, ipInBlock } from '../../../../core/match/values.js';
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_MINUTES } from '../../../../core/rules/user-center.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { regionData } from '../account/index.js';
import { clientAddress, regionOfAddress } from '../../platform/geo.js';
import { codeMail } from './mails.js';
import { insertLoginAttempt, issueSignInChallenge, mailboxVerified, readSecurity, readWhitelist, type Whitelist } from './store.js';

/** The user a sign-in names, as the sign-in routes read it. */
export interface SignInUser {
  id: number;
  member_id: number;
  account_type: 1 | 2;
  email: string;
  user_name: string;
  bind_email: string;
}

/** How the log and the mails name a user: a parent's e-mail, a child's user name (as the operation log does). */
export function accountName(user: Pick<SignInUser, 'account_type' | 'email' | 'user_name'>): string {
  return user.account_type === 2 ? user.user_name : user.email;
}

/** The region tree the whitelist's region keys live in (shell §3 ipRegions; the same in both languages). */
export function regionTree() {
  return regionData('en_US').ipRegions;
}

/**
 * Whether the whitelist lets an address in: empty lists allow everyone; otherwise the address must lie in a listed
 * address/CIDR (IPv4 or IPv6) or its region in a listed region. An address whose region is unknown is in no region.
 */
export function whitelistAllows(whitelist: Whitelist, ip: string, region: string): boolean {
  if (whitelist.ips.length === 0 && whitelist.regions.length === 0) return true;
  const address = clientAddress(ip);
  if (whitelist.ips.some((entry) => ipInBlock(address, entry) === true)) return true;
  if (region === '') return false;
  const tree = regionTree();
  return whitelist.regions.some((key) => regionMatches(region, key, tree) === 'match');
}

/** Records an attempt of a known user in the login log (attempts naming no account have no account to log into). */
export function recordSignIn(request: FastifyRequest, user: SignInUser, result: LoginResult): void {
  const ip = clientAddress(request.ip);
  const agent = request.headers['user-agent'];
  insertLoginAttempt(request.server.db, {
    memberId: user.member_id,
    userId: user.id,
    account: accountName(user),
    accountType: user.account_type,
    ip,
    region: regionOfAddress(ip),
    result,
    userAgent: typeof agent === 'string' ? agent : '',
    at: request.server.now(),
  });
}

/**
 * Applies the account's whitelist to a sign-in whose password was right. The whitelist is account-level (rules §6):
 * the parent's list binds every user of the account, sub-accounts included (the stricter of the two readings).
 * Checked after the password, so only someone who knows it learns that a whitelist exists.
 */
export function whitelistRefuses(request: FastifyRequest, user: SignInUser): boolean {
  const ip = clientAddress(request.ip);
  return !whitelistAllows(readWhitelist(request.server.db, user.member_id), ip, regionOfAddress(ip));
}

/** Hides most of a mailbox's name for the second step's screen: `o***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Starts the second step when the user turned secondary email verification on: mails a code to the mailbox a code
 * once proved, and answers the challenge. Null when the user has it off.
 */
export async function startSecondStep(request: FastifyRequest, user: SignInUser): Promise<SignInChallenge | null> {
  const { db } = request.server;
  const security = readSecurity(db, user.member_id, user.id);
  if (security.secondary_verification !== 1) return null;
  // The proved mailbox, even if the bound one was edited since: an unproved address never receives a sign-in code.
  const target = mailboxVerified(user.bind_email, security) ? user.bind_email : security.verified_email;
  const now = request.server.now();
  const { challenge, code } = issueSignInChallenge(db, user.member_id, user.id, target, now);
  await sendCode(request, user, target, 'sign-in', code);
  return {
    verification_required: true,
    challenge,
    email_masked: maskEmail(target),
    resend_after: VERIFICATION_CODE_RESEND_SECONDS,
    expires_in: VERIFICATION_CODE_TTL_MINUTES * 60,
  };
}

/** Mails a code through the one mailer, in the language the user is working in. */
export async function sendCode(request: FastifyRequest, user: SignInUser, to: string, purpose: 'mailbox' | 'sign-in', code: string): Promise<void> {
  const language = requestLanguage(request);
  const mail = codeMail(language, purpose, accountName(user), code);
  await request.server.mailer.send({ memberId: user.member_id, kind: 'verification-code', to, language, ...mail });
}
