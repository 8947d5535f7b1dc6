/**
 * The signed-in user's info (edition flag, login type, member id), read once per page and session and shared by
 * every element and the demo host (issue 17): on a partner's page nobody else loads it, and without it a plan notice
 * cannot tell the online edition (upgrade page) from the others (work order, shell §6). An element added later
 * reuses the answer; another token reads again (core/api/shared-reads.ts).
 */
import type { ApiClient, CallOptions } from '../api/client.js';
import { getSubUserInfo, getUserInfo, type UserInfoAnswer } from '../api/endpoints/auth.js';
import { readShared } from '../api/shared-reads.js';
import { runMode } from '../config/run-mode.js';
import { applyUser, currentUser, loginType, sessionToken } from './session.js';

/** The user info of the session: the sub-user endpoint for children, iam or single sign-on for parents (shell §6, §7). */
export function readSessionUser(client: ApiClient, options?: CallOptions): Promise<UserInfoAnswer> {
  const child = loginType.value === 'child';
  const path = child ? 'session-user:child' : `session-user:${runMode.value}`;
  return readShared(client, path, () => (child ? getSubUserInfo(client, options) : getUserInfo(client, runMode.value, options)), 'page');
}

/**
 * Loads the user info when a session exists and nobody has yet; silent on failure: the element's own calls report
 * an expired session or an unreachable server, and until the info arrives a plan notice offers the work order.
 */
export function ensureSessionUser(client: ApiClient): void {
  if (currentUser.value || !sessionToken.value) return;
  readSessionUser(client, { notify: false }).then(
    (answer) => {
      if (!currentUser.value && sessionToken.value) applyUser(answer.user_raw);
    },
    () => undefined,
  );
}
