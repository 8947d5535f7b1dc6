/**
 * Sign-in, sign-out and current-user calls (shell §3 "Current user info", §6, §7). The reference server imports these
 * types, so the browser and the server share one definition of every payload.
 */
import type { ApiClient, CallOptions } from '../client.js';
import type { SignInOutcome } from './user-center.js';

/** Shell §3: `account_type` 2 means a child (sub) account; 1 is a main (parent) account. */
export const PARENT_ACCOUNT_TYPE = 1;
/** Shell §3: `account_type` 2 means a child account. */
export const CHILD_ACCOUNT_TYPE = 2;

/** Shell §3 `flag`: 1 is the online/public edition; 2 triggers the unable-to-open redirect. */
export type EditionFlag = 1 | 2;

/** The current user (shell §3 "Current user info"). */
export interface UserRaw {
  id: number;
  /** The sign-in e-mail of a parent; a child's contact e-mail, possibly empty. */
  email: string;
  /** A child's sign-in name; empty for a parent (the shell falls back to `name`, then `email`). */
  user_name: string;
  name: string;
  /** The e-mail bound for notifications, empty when none is bound. */
  bindEmail: string;
  /** The parent account's member id; a child signs in with it. */
  member_id: number;
  account_type: typeof PARENT_ACCOUNT_TYPE | typeof CHILD_ACCOUNT_TYPE;
  flag: EditionFlag;
}

/** Answer of the user-info calls (`sso/V4/user/info`, `iam/V4/user/info`, `V4/permission.get.subUserInfo`). */
export interface UserInfoAnswer {
  user_raw: UserRaw;
}

/** Parent sign-in (`POST sso/V4/login`). */
export interface SignInRequest {
  email: string;
  password: string;
}

/** Child sign-in (`POST sso/V4/subuser/login`, shell §2: member_id comes from the child login page's hash query). */
export interface ChildSignInRequest {
  member_id: number | string;
  user_name: string;
  password: string;
}

/** A successful sign-in. The token goes into the `x-token` header of every later call. */
export interface SignInAnswer {
  token: string;
  /** When the session ends (ISO 8601, UTC); set by the account's login time control (rules §5, default 8 h). */
  expires_at: string;
  /** Seconds from now until `expires_at`. */
  expires_in: number;
  user_raw: UserRaw;
}

/** Data of a rate-limited sign-in (RATE_LIMITED_CODE). */
export interface SignInRateLimitedData {
  /** Seconds until another attempt is accepted. */
  retry_after: number;
}

/** Where the console runs decides the user-info path (shell §7: iam when embedded, single sign-on when standalone). */
export type UserInfoMode = 'standalone' | 'embedded';

/**
 * Signs a parent in. No session is needed, so the call is sent without a token. When the account asks for secondary
 * email verification (rules §6) the answer is the second step's challenge instead of a session.
 */
export function signIn(client: ApiClient, body: SignInRequest, options?: CallOptions): Promise<SignInOutcome> {
  return client.post('sso/V4/login', body, { auth: false, ...options });
}

/** Signs a child in with the parent's member id. */
export function signInChild(client: ApiClient, body: ChildSignInRequest, options?: CallOptions): Promise<SignInOutcome> {
  return client.post('sso/V4/subuser/login', body, { auth: false, ...options });
}

/** The signed-in parent's info: `sso/V4/user/info` standalone, `iam/V4/user/info` embedded (shell §7). */
export function getUserInfo(client: ApiClient, mode: UserInfoMode = 'standalone', options?: CallOptions): Promise<UserInfoAnswer> {
  return client.get(mode === 'embedded' ? 'iam/V4/user/info' : 'sso/V4/user/info', undefined, options);
}

/** The signed-in child's info (shell §6: child users fetch their info from a sub-user endpoint). */
export function getSubUserInfo(client: ApiClient, options?: CallOptions): Promise<UserInfoAnswer> {
  return client.get('V4/permission.get.subUserInfo', undefined, options);
}

/** Ends a parent session: the server revokes the token. */
export function logOut(client: ApiClient): Promise<null> {
  return client.get('sso/V4/logOut');
}

/** Ends a child session through the sub-user endpoint (shell §6). */
export function logOutChild(client: ApiClient): Promise<null> {
  return client.get('sso/V4/subuser/logout');
}
