/**
 * The user center's account security (shell §2 user center; rules §5, §6, §8) and the second step of sign-in. The
 * spec shows no paths for these calls, so they follow DESIGN §3: `V4/user.<object>.<verb>`; the sign-in step lives
 * beside the sign-in calls under `sso/V4/`. The reference server imports these types.
 */
import type { ApiClient, QueryParams } from '../client.js';
import type { LoginTimeUnit } from '../../rules/accounts.js';
import type { IdentityInput, IdentityKind } from '../../rules/identity.js';
import type { SignInAnswer } from './auth.js';
import type { ListAnswer, PageQuery } from './platform.js';

/** The sign-in answer when secondary email verification is on (rules §6): no session yet, a code was mailed. */
export interface SignInChallenge {
  verification_required: true;
  /** Opaque, single use; sent back with the code. */
  challenge: string;
  /** The bound mailbox with most of its name hidden (`o***@example.com`). */
  email_masked: string;
  /** Seconds until another code may be sent (rules §8 countdown). */
  resend_after: number;
  /** Seconds the mailed code is accepted. */
  expires_in: number;
}

/** What `sso/V4/login` and `sso/V4/subuser/login` answer: a session, or the second step. */
export type SignInOutcome = SignInAnswer | SignInChallenge;

/** Whether a sign-in answer asks for the mailed code. */
export function needsSecondStep(answer: SignInOutcome): answer is SignInChallenge {
  return (answer as SignInChallenge).verification_required === true;
}

/**
 * Data of a sign-in refused by the account's policy (SIGN_IN_FAILED_CODE): the whitelist (with the address the server
 * saw), or a second step that can no longer be finished (start again with the password).
 */
export interface SignInRefusedData {
  reason: 'whitelist' | 'challenge-expired';
  ip?: string;
}

/** The second step: the challenge and the mailed code. */
export interface SignInVerifyRequest {
  challenge: string;
  code: string;
}

/** A new code for a pending second step (after the countdown). */
export interface SignInResendAnswer {
  resend_after: number;
  expires_in: number;
}

/** The login time control as stored (rules §5: 15-1440 minutes or 1-24 hours). */
export interface LoginTimeSetting {
  value: number;
  unit: LoginTimeUnit;
}

/** The caller's account security. */
export interface AccountSecurity {
  /** 1 parent, 2 child (shell §3). */
  account_type: 1 | 2;
  /** Parent: the sign-in e-mail; child: the sign-in name. */
  account: string;
  member_id: number;
  /** The bound mailbox; '' when none. */
  bind_email: string;
  /** Rules §4: a mailbox is unverified (receives nothing) until a code proves it. */
  email_verified: boolean;
  login_time: LoginTimeSetting;
  secondary_verification: boolean;
  /** The account-level whitelist (rules §6); empty lists allow every address. */
  whitelist: { ips: string[]; regions: string[] };
  /** Whether the caller may edit the whitelist (the parent only: it is account-level). */
  whitelist_editable: boolean;
  /** The address this request came from, so the whitelist form can offer it and warn before locking the user out. */
  client_ip: string;
  /** The region key of that address ('' when unknown). */
  client_region: string;
  last_login_at: string | null;
}

/** Sends a code to a mailbox to bind. */
export interface MailboxCodeRequest {
  email: string;
}

/** A code was sent. */
export interface CodeSentAnswer {
  resend_after: number;
  expires_in: number;
}

/** Binds the mailbox the code was sent to. */
export interface MailboxBindRequest {
  email: string;
  code: string;
}

/** Changes the caller's password (rules §5). */
export interface PasswordChangeRequest {
  current_password: string;
  password: string;
  confirm_password: string;
}

/** A password change: how many other sessions were signed out. */
export interface PasswordChangeAnswer {
  signed_out_sessions: number;
}

/** Why a sign-in attempt was refused, or `success`. */
export type LoginResult = 'success' | 'password' | 'disabled' | 'rate-limited' | 'whitelist' | 'code-invalid' | 'code-expired';

/** One sign-in attempt (the login log). */
export interface LoginLogEntry {
  id: number;
  at: string;
  /** Parent e-mail or child user name. */
  account: string;
  account_type: 1 | 2;
  ip: string;
  /** Region key of the address ('' when unknown). */
  region: string;
  result: LoginResult;
  user_agent: string;
}

/** Login log filters. */
export interface LoginLogQuery extends PageQuery {
  result?: 'success' | 'refused';
}

/** Completes a sign-in with the mailed code. */
export function verifySignIn(client: ApiClient, body: SignInVerifyRequest): Promise<SignInAnswer> {
  return client.post('sso/V4/login.verify', body, { auth: false });
}

/** Mails a new code for a pending sign-in. */
export function resendSignInCode(client: ApiClient, challenge: string): Promise<SignInResendAnswer> {
  return client.post('sso/V4/login.resend', { challenge }, { auth: false });
}

/** The caller's account security. */
export function getAccountSecurity(client: ApiClient): Promise<AccountSecurity> {
  return client.get('V4/user.security.get');
}

/** Saves the login time control. */
export function saveLoginTime(client: ApiClient, body: LoginTimeSetting): Promise<AccountSecurity> {
  return client.post('V4/user.security.login_time', body);
}

/** Turns secondary email verification on or off. */
export function saveSecondaryVerification(client: ApiClient, enabled: boolean): Promise<AccountSecurity> {
  return client.post('V4/user.security.secondary', { enabled });
}

/** Saves the account's login whitelist (parent only). */
export function saveLoginWhitelist(client: ApiClient, body: { ips: string[]; regions: string[] }): Promise<AccountSecurity> {
  return client.post('V4/user.security.whitelist', body);
}

/** Mails a code to the mailbox to bind. */
export function sendMailboxCode(client: ApiClient, body: MailboxCodeRequest): Promise<CodeSentAnswer> {
  return client.post('V4/user.mailbox.code', body);
}

/** Binds the mailbox with the mailed code. */
export function bindMailbox(client: ApiClient, body: MailboxBindRequest): Promise<AccountSecurity> {
  return client.post('V4/user.mailbox.bind', body);
}

/** Changes the password; the caller's other sessions end. */
export function changePassword(client: ApiClient, body: PasswordChangeRequest): Promise<PasswordChangeAnswer> {
  return client.post('V4/user.password.modify', body);
}

/** Sign-in attempts: a parent sees the whole account's, a child its own. */
export function listLoginLog(client: ApiClient, query: LoginLogQuery = {}): Promise<ListAnswer<LoginLogEntry>> {
  return client.get('V4/user.login_log.list', { ...query } as QueryParams);
}

/**
 * Identity verification (实名认证) of the main account: unverified until a submission, pending while the reference
 * server's review runs, then verified or rejected with a reason. Numbers come back masked.
 */
export type IdentityStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** Why a review refused a submission. */
export type IdentityRejection = 'name-mismatch';

/** The account's verification. */
export interface IdentityVerification {
  status: IdentityStatus;
  /** null while unverified. */
  kind: IdentityKind | null;
  /** The real name (individual) or the company name (enterprise). */
  name: string;
  /** The resident ID number with all but its first and last characters hidden, or the (public) credit code. */
  number: string;
  /** Enterprise only. */
  legal_person: string;
  submitted_at: string | null;
  reviewed_at: string | null;
  /** Set when rejected. */
  reason: IdentityRejection | null;
}

/** Submits the account for verification (main account only; not while pending or once verified). */
export type IdentitySubmitRequest = IdentityInput;

/** The account's identity verification (main account only). */
export function getIdentity(client: ApiClient): Promise<IdentityVerification> {
  return client.get('V4/member.identity.get');
}

/** Submits the identity for review. */
export function submitIdentity(client: ApiClient, body: IdentitySubmitRequest): Promise<IdentityVerification> {
  return client.post('V4/member.identity.submit', body);
}
