/**
 * Whether a route can be shown now (shell §2, §4, §6): its feature element exists, its gate is open, it is not a
 * documents page when embedded, and a child account may see its module; and when not, why (issue 19: a page that
 * cannot be shown says so instead of sending the user home).
 */
import { documentationLinksVisible } from '../../core/config/oem.js';
import { runMode } from '../../core/config/run-mode.js';
import { accessLevel } from '../../core/session/caller-grants.js';
import { loginType } from '../../core/session/session.js';
import { hostHasElement } from './elements.js';
import { oemHidesMenuEntry, oemHidesModule } from './oem-settings.js';
import { callerGrants, gates } from './host-store.js';
import type { ModuleId, RouteDefinition } from './route-types.js';
import { findRoute } from './routes.js';

/** Shell §4: child users see only account security, cloud-speed and cloud-resolving. */
export const CHILD_MODULES: readonly ModuleId[] = ['user-center', 'cloud-speed', 'cloud-resolving'];
/** The one user-center page a child sees (account security). */
export const CHILD_USER_CENTER_ROUTE = 'user-center-account-safe';

/** Whether the host ships the route's feature element (loaded on first visit; later issues plug theirs in). */
export function elementExists(route: RouteDefinition): boolean {
  return route.view.kind !== 'element' || hostHasElement(route.view.tag);
}

/**
 * What a route is for this user now: `open`; `forbidden` when the account may not use its module (a child outside
 * shell §4's modules), said as such rather than hidden, so a shared link explains itself; `unavailable` when the page
 * is not in this console (its element is not built, its member console gate is off, documents when embedded).
 * A redirect is what the route it leads to is, unless its own gates say otherwise.
 */
export type RouteAccess = 'open' | 'forbidden' | 'unavailable';

/** The access rule of shell §2, §4 and §6 for one route. */
export function routeAccess(route: RouteDefinition, seen: Set<string> = new Set()): RouteAccess {
  if (route.view.kind === 'host') return 'open';
  const own = gateAccess(route);
  if (own !== 'open') return own;
  if (route.view.kind === 'redirect') {
    if (seen.has(route.name)) return 'unavailable';
    seen.add(route.name);
    const target = findRoute(route.view.to);
    return target ? routeAccess(target, seen) : 'unavailable';
  }
  return elementExists(route) ? 'open' : 'unavailable';
}

/** Whether the route can be shown now (menus list only these). */
export function isRouteAvailable(route: RouteDefinition): boolean {
  return routeAccess(route) === 'open';
}

/** The child account's module limits first (a child never learns what is built elsewhere), then gates and embedding. */
function gateAccess(route: RouteDefinition): RouteAccess {
  if (loginType.value === 'child') {
    // The documentation centre is no sidebar module (the header links to it): shell §4's limit on a child's modules
    // does not reach the product's own documentation, which every user may read.
    if (!CHILD_MODULES.includes(route.module) && route.module !== 'document') return 'forbidden';
    if (route.module === 'user-center' && route.name !== CHILD_USER_CENTER_ROUTE) return 'forbidden';
    // Shell §6: DNS domainList needs the domainList permission, the group's grant of the dns module (rules §6, issue 26;
    // demo/server/features/dns/access.ts). Until the grants are read the page opens and the server decides.
    if (route.permission === 'domainList' && callerGrants.value && accessLevel(callerGrants.value, 'dns') === 'none') return 'forbidden';
  }
  if (route.hiddenWhenEmbedded && runMode.value === 'embedded') return 'unavailable';
  if (route.gate && !gates.value[route.gate]) return 'unavailable';
  // OEM module settings (oem-settings.ts): a hidden module or menu entry is not in this console; the documentation
  // centre goes with the documentation links (shell §1: hidden under OEM).
  if (route.module === 'document' && !documentationLinksVisible.value) return 'unavailable';
  if (oemHidesModule(route.module) || oemHidesMenuEntry(route.module, route.name)) return 'unavailable';
  return 'open';
}
