/**
 * How core asks for a page change. The demo host installs its router here; an element on a plain page falls back
 * to a full page load. Paths are console paths (`/login`, `/domain-management/domain-list`), joined to the console
 * base (`/console` standalone; the host decides for hash mode).
 */

/** A navigation request: a console path, and whether the page must reload. */
export type NavigationHandler = (path: string, options: { replace?: boolean; reload?: boolean }) => void;

import { CONSOLE_BASE } from '../config/console-base.js';

export { CONSOLE_BASE };

let handler: NavigationHandler = (path, options) => {
  const url = `${CONSOLE_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (options.replace) globalThis.location?.replace(url);
  else globalThis.location?.assign(url);
};

/** Installs the host's router. Returns a function restoring the previous handler. */
export function setNavigationHandler(next: NavigationHandler): () => void {
  const previous = handler;
  handler = next;
  return () => {
    handler = previous;
  };
}

/** Asks for a console path. */
export function navigateTo(path: string, options: { replace?: boolean; reload?: boolean } = {}): void {
  handler(path, options);
}

/** The current console path (without the base), from the host's location. */
export function currentConsolePath(loc: Pick<Location, 'pathname' | 'search' | 'hash'> | undefined = globalThis.location): string {
  if (!loc) return '/';
  if (loc.hash.startsWith('#/')) return loc.hash.slice(1);
  const path = loc.pathname.startsWith(CONSOLE_BASE) ? loc.pathname.slice(CONSOLE_BASE.length) || '/' : loc.pathname;
  return `${path}${loc.search}`;
}
