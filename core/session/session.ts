/**
 * The session (shell §3, §4, §6; DESIGN §2): token, current user, login type, expiry and the cross-tab account
 * check. The token lives where the provider portal keeps it (`x-token` in localStorage) so embedded elements share
 * the portal's session; it is never an attribute.
 */
import { computed, signal } from '@preact/signals-react';
import type { UserRaw } from '../api/endpoints/auth.js';
import { providerLoginUrl, runMode } from '../config/run-mode.js';
import { pageEventTarget } from './element-hosts.js';
import { currentConsolePath, navigateTo } from './navigation.js';

/** The user-info answer's `user_raw` (shell §3), defined once with the endpoint. */
export type { UserRaw };

/** The fields of a user the session needs; tests and partial answers may leave the others out. */
export type SessionUser = Pick<UserRaw, 'id'> & Partial<UserRaw>;

/** Parent (main) or child (sub) account (shell §4: stored, derived from account_type). */
export type LoginType = 'parent' | 'child';

/** Storage keys shared with the portal. */
export const TOKEN_KEY = 'x-token';
export const USER_ID_KEY = 'userId';
export const LOGIN_TYPE_KEY = 'loginType';
export const MEMBER_ID_KEY = 'memberId';
/** sessionStorage key holding the path to restore after sign-in (shell §2, §8). */
export const RETURN_PATH_KEY = 'ec.return-path';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    return undefined;
  }
}

function read(key: string, kind: 'localStorage' | 'sessionStorage' = 'localStorage'): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, kind: 'localStorage' | 'sessionStorage' = 'localStorage'): void {
  try {
    if (value === null) storage(kind)?.removeItem(key);
    else storage(kind)?.setItem(key, value);
  } catch {
    // Unavailable storage (sandboxed frame, private mode): the session then lasts for this page only.
  }
}

/** The session token (global signal). */
export const sessionToken = signal<string | null>(read(TOKEN_KEY));
/** The signed-in user, once user info has loaded. */
export const currentUser = signal<SessionUser | null>(null);
/** Parent or child, from account_type, remembered across reloads. */
export const loginType = signal<LoginType>(read(LOGIN_TYPE_KEY) === 'child' ? 'child' : 'parent');
/** Set when another tab signed in as someone else (shell §4); the host shows the warning dialog. */
export const accountChange = signal<{ previousUserId: string; nextUserId: string | null } | null>(null);
/** sessionStorage flag: the session expired, so the sign-in page (often after a reload) can say why. */
export const EXPIRED_FLAG_KEY = 'ec.session-expired';
/** True once the session has expired, until the next sign-in; survives the reload to the sign-in page. */
export const sessionExpired = signal(read(EXPIRED_FLAG_KEY, 'sessionStorage') === '1');
/** Whether a session token is present. */
export const isSignedIn = computed(() => Boolean(sessionToken.value));

/** Shell §3: 2 means child. */
export function loginTypeOf(user: Pick<SessionUser, 'account_type'>): LoginType {
  return user.account_type === 2 ? 'child' : 'parent';
}

/** Shell §3: user_name, falling back to name, then email. */
export function userDisplayName(user: SessionUser): string {
  return user.user_name || user.name || user.email || '';
}

/** Shell §1, §6: the header shows the e-mail for a parent and the user_name for a child. */
export function headerName(user: SessionUser): string {
  return loginTypeOf(user) === 'child' ? userDisplayName(user) : user.email || userDisplayName(user);
}

let knownUserId: string | null = read(USER_ID_KEY);

/**
 * A token handed over from outside: the `token` property of an element, or another tab's sign-in. A new token
 * ends the signed-out state; the user info is reloaded by whoever needs it.
 */
export function adoptToken(token: string | null): void {
  sessionToken.value = token || null;
  if (token) {
    sessionExpired.value = false;
    signedOutUnhandled.value = false;
  }
}

/** Records a successful sign-in: token, user id, login type and member id (for the child sign-in page). */
export function startSession(token: string, user: SessionUser): void {
  write(TOKEN_KEY, token);
  sessionToken.value = token;
  applyUser(user);
  sessionExpired.value = false;
  signedOutUnhandled.value = false;
  write(EXPIRED_FLAG_KEY, null, 'sessionStorage');
}

/** Records the user info answer (also after a reload, when the token was already there). */
export function applyUser(user: SessionUser): void {
  const type = loginTypeOf(user);
  knownUserId = String(user.id);
  write(USER_ID_KEY, knownUserId);
  write(LOGIN_TYPE_KEY, type);
  if (user.member_id !== undefined) write(MEMBER_ID_KEY, String(user.member_id));
  currentUser.value = user;
  loginType.value = type;
}

/** Clears token and user id; keeps the login type and member id so the right sign-in page can be chosen. */
export function clearSession(): void {
  write(TOKEN_KEY, null);
  write(USER_ID_KEY, null);
  knownUserId = null;
  sessionToken.value = null;
  currentUser.value = null;
}

/** The sign-in page for the current login type: /login, or /login-child/ with member_id in the hash query. */
export function signInPath(type: LoginType = loginType.value): string {
  if (type === 'child') {
    const memberId = read(MEMBER_ID_KEY);
    return memberId ? `/login-child/#/?member_id=${encodeURIComponent(memberId)}` : '/login-child/';
  }
  return '/login';
}

/**
 * Set when an expiry was announced with `ec-unauthorized` and no host took it over (nobody called
 * preventDefault()): every element then shows a translated "signed out" notice above its content, which stays as
 * it was (forms and drafts kept), until a session comes back (a sign-in in another tab, or the `token` property).
 */
export const signedOutUnhandled = signal(false);

/**
 * Code 16149 (shell §8). An element is a guest on its page (DESIGN §2): it never changes the page's location. It
 * sends a cancelable `ec-unauthorized` from the element whose call met the expiry (`origin`; else the page's first
 * element). A host that takes over calls preventDefault() and signs the user in its own way: the demo host applies
 * shell §8 through `expireToSignIn`, a portal opens its own sign-in. When nobody does, the elements show the
 * signed-out notice. The token is cleared either way; the login type and member id stay, to choose the sign-in page.
 */
export function handleSessionExpired(origin?: EventTarget): void {
  if (sessionExpired.value && !sessionToken.value) return; // Several calls can fail at once; react once.
  sessionExpired.value = true;
  write(EXPIRED_FLAG_KEY, '1', 'sessionStorage');
  const returnPath = currentConsolePath();
  clearSession();
  const target = origin ?? pageEventTarget();
  const event = new CustomEvent('ec-unauthorized', {
    detail: { reason: 'expired' as const, returnPath },
    bubbles: true,
    composed: true,
    cancelable: true,
  });
  const unhandled = target ? target.dispatchEvent(event) : true;
  signedOutUnhandled.value = unhandled;
}

/**
 * The demo host's answer to `ec-unauthorized` (shell §8). Embedded: the provider's sign-in. Standalone: keep the
 * path, go to the sign-in page. Shell §8 names /login; a child account goes to the child sign-in page with its
 * member_id instead (shell §4 sends children there on logout, and /login cannot sign a child in). Only the page's
 * owner calls this: it changes the location.
 */
export function expireToSignIn(returnPath: string): void {
  if (runMode.value === 'embedded') {
    globalThis.location?.assign(providerLoginUrl.value);
    return;
  }
  rememberReturnPath(returnPath);
  navigateTo(signInPath(loginType.value), { replace: true });
}

/** Keeps a console path to return to after sign-in (a protected page opened without a session). */
export function rememberReturnPath(path: string): void {
  if (!path.startsWith('/login')) write(RETURN_PATH_KEY, path, 'sessionStorage');
}

/** The path saved at expiry, removed once read (shell §2: restored after login). */
export function consumeReturnPath(): string | null {
  const path = read(RETURN_PATH_KEY, 'sessionStorage');
  write(RETURN_PATH_KEY, null, 'sessionStorage');
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** Logout (shell §4): clears the session and goes to /login, or the child sign-in page with member_id. */
export function finishLogout(): void {
  const type = loginType.value;
  clearSession();
  navigateTo(signInPath(type), { replace: true });
}

/**
 * Shell §4: when the stored user id changes in another tab, raise the warning dialog. Returns the unsubscribe
 * function. Token changes in other tabs are followed silently (same user, new token).
 */
export function watchAccountChanges(win: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY) adoptToken(event.newValue);
    if (event.key !== USER_ID_KEY && event.key !== null) return;
    const next = event.key === null ? null : event.newValue;
    if (knownUserId !== null && next !== knownUserId) {
      accountChange.value = { previousUserId: knownUserId, nextUserId: next };
    }
  };
  win.addEventListener('storage', onStorage as EventListener);
  return () => win.removeEventListener('storage', onStorage as EventListener);
}

/**
 * The dialog's answer (shell §4). Confirm reloads (a child goes to user-center); cancel goes to sign-in (or the
 * child sign-in with member_id).
 */
export function resolveAccountChange(confirmed: boolean, reload: () => void = () => globalThis.location?.reload()): void {
  const type = loginType.value;
  accountChange.value = null;
  if (confirmed) {
    if (type === 'child') navigateTo('/user-center/account-safe', { reload: true });
    else reload();
    return;
  }
  clearSession();
  navigateTo(signInPath(type), { replace: true });
}
