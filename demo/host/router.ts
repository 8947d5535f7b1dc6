/**
 * The host router (shell §1, §2): navigo in history mode under /console standalone, hash mode when embedded.
 * Resolves a location to a route of the table and follows redirects; a route that cannot be shown is resolved with
 * the reason (its page says it), and only a path that is no route at all goes home (shell §2).
 */
import { signal } from '@preact/signals-react';
import Navigo from 'navigo';
import { CONSOLE_BASE } from '../../core/session/navigation.js';
import type { RouteAccess } from './availability.js';
import type { RouteDefinition } from './route-types.js';

/** The resolved location. */
export interface RouteState {
  route: RouteDefinition;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Why the route cannot be shown (its page says so); absent when it can. */
  blocked?: Exclude<RouteAccess, 'open'>;
}

/** The current route (host-level signal). */
export const currentRoute = signal<RouteState | null>(null);

/** Fills `:param` placeholders (and drops an optional `?` marker). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)\??/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** What the router needs to decide about routes. */
export interface RouterOptions {
  mode: 'history' | 'hash';
  routes: readonly RouteDefinition[];
  /** Whether a route can be shown now (its element exists, its gate is open...), and if not, why. */
  access: (route: RouteDefinition) => RouteAccess;
  /** The home route's name for the current layout. */
  homeRoute: () => string;
}

/** The host router. */
export interface HostRouter {
  /** Goes to a console path (`/cloud-resolving/domainList`). */
  navigatePath(path: string, options?: { replace?: boolean }): void;
  /** Goes to a route by name with parameters. */
  /** Goes to a route; `query` is the target page's view (URL query text, as its element reports it). */
  navigateRoute(name: string, params?: Record<string, string | number>, options?: { replace?: boolean; query?: string }): void;
  /** The console path of a route, for links. */
  pathOf(name: string, params?: Record<string, string | number>): string;
  /** The href of a route in this router's mode. */
  hrefOf(name: string, params?: Record<string, string | number>): string;
  /** Re-resolves the current location (after sign-in or a gate change). */
  refresh(): void;
  /**
   * Writes the current page's query (an element's bookmarkable view, `ec-view-state`) into the address without
   * a new history entry and without resolving the route again.
   */
  replaceQuery(query: string): void;
  destroy(): void;
}

/** Creates and starts the router. */
export function createHostRouter(options: RouterOptions): HostRouter {
  const byName = new Map(options.routes.map((route) => [route.name, route]));
  const hash = options.mode === 'hash';
  const navigo = new Navigo(hash ? '/' : CONSOLE_BASE, { hash, noMatchWarning: true, strategy: 'ONE' });

  const pathOf = (name: string, params: Record<string, string | number> = {}) => {
    const route = byName.get(name);
    return route ? fillPath(route.path, params) : '/';
  };

  const goHome = () => navigo.navigate(pathOf(options.homeRoute()), { historyAPIMethod: 'replaceState' });

  const show = (route: RouteDefinition, params: Record<string, string>, query: Record<string, string>) => {
    if (route.view.kind === 'redirect') {
      navigo.navigate(pathOf(route.view.to, params), { historyAPIMethod: 'replaceState' });
      return;
    }
    const access = options.access(route);
    currentRoute.value = access === 'open' ? { route, params, query } : { route, params, query, blocked: access };
  };

  // More specific paths first, so `/a/:id` never shadows `/a/new`.
  const ordered = [...options.routes].sort((a, b) => specificity(b.path) - specificity(a.path));
  for (const route of ordered) {
    navigo.on(route.path, (match) => show(route, match?.data ?? {}, parseQuery(match?.queryString ?? '')));
  }
  navigo.on('/', () => goHome());
  navigo.notFound(() => goHome());
  navigo.resolve();

  return {
    navigatePath: (path, navigateOptions = {}) =>
      navigo.navigate(path, navigateOptions.replace ? { historyAPIMethod: 'replaceState' } : {}),
    navigateRoute: (name, params, navigateOptions = {}) => {
      const path = pathOf(name, params);
      navigo.navigate(navigateOptions.query ? `${path}?${navigateOptions.query}` : path, navigateOptions.replace ? { historyAPIMethod: 'replaceState' } : {});
    },
    pathOf,
    hrefOf: (name, params) => (hash ? `#${pathOf(name, params)}` : `${CONSOLE_BASE}${pathOf(name, params)}`),
    refresh: () => {
      // navigo skips handlers for the location it already resolved, so match it again and call the handler.
      const location = navigo.getCurrentLocation();
      const url = `${location.url}${location.queryString ? `?${location.queryString}` : ''}`;
      const [match] = navigo.match(url) || [];
      if (match) match.route.handler(match);
      else goHome();
    },
    replaceQuery: (query) => {
      const location = navigo.getCurrentLocation();
      const path = `/${location.url.replace(/^\/+/, '')}`;
      navigo.navigate(`${path}${query ? `?${query}` : ''}`, { callHandler: false, historyAPIMethod: 'replaceState' });
    },
    destroy: () => navigo.destroy(),
  };
}

function specificity(path: string): number {
  const segments = path.split('/').filter(Boolean);
  return segments.length * 10 - segments.filter((segment) => segment.startsWith(':')).length;
}

function parseQuery(queryString: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(queryString));
}
