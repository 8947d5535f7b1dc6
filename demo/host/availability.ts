/**
 * Whether a route can be shown now (shell §2, §4, §6): its feature element exists, its gate is open, it is not a
 * documents page when embedded, and a child account may see its module.
 */
import { runMode } from '../../core/config/run-mode.js';
import { loginType } from '../../core/session/session.js';
import { hostHasElement } from './elements.js';
import { gates } from './host-store.js';
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

/** The full availability rule. A redirect is available when the route it leads to is. */
export function isRouteAvailable(route: RouteDefinition, seen: Set<string> = new Set()): boolean {
  if (route.view.kind === 'host') return true;
  if (route.view.kind === 'redirect') {
    if (seen.has(route.name)) return false;
    seen.add(route.name);
    const target = findRoute(route.view.to);
    return target !== undefined && isRouteAvailable(target, seen) && passesGates(route);
  }
  if (!elementExists(route)) return false;
  return passesGates(route);
}

/** Embedding, member console gates and the child account's module limits (shell §2, §4). */
function passesGates(route: RouteDefinition): boolean {
  if (route.hiddenWhenEmbedded && runMode.value === 'embedded') return false;
  if (route.gate && !gates.value[route.gate]) return false;
  if (loginType.value === 'child') {
    if (!CHILD_MODULES.includes(route.module)) return false;
    if (route.module === 'user-center' && route.name !== CHILD_USER_CENTER_ROUTE) return false;
  }
  return true;
}
