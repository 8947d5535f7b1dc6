/**
 * Menu layout and module gates from the member console info (shell §4). Pure functions plus the one-time reload
 * when the stored menu type differs.
 */
import type { MemberConsoleInfo } from '../api/endpoints/platform.js';

/** Old or new cloud-speed menu layout. */
export type MenuType = 'old' | 'new';
/** localStorage key of the menu type (shell §4: stored as old or new locally). */
export const MENU_TYPE_KEY = 'menuType';
const RELOADED_FOR_MENU_KEY = 'ec.menu-type-reloaded';

/** Shell §4: 'done' selects the new menu; 'normal' or absent selects the old one. */
export function menuTypeFor(info: Partial<MemberConsoleInfo> | null | undefined): MenuType {
  return info?.version_gray?.status === 'done' ? 'new' : 'old';
}

/** Shell §4: the switch link between layouts shows only when the status is gray or observing. */
export function showsLayoutSwitch(info: Partial<MemberConsoleInfo> | null | undefined): boolean {
  const status = info?.version_gray?.status;
  return status === 'gray' || status === 'observing';
}

/** Optional modules, each hidden when its gate is off or absent (shell §4). */
export interface ModuleGates {
  accessManagement: boolean;
  conditionsMatchEngine: boolean;
  banManage: boolean;
}

/** Shell §4: access-management (subacl), conditions match engine (condition_source), ban manage and record (ban). */
export function moduleGates(info: Partial<MemberConsoleInfo> | null | undefined): ModuleGates {
  return {
    accessManagement: info?.subacl?.status === 'on',
    conditionsMatchEngine: info?.condition_source?.condition_source_view === 'on',
    banManage: info?.ban?.status === 'on',
  };
}

/**
 * Stores the menu type and reloads the page once when it differs from the stored one (shell §4). A guard in
 * sessionStorage makes sure a server that keeps changing its answer cannot loop the page. Returns true when a
 * reload was asked for.
 */
export function syncStoredMenuType(
  wanted: MenuType,
  reload: () => void = () => globalThis.location?.reload(),
  local: Storage | undefined = globalThis.localStorage,
  session: Storage | undefined = globalThis.sessionStorage,
): boolean {
  const stored = local?.getItem(MENU_TYPE_KEY);
  if (stored === wanted) {
    session?.removeItem(RELOADED_FOR_MENU_KEY);
    return false;
  }
  local?.setItem(MENU_TYPE_KEY, wanted);
  if (stored === null || stored === undefined) return false; // First visit: nothing rendered with the other menu yet.
  if (session?.getItem(RELOADED_FOR_MENU_KEY) === wanted) return false;
  session?.setItem(RELOADED_FOR_MENU_KEY, wanted);
  reload();
  return true;
}
