/**
 * The sidebar (shell §1, §4): modules in their fixed order, each with the available menu routes of the current
 * layout, grouped where the layout groups them; the layout switch link only when gray or observing.
 *
 * Every product the account has stays in the sidebar (shell §1 names the product switcher's choices as those "present
 * in the sidebar"), but only the product being used is open: the cloud-speed menu alone is over twenty entries, and an
 * SDK page whose own menu sat below it, off screen, read as a console without an SDK menu. The other products'
 * titles are buttons that open their menus, and stay open once opened.
 */
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../../core/ui/element-context.js';
import type { ModuleId, RouteDefinition } from '../route-types.js';
import { preloadElement } from '../elements.js';
import { oemModuleTitle } from '../oem-settings.js';

/** Shell §1 sidebar module order (documents and security follow). */
export const MODULE_ORDER: readonly ModuleId[] = [
  'cloud-resolving',
  'cloud-speed',
  'taichi-app',
  'security',
  'user-center',
  'message-center',
  'access-management',
  'access-key',
  'document',
];

/** One module's menu. */
export interface SidebarModule {
  module: ModuleId;
  entries: { route: RouteDefinition; groupKey?: string }[];
}

/** Props of the sidebar. */
export interface SidebarProps {
  modules: readonly SidebarModule[];
  activeRoute: string | null;
  hrefOf: (name: string) => string;
  onNavigate: (name: string) => void;
  switchLink: { visible: boolean; toNew: boolean };
  onSwitchLayout: () => void;
  /** Modules shown as titles that open their menu (the products not in use). */
  collapsible: readonly ModuleId[];
  /** The product in use: its menu is open. */
  openProduct: ModuleId | null;
}

/**
 * Modules the user opened or closed by their title; this wins over the default (only the product in use open). Kept
 * for the page's life, not the sidebar's: a page shown without the sidebar must not close what the user opened.
 */
const toggledModules = signal<ReadonlyMap<ModuleId, boolean>>(new Map());

function preloadRoute(route: RouteDefinition): void {
  if (route.view.kind === 'element') preloadElement(route.view.tag);
}

/** The console sidebar. */
export function Sidebar({ modules, activeRoute, hrefOf, onNavigate, switchLink, onSwitchLayout, collapsible, openProduct }: SidebarProps) {
  useSignals();
  const t = useT('host');
  const tRoutes = useT('routes');
  const isOpen = (module: ModuleId) => !collapsible.includes(module) || (toggledModules.value.get(module) ?? module === openProduct);

  const link = (route: RouteDefinition) => (
    <li key={route.name}>
      <a
        href={hrefOf(route.name)}
        className={route.name === activeRoute ? 'ec-nav-link ec-nav-link-active' : 'ec-nav-link'}
        aria-current={route.name === activeRoute ? 'page' : undefined}
        // The element behind a link the pointer or the keyboard rests on is fetched before the click.
        onMouseEnter={() => preloadRoute(route)}
        onFocus={() => preloadRoute(route)}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onNavigate(route.name);
        }}
      >
        {tRoutes(route.titleKey.replace(/^routes:/, ''))}
      </a>
    </li>
  );

  return (
    <nav className="ec-sidebar" aria-label={t('sidebar.label')} part="sidebar">
      {modules.map(({ module, entries }) => {
        const groups: { key: string | undefined; routes: RouteDefinition[] }[] = [];
        for (const entry of entries) {
          const last = groups[groups.length - 1];
          if (last && last.key === entry.groupKey) last.routes.push(entry.route);
          else groups.push({ key: entry.groupKey, routes: [entry.route] });
        }
        const title = oemModuleTitle(module) ?? tRoutes(`module.${module}`);
        const open = isOpen(module);
        return (
          <section key={module} className="ec-sidebar-module" aria-labelledby={`module-${module}`}>
            <h2 id={`module-${module}`} className="ec-sidebar-module-title">
              {collapsible.includes(module) ? (
                <button
                  type="button"
                  className="ec-sidebar-module-toggle"
                  aria-expanded={open}
                  aria-controls={`module-menu-${module}`}
                  onClick={() => (toggledModules.value = new Map(toggledModules.value).set(module, !open))}
                >
                  <span className={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'} aria-hidden="true" />
                  {title}
                </button>
              ) : (
                title
              )}
            </h2>
            <div id={`module-menu-${module}`} hidden={!open}>
            {open && groups.map((group, index) =>
              group.key ? (
                <div key={`${group.key}-${index}`} className="ec-sidebar-group">
                  <h3 className="ec-sidebar-group-title">{tRoutes(group.key.replace(/^routes:/, ''))}</h3>
                  <ul>{group.routes.map(link)}</ul>
                </div>
              ) : (
                <ul key={`plain-${index}`}>{group.routes.map(link)}</ul>
              ),
            )}
            </div>
          </section>
        );
      })}
      {switchLink.visible ? (
        <button type="button" className="ec-sidebar-switch p-button p-button-text" onClick={onSwitchLayout}>
          {switchLink.toNew ? t('sidebar.switch-to-new') : t('sidebar.switch-to-old')}
        </button>
      ) : null}
    </nav>
  );
}
