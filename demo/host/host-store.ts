/**
 * What the shell knows about the signed-in account: user info, member console info (menu and gates), plan
 * actions, and the unread message count. Loaded after sign-in; the sidebar and the route availability read it.
 */
import { computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { logOut, logOutChild } from '../../core/api/endpoints/auth.js';
import { getMemberConsoleInfo, getPlanActions, type MemberConsoleInfo, type ModuleGrant, type PlanActionsAnswer } from '../../core/api/endpoints/platform.js';
import { menuTypeFor, moduleGates, showsLayoutSwitch, syncStoredMenuType, MENU_TYPE_KEY, type MenuType } from '../../core/config/member-console.js';
import { applyUser, finishLogout, loginType } from '../../core/session/session.js';
import { readCallerGrants } from '../../core/session/caller-grants.js';
import { readSessionUser } from '../../core/session/session-user.js';

/** Member console info, once loaded. */
export const memberInfo = signal<MemberConsoleInfo | null>(null);
/** Plan actions and package options, once loaded. */
export const planActions = signal<PlanActionsAnswer | null>(null);
/** Whether the account data has loaded (or failed) after sign-in. */
export const accountLoaded = signal(false);

function storedMenuType(): MenuType {
  try {
    return globalThis.localStorage?.getItem(MENU_TYPE_KEY) === 'new' ? 'new' : 'old';
  } catch {
    return 'old';
  }
}

/** The menu layout in use: the stored one (shell §4 reloads when the server's differs). */
export const menuType = signal<MenuType>(storedMenuType());
/**
 * The caller's module grants (rules §6), for the routes that need one (shell §6: DNS domainList needs the domainList
 * permission); null until read, or when they could not be (then the pages open and their calls are refused).
 */
export const callerGrants = signal<ModuleGrant[] | null>(null);

/** Module gates of shell §4. */
export const gates = computed(() => moduleGates(memberInfo.value));
/** Whether the layout switch link shows (shell §4). */
export const layoutSwitchVisible = computed(() => showsLayoutSwitch(memberInfo.value));

/**
 * Loads the account after sign-in or on start with a stored token: user info (the sub-user endpoint for children,
 * iam path when embedded, single sign-on path standalone; shell §6, §7), member console info and plan actions.
 * Applies the menu type rule of shell §4 (reload once when the stored type differs); the choice of gray or observing
 * users is theirs (the switch link), so it is left alone.
 */
export async function loadAccount(client: ApiClient): Promise<void> {
  const [user, info, actions, grants] = await Promise.allSettled([
    readSessionUser(client),
    getMemberConsoleInfo(client),
    getPlanActions(client),
    readCallerGrants(client),
  ]);
  if (user.status === 'fulfilled') applyUser(user.value.user_raw);
  callerGrants.value = grants.status === 'fulfilled' ? grants.value : null;
  if (info.status === 'fulfilled') {
    memberInfo.value = info.value;
    if (!showsLayoutSwitch(info.value)) {
      const wanted = menuTypeFor(info.value);
      if (syncStoredMenuType(wanted)) return; // The page reloads with the right menu.
      menuType.value = wanted;
    }
  }
  if (actions.status === 'fulfilled') planActions.value = actions.value;
  accountLoaded.value = true;
}

/** The layout switch link (gray or observing users only): store the other layout and reload. */
export function switchLayout(): void {
  const next: MenuType = menuType.value === 'new' ? 'old' : 'new';
  try {
    globalThis.localStorage?.setItem(MENU_TYPE_KEY, next);
  } catch {
    // Without storage the switch lasts for this page.
  }
  menuType.value = next;
}

/** Logout (shell §4, §6): the parent or sub-user endpoint, then clear the session and go to the right sign-in. */
export async function logout(client: ApiClient): Promise<void> {
  try {
    await (loginType.value === 'child' ? logOutChild(client) : logOut(client));
  } catch {
    // The session is cleared locally whatever the server said: signing out must always work.
  }
  memberInfo.value = null;
  callerGrants.value = null;
  planActions.value = null;
  accountLoaded.value = false;
  finishLogout();
}
