/**
 * The shape of the demo host's route table (shell §2). One table holds every route; a route whose feature element
 * does not exist yet is unavailable: left out of the menu and treated as unknown (redirect home).
 */

/** Sidebar modules of shell §1, plus the documents and security areas. */
export type ModuleId =
  | 'security'
  | 'cloud-speed'
  | 'cloud-resolving'
  | 'taichi-app'
  | 'user-center'
  | 'message-center'
  | 'access-management'
  | 'access-key'
  | 'document';

/** Which cloud-speed layout a route belongs to (shell §2); 'both' for routes outside cloud-speed. */
export type Layout = 'old' | 'new' | 'both';

/** A gate of the member console info (shell §4) that hides a route when off or absent. */
export type RouteGate = 'accessManagement' | 'conditionsMatchEngine' | 'banManage';

/** A tab of a page: a label key and the route it shows. */
export interface RouteTab {
  /** Key in the `host` namespace. */
  labelKey: string;
  /** Route name the tab opens. */
  route: string;
}

/** What a route renders. */
export type RouteView =
  /** A feature element, by tag, with attributes; `:param` values are filled from the route parameters. */
  | { kind: 'element'; tag: string; attributes?: Record<string, string> }
  /** Redirect to another route (shell §2 "redirects to"). */
  | { kind: 'redirect'; to: string }
  /** A page of the host itself (sign-in pages). */
  | { kind: 'host'; page: 'login' | 'login-child' | 'access-denied' | 'mail-viewer' };

/** One route of shell §2. */
export interface RouteDefinition {
  /** Product id plus router key (shell §2), e.g. `cloud-resolving-domainList`. Unique. */
  name: string;
  /** Path under the console base, navigo syntax, e.g. `/cloud-resolving/domainList/console/:id/record`. */
  path: string;
  module: ModuleId;
  layout: Layout;
  /** Title key in the `host` namespace, e.g. `route.cloud-resolving-domain-list`. */
  titleKey: string;
  /** Breadcrumb: route names from the top, ending with this route. */
  breadcrumb: string[];
  /** Route name of the back link, if the page has one. */
  back?: string;
  tabs?: RouteTab[];
  /** The tab of `tabs` this page highlights (a page shown under another page's tab names that one). */
  activeTab?: string;
  view: RouteView;
  /** Shown as a sidebar entry (of its module and layout) when available. */
  menu?: boolean;
  /** Menu group key in the `host` namespace (new layout groups: data-analytics, domain-management...). */
  menuGroupKey?: string;
  gate?: RouteGate;
  /** Shell §6: DNS domainList needs the domainList permission. */
  permission?: 'domainList';
  /** Shell §2: documents are hidden when embedded. */
  hiddenWhenEmbedded?: boolean;
  /** Shell §2: some routes are hidden from the menu (groups/setting/:id). */
  hidden?: boolean;
  /** Remembers its page (shell §2 domainList). */
  remembersPage?: boolean;
}
