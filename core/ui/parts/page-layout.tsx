/**
 * The page frame of shell §2 "Page layout: breadcrumb, optional back link, title, tabs". Its links follow the
 * element's `route-mode` and ask the host with `ec-navigate` (./nav-link.tsx): only the host knows its router.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../element-context.js';
import { NavLink, type NavTarget } from './nav-link.js';

/** Where a link leads: a route name of the host and its parameters (the `ec-navigate` detail). */
export type NavigationTarget = NavTarget;

/** One breadcrumb step; without a `route` it is plain text (the current page, or a group without a page). */
export interface BreadcrumbItem {
  /** Translated text. */
  label: string;
  /** Route name sent with `ec-navigate` when clicked. */
  route?: string;
  /** Route parameters. */
  params?: Record<string, string | number>;
}

/** One tab of the page's tab bar. */
export interface PageTab {
  /** Stable key, usually the child route name. */
  key: string;
  /** Translated text. */
  label: string;
}

/** Props of {@link PageLayout}. */
export interface PageLayoutProps {
  /** Page title, shown as the page heading. */
  title: string;
  /** Breadcrumb trail, first to last; the last item is the current page. */
  breadcrumb?: readonly BreadcrumbItem[];
  /** Back link target ("detail pages often carry a back target", shell §2); no link when absent. */
  back?: NavigationTarget;
  /** Tabs under the title; no tab bar when absent or empty. */
  tabs?: readonly PageTab[];
  /** Key of the selected tab. */
  activeTab?: string;
  /** Called with the key of the tab the user picks (click, Enter or Space). */
  onTabChange?: (key: string) => void;
  /** Page content; inside a tab panel when there are tabs. */
  children?: ReactNode;
}

/**
 * Breadcrumb, back link, title, tabs and content. Exposes `part="breadcrumb"`, `part="title"` and `part="tabs"`.
 * Tabs follow the WAI-ARIA tabs pattern with manual activation: arrows, Home and End move focus, Enter or Space
 * selects, so moving through the tabs does not change routes on every key press.
 */
export function PageLayout({ title, breadcrumb, back, tabs, activeTab, onTabChange, children }: PageLayoutProps) {
  const t = useT('common');
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const hasTabs = tabs !== undefined && tabs.length > 0;
  const selectedIndex = hasTabs ? Math.max(0, tabs.findIndex((tab) => tab.key === activeTab)) : -1;
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = `${baseId}-panel`;
  const titleId = `${baseId}-title`;

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (!tabs) return;
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
  };

  return (
    <div className="ec-page">
      <div className="ec-page-header">
        {breadcrumb && breadcrumb.length > 0 && (
          <nav part="breadcrumb" className="ec-breadcrumb" aria-label={t('parts.breadcrumb.label')}>
            <ol>
              {breadcrumb.map((item, index) => {
                const current = index === breadcrumb.length - 1;
                const route = item.route;
                return (
                  <li key={`${index}-${item.label}`}>
                    {route && !current ? (
                      <NavLink route={route} params={item.params}>
                        {item.label}
                      </NavLink>
                    ) : (
                      <span aria-current={current ? 'page' : undefined}>{item.label}</span>
                    )}
                  </li>
                );
              })}
            </ol>
          </nav>
        )}
        <div className="ec-row">
          {back && (
            <NavLink route={back.route} params={back.params} icon="pi pi-arrow-left" className="ec-back-link" part="back">
              {t('action.back')}
            </NavLink>
          )}
          <h2 id={titleId} className="ec-page-title" part="title">
            {title}
          </h2>
        </div>
      </div>
      {hasTabs && (
        <div role="tablist" part="tabs" className="ec-tabs" aria-labelledby={titleId}>
          {tabs.map((tab, index) => {
            const selected = index === selectedIndex;
            return (
              <button
                key={tab.key}
                ref={(node) => {
                  tabRefs.current[index] = node;
                }}
                id={tabId(index)}
                type="button"
                role="tab"
                className="ec-tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                onKeyDown={(event) => onTabKeyDown(event, index)}
                onClick={() => {
                  if (!selected) onTabChange?.(tab.key);
                }}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      )}
      {hasTabs ? (
        <div role="tabpanel" id={panelId} className="ec-tab-panel" aria-labelledby={tabId(selectedIndex)}>
          {children}
        </div>
      ) : (
        children
      )}
    </div>
  );
}
