/**
 * The page frame of shell §2 "Page layout: breadcrumb, optional back link, title, tabs". Its links follow the
 * element's `route-mode` and ask the host with `ec-navigate` (./nav-link.tsx): only the host knows its router.
 */
import { useId, type ReactNode } from 'react';
import { useT } from '../element-context.js';
import { NavLink, type NavTarget } from './nav-link.js';
import { TabBar, tabPanelProps, type TabBarItem } from './tab-bar.js';

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
export type PageTab = TabBarItem;

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
 * Breadcrumb, back link, title, tabs (./tab-bar.tsx) and content. Exposes `part="breadcrumb"`, `part="title"` and
 * `part="tabs"`.
 */
export function PageLayout({ title, breadcrumb, back, tabs, activeTab, onTabChange, children }: PageLayoutProps) {
  const t = useT('common');
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const hasTabs = tabs !== undefined && tabs.length > 0;

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
      {hasTabs && <TabBar tabs={tabs} activeTab={activeTab} onTabChange={onTabChange} baseId={baseId} labelledBy={titleId} />}
      {hasTabs ? (
        <div {...tabPanelProps(baseId, tabs, activeTab)} className="ec-tab-panel">
          {children}
        </div>
      ) : (
        children
      )}
    </div>
  );
}
