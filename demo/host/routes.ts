/**
 * The demo host's route table: every route of shell §2 in one list. Later issues only plug their element into it;
 * until a route's tag is registered the host treats the route as unavailable.
 *
 * Naming (shell §2 "Route names are built from the product id plus a router key"): the name is the product id
 * (plus `old`/`new` for cloud-speed) followed by the path below the area's base, segments joined with `-`.
 * Parameters are left out, except that a path ending in parameters takes the first one's name, so `meal` and
 * `meal/:id` stay apart (`security-meal`, `security-meal-id`).
 *
 * Path scheme for the two cloud-speed layouts: old-layout routes keep the spec's router keys directly under
 * `/cloud-speed/` (`/cloud-speed/dashboard`, `/cloud-speed/console/:id/waf/:groupId`). New-layout routes sit under
 * their menu group's segment (`/cloud-speed/domain-management/domain-list`); the new routes outside a group or whose
 * keys the old layout uses at top level (dashboard, traffic-detail, logs, logRetrieval) and the layout's default sit
 * under `/cloud-speed/new/`. No group segment is an old-layout key, so both layouts coexist without a clash.
 *
 * Optional parameters: navigo 8 has no optional named parameter (`:id?` still needs the segment, and its `/?` form
 * captures an unnamed value), so `config-view/:id?` is two routes, `config-view` and `config-view/:id`.
 *
 * Texts: every `titleKey`, tab `labelKey` and `menuGroupKey` is a key of the `routes` namespace written with its
 * namespace (`routes:title.security-meal`), so it resolves whichever namespace a translator is fixed to.
 */
import type { Layout, ModuleId, RouteDefinition, RouteGate, RouteTab, RouteView } from './route-types.js';

/** The i18n namespace holding route titles, tab labels, menu group and module labels. */
const NAMESPACE = 'routes';

/** Options of one route while the table is being written; `parent` builds the breadcrumb. */
interface RouteOptions {
  /** Router key when it is not derived from the path (e.g. `/document` is the documents dashboard). */
  key?: string;
  /** Route one level up in the breadcrumb. */
  parent?: string;
  back?: string;
  menu?: boolean;
  /** Menu group id; the label is `routes:group.<id>`. */
  group?: string;
  gate?: RouteGate;
  permission?: 'domainList';
  hidden?: boolean;
  hiddenWhenEmbedded?: boolean;
  remembersPage?: boolean;
}

/** A route as written, before breadcrumbs and tabs are resolved. */
interface Draft {
  route: Omit<RouteDefinition, 'breadcrumb'>;
  parent: string | undefined;
}

/** Where a group of routes lives: module, layout, name prefix, path base and defaults. */
interface Area {
  module: ModuleId;
  layout: Layout;
  prefix: string;
  base: string;
  group?: string;
  gate?: RouteGate;
}

const drafts: Draft[] = [];
const tabsByName = new Map<string, RouteTab[]>();
/** The tab each page with a tab bar highlights: its own, or for a page shown under another tab, that one. */
const activeTabByName = new Map<string, string>();

/** `businessList` -> `business-list`, `WAFAttack` -> `waf-attack`, `configLayer4Rule` -> `config-layer4-rule`. */
function kebab(text: string): string {
  return text
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** Router key of a path below its area's base (see the naming rule above). */
function keyOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  let end = segments.length;
  while (end > 0 && segments[end - 1]!.startsWith(':')) end -= 1;
  const parts = segments.slice(0, end).filter((segment) => !segment.startsWith(':'));
  if (end < segments.length) parts.push(segments[end]!.slice(1));
  return parts.join('-');
}

function element(tag: string, attributes?: Record<string, string>): RouteView {
  return attributes ? { kind: 'element', tag, attributes } : { kind: 'element', tag };
}

function redirect(to: string): RouteView {
  return { kind: 'redirect', to };
}

/** Returns a writer of routes in one area; each call adds a route and returns its name for later references. */
function area(where: Area): (path: string, view: RouteView, options?: RouteOptions) => string {
  return (path, view, options = {}) => {
    const key = options.key ?? keyOf(path);
    const name = [where.prefix, key].filter(Boolean).join('-');
    const route: Omit<RouteDefinition, 'breadcrumb'> = {
      name,
      path: `${where.base}${path ? `/${path}` : ''}`,
      module: where.module,
      layout: where.layout,
      titleKey: `${NAMESPACE}:title.${kebab(name)}`,
      view,
    };
    if (options.back) route.back = options.back;
    if (options.menu) route.menu = true;
    const group = options.group ?? where.group;
    if (group) route.menuGroupKey = `${NAMESPACE}:group.${group}`;
    const gate = options.gate ?? where.gate;
    if (gate) route.gate = gate;
    if (options.permission) route.permission = options.permission;
    if (options.hidden) route.hidden = true;
    if (options.hiddenWhenEmbedded) route.hiddenWhenEmbedded = true;
    if (options.remembersPage) route.remembersPage = true;
    drafts.push({ route, parent: options.parent });
    return name;
  };
}

/**
 * Gives each of `pages` the same tab bar, one tab per page, and the pages of `alsoOn` the same bar with the tab they
 * belong under highlighted (`[page, tab]`). The label is the page's last fixed path segment, so the same tab reads the
 * same in both layouts.
 */
function tabs(pages: string[], alsoOn: [page: string, underTab: string][] = []): void {
  const list = pages.map((page): RouteTab => {
    const draft = drafts.find((candidate) => candidate.route.name === page);
    if (!draft) throw new Error(`tab of an unknown route: ${page}`);
    const fixed = draft.route.path.split('/').filter((segment) => segment && !segment.startsWith(':'));
    return { labelKey: `${NAMESPACE}:tab.${kebab(fixed[fixed.length - 1]!)}`, route: page };
  });
  for (const page of pages) {
    tabsByName.set(page, list);
    activeTabByName.set(page, page);
  }
  for (const [page, underTab] of alsoOn) {
    if (!pages.includes(underTab)) throw new Error(`${page} is shown under ${underTab}, which is not one of the tabs`);
    tabsByName.set(page, list);
    activeTabByName.set(page, underTab);
  }
}

// ── Sign-in (shell §2): host pages, reachable without a session. ──────────────────────────────────────────────
const signIn = area({ module: 'user-center', layout: 'both', prefix: '', base: '' });
const LOGIN = signIn('login', { kind: 'host', page: 'login' });
const LOGIN_CHILD = signIn('login-child/', { kind: 'host', page: 'login-child' });
// Shell §8: code 142005 goes to the access page.
const ACCESS_DENIED = signIn('access-denied', { kind: 'host', page: 'access-denied' });
// Issue 27: the development mail catcher, reachable without a session (a code is read there mid-sign-in).
const MAIL_VIEWER = signIn('mail-viewer', { kind: 'host', page: 'mail-viewer' });

// ── Security module (shell §2, first module). ─────────────────────────────────────────────────────────────────
const security = area({ module: 'security', layout: 'both', prefix: 'security', base: '/security' });
// The security module's packages are the account's plans; a package's detail lists the businesses it serves.
const meal = security('meal', element('ec-packages', { layout: 'security' }), { menu: true });
security('meal/:id', element('ec-packages', { layout: 'security', 'plan-id': ':id' }), { parent: meal, back: meal });
const business = security('business/:id', redirect('security-business-applicationAcceleration'), {
  parent: meal,
  back: meal,
});
// The business opens on acceleration (shell §2), so that tab leads the bar.
const businessPages = [
  // A business of the security module is one of the account's websites (its package's detail lists them by id).
  security('business/:id/applicationAcceleration', element('ec-domain-console', { 'domain-id': ':id' }), {
    parent: business,
    back: meal,
  }),
  security('business/:id/applicationSecurity', element('ec-web-security', { view: 'domain', section: 'application', 'domain-id': ':id' }), {
    parent: business,
    back: meal,
  }),
  security('business/:id/businessSecurity', element('ec-web-security', { view: 'domain', section: 'business', 'domain-id': ':id' }), {
    parent: business,
    back: meal,
  }),
  // Network security: the business's origin-side defences (origin protection, range fetch, health checks), the
  // domain console's origin tab alone.
  security('business/:id/networkSecurity', element('ec-domain-console', { 'domain-id': ':id', tab: 'origin', tabs: 'origin' }), {
    parent: business,
    back: meal,
  }),
];
tabs(businessPages);
const report = security('report', redirect('security-report-cc'), { menu: true });
// The security module's reports are the cloud-speed ones with the module's own links (`layout: 'security'`): its log
// page, and `waf/{id}`, a WAF rule's detail (elements/attack-report/attack-report.tsx says why a rule, not a website).
const reportCc = security('report/cc', element('ec-attack-report', { type: 'cc', layout: 'security' }), { parent: report });
const reportVisit = security('report/visit', element('ec-traffic-report', { type: 'access-analysis' }), { parent: report });
const reportWaf = security('report/waf', element('ec-attack-report', { type: 'waf', layout: 'security' }), { parent: report });
tabs([reportCc, reportVisit, reportWaf]);
security('report/waf/:id', element('ec-attack-report', { type: 'waf', layout: 'security', 'rule-id': ':id' }), {
  parent: reportWaf,
  back: reportWaf,
});
// The security module's logs are the security log types of log retrieval (rules §2), opened on the WAF tab.
security('logs', element('ec-log-retrieval', { 'log-type': 'waf' }), { menu: true });

// ── User center (shell §2). ───────────────────────────────────────────────────────────────────────────────────
const userCenter = area({ module: 'user-center', layout: 'both', prefix: 'user-center', base: '/user-center' });
const accountSafe = userCenter('account-safe', element('ec-user-center', { view: 'account-safe' }), { menu: true, group: 'account-safe' });
// `accountSafe` is the older name of the same page; it stays so links using it keep working.
userCenter('accountSafe', redirect(accountSafe), { parent: accountSafe });
userCenter('basicinfo', element('ec-user-center', { view: 'basic' }), { menu: true, group: 'account-safe', parent: accountSafe });
userCenter('authentication', element('ec-user-center', { view: 'authentication' }), { menu: true, group: 'account-safe', parent: accountSafe });
userCenter('modify', element('ec-user-center', { view: 'password' }), { menu: true, group: 'account-safe', parent: accountSafe });
userCenter('safeConfig', element('ec-user-center', { view: 'safety' }), { menu: true, group: 'account-safe', parent: accountSafe });
userCenter('ipList', element('ec-user-center', { view: 'ip-list' }), { menu: true, group: 'account-safe', parent: accountSafe });
const userLogs = userCenter('logs', redirect('user-center-logs-login'), { menu: true });
tabs([
  userCenter('logs/login', element('ec-user-center', { view: 'login-log' }), { parent: userLogs }),
  userCenter('logs/operation', element('ec-operation-log', { area: 'account' }), { parent: userLogs }),
  // Not in shell §2: the failures the console reported (shell §7 error reporting), next to the account's other logs.
  userCenter('logs/errors', element('ec-error-reports'), { parent: userLogs }),
]);

// ── Documents (shell §2): hidden when embedded; not a sidebar module (the header links to them). ─────────────────
const documents = area({ module: 'document', layout: 'both', prefix: 'document', base: '/document' });
const documentHome = documents('', element('ec-document-dashboard'), { key: 'dashboard', hiddenWhenEmbedded: true });
documents(':aid', element('ec-document-detail', { 'article-id': ':aid' }), {
  parent: documentHome,
  back: documentHome,
  hiddenWhenEmbedded: true,
});

// ── Access management (shell §2), gated by subacl (shell §4). ─────────────────────────────────────────────────
const access = area({
  module: 'access-management',
  layout: 'both',
  prefix: 'access-management',
  base: '/access-management',
  gate: 'accessManagement',
});
// One element, `<ec-access-management>`, shows every page of the area, chosen by its `view` attribute.
const accessPage = (view: string, attributes: Record<string, string> = {}) => element('ec-access-management', { view, ...attributes });
access('overview', accessPage('overview'), { menu: true });
const accounts = access('accounts', accessPage('accounts'), { menu: true });
access('accounts/:id', accessPage('account', { 'account-id': ':id' }), {
  parent: accounts,
  back: accounts,
});
access('access-key/:id', accessPage('keys', { 'account-id': ':id' }), { parent: accounts, back: accounts });
const groups = access('groups', accessPage('groups'), { menu: true });
access('groups/:id', accessPage('group', { 'group-id': ':id' }), { parent: groups, back: groups });
access('groups/setting/:id', accessPage('group-setting', { 'group-id': ':id' }), {
  parent: groups,
  back: groups,
  hidden: true,
});
const privileges = access('privileges', redirect('access-management-privileges-system'), { menu: true });
const systemPolicies = access('privileges/system', accessPage('privileges-system'), {
  parent: privileges,
});
const customPolicies = access('privileges/custom', accessPage('privileges-custom'), {
  parent: privileges,
});
tabs([systemPolicies, customPolicies]);
// A detail segment keeps `privileges/:id` from shadowing `privileges/system` and the other fixed pages.
access('privileges/detail/:id', accessPage('privilege', { privilege: ':id' }), {
  parent: privileges,
  back: privileges,
});
// Custom privileges are the groups' own grants: they are managed on the groups page.
access('privileges/manage', accessPage('groups'), { parent: customPolicies, back: customPolicies });
// The permission page is the simulator: what a sub-account may do, answered by the server's authorization code.
access('privileges/permission', accessPage('simulator'), { parent: privileges, back: privileges });

// ── Access key (shell §2 "Access key: list"). ────────────────────────────────────────────────────────────────
const accessKey = area({ module: 'access-key', layout: 'both', prefix: 'access-key', base: '/access-key' });
accessKey('list', accessPage('keys'), { menu: true });

// ── Message center (shell §2). ────────────────────────────────────────────────────────────────────────────────
const messages = area({ module: 'message-center', layout: 'both', prefix: 'message-center', base: '/message-center' });
const messageList = messages('MessageList', element('ec-message-center', { view: 'messages' }), { menu: true });
messages('MessageList/detail/:id', element('ec-message-center', { view: 'message', 'message-id': ':id' }), {
  parent: messageList,
  back: messageList,
});
messages('NoticeConfig', element('ec-message-center', { view: 'config' }), { menu: true });
messages('PersonManage', element('ec-message-center', { view: 'contacts' }), { menu: true });
const noticeList = messages('notice-list', element('ec-message-center', { view: 'notices' }), { menu: true });
messages('notice-list/detail/:id', element('ec-message-center', { view: 'notice', 'notice-id': ':id' }), {
  parent: noticeList,
  back: noticeList,
});

// ── DNS (shell §2, base cloud-resolving). The package list has a label but no route in the spec. ──────────────
const dns = area({ module: 'cloud-resolving', layout: 'both', prefix: 'cloud-resolving', base: '/cloud-resolving' });
// Shell §6: the pages below domainList carry its permission too, so a deep link cannot bypass it.
const dnsDomains = dns('domainList', element('ec-dns-domains'), {
  menu: true,
  permission: 'domainList',
  remembersPage: true,
});
const underDomainList = { parent: dnsDomains, back: dnsDomains, permission: 'domainList' } as const;
dns('domainList/console/:id/record', element('ec-dns-records', { 'domain-id': ':id' }), underDomainList);
dns('domainList/batch-domain-save', element('ec-dns-domains', { view: 'batch-add' }), underDomainList);
dns('domainList/batch-record-save', element('ec-dns-records', { view: 'batch-add' }), underDomainList);
dns('domainList/importLog', element('ec-dns-records', { view: 'import-log' }), underDomainList);
dns('domainList/statistics', element('ec-dns-domains', { view: 'statistics' }), underDomainList);
dns('domainGroup', element('ec-dns-domains', { view: 'groups' }), { menu: true });
const dnsJobs = dns('jobList', element('ec-dns-jobs'), { menu: true });
dns('jobList/detail-list', element('ec-dns-jobs', { view: 'detail-list' }), { parent: dnsJobs, back: dnsJobs });
dns('operateLog', element('ec-operation-log', { area: 'dns' }), { menu: true });

// ── SDK (taichi-app): the spec gives labels only, so the router keys here are ours. ────────────────────────────
// One element, <ec-sdk>, shows every page by its `view` (each view's code loads when first shown), rather than six
// elements each carrying a copy of the shared parts.
const sdk = area({ module: 'taichi-app', layout: 'both', prefix: 'taichi-app', base: '/taichi-app' });
const sdkBusinesses = sdk('businessList', element('ec-sdk', { view: 'businesses' }), { menu: true });
sdk('businessList/detail/:id', element('ec-sdk', { view: 'business', 'business-id': ':id' }), {
  parent: sdkBusinesses,
  back: sdkBusinesses,
});
sdk('packageList', element('ec-sdk', { view: 'packages' }), { menu: true });
sdk('operateLog', element('ec-operation-log', { area: 'sdk' }), { menu: true });
const sdkReport = sdk('dataReport', redirect('taichi-app-dataReport-cc'), { menu: true });
tabs([
  sdk('dataReport/cc', element('ec-sdk', { view: 'report', type: 'cc' }), { parent: sdkReport }),
  sdk('dataReport/visit', element('ec-sdk', { view: 'report', type: 'visit' }), { parent: sdkReport }),
  sdk('dataReport/waf', element('ec-sdk', { view: 'report', type: 'waf' }), { parent: sdkReport }),
]);
sdk('resourceConfig', element('ec-sdk', { view: 'resource-config' }), { menu: true });
sdk('resourceManage', element('ec-sdk', { view: 'resource-manage' }), { menu: true });

// ── Shared page sets of both cloud-speed layouts. ─────────────────────────────────────────────────────────────
type Writer = ReturnType<typeof area>;

/**
 * The five traffic reports (old statisticsReport, new business-report); returns them in tab order. `attributes` are
 * the layout's own (`layout: 'old'`: drill-down links ask for the old layout's routes).
 */
function trafficReports(write: Writer, base: string, parent: string, attributes: Record<string, string> = {}): string[] {
  return ['wideFlowRange', 'accessAnalysis', 'distributionRequest', 'statusCodeAnalysis', 'hotspotAnalysis'].map((key) =>
    write(`${base}/${key}`, element('ec-traffic-report', { type: kebab(key), ...attributes }), { parent }),
  );
}

/**
 * WAF, CC, precise access control and bot reports with their detail pages; returns the reports in tab order.
 * `attributes` are the layout's own (`layout: 'old'`: links ask for the old layout's routes).
 */
function securityReports(write: Writer, base: string, parent: string, attributes: Record<string, string> = {}): string[] {
  const reports = [
    write(`${base}/WAFAttack`, element('ec-attack-report', { type: 'waf', ...attributes }), { parent }),
    write(`${base}/CCAttack`, element('ec-attack-report', { type: 'cc', ...attributes }), { parent }),
  ];
  const accurate = write(`${base}/AccurateAccessControl`, element('ec-access-control-report', ...(Object.keys(attributes).length > 0 ? [attributes] : [])), { parent });
  write(`${base}/AccurateAccessControl/:id`, element('ec-access-control-detail', { protocol: 'http', 'rule-id': ':id', ...attributes }), {
    parent: accurate,
    back: accurate,
  });
  const bot = write(`${base}/Bot`, element('ec-bot-report', attributes), { parent });
  write(`${base}/Bot/KnowDetail/:id`, element('ec-bot-detail', { kind: 'known', 'bot-id': ':id', ...attributes }), {
    parent: bot,
    back: bot,
  });
  write(`${base}/Bot/UnknowDetail/:id`, element('ec-bot-detail', { kind: 'unknown', 'bot-id': ':id', ...attributes }), {
    parent: bot,
    back: bot,
  });
  // The firewall block lists (shell §7 `firewall.report.block.list` and details, the package variant chosen by type):
  // shell §2 names no page for them; issue 25 lists them among the security reports, so they are two more tabs here,
  // as the work-order pages are pages of the demo host that shell §2 leaves out.
  const blockLists = [
    write(`${base}/FirewallBlockList`, element('ec-attack-report', { type: 'firewall', ...attributes }), { parent }),
    write(`${base}/PackageBlockList`, element('ec-attack-report', { type: 'package', ...attributes }), { parent }),
  ];
  return [...reports, accurate, bot, ...blockLists];
}

/** The layer-4 (TCP) report tabs: old dataReport, new four-layer-agent report. */
function tcpReports(write: Writer, base: string, parent: string): void {
  const pages = [
    write(`${base}/tcpCCAttack`, element('ec-tcp-report', { type: 'cc-attack' }), { parent }),
    write(`${base}/tcpTraffic`, element('ec-tcp-report', { type: 'traffic' }), { parent }),
    write(`${base}/tcpSession`, element('ec-tcp-report', { type: 'session' }), { parent }),
  ];
  const accurate = write(`${base}/accurateAccessControl`, element('ec-tcp-report', { type: 'access-control' }), {
    parent,
  });
  write(`${base}/accurateAccessControl/:id`, element('ec-access-control-detail', { protocol: 'tcp', 'rule-id': ':id' }), {
    parent: accurate,
    back: accurate,
  });
  tabs([...pages, accurate]);
}

/** The task list tabs (batch operations, cache purges, prefetches), each with a detail page. */
function taskLists(write: Writer, base: string, parent: string, layout: 'old' | 'new'): void {
  // The job types are the server's handler names (elements/job-list/job-types.ts); batch operations show every type.
  const kinds = [
    ['operateLogBatch', undefined],
    ['cleanCacheLog', 'cache.purge'],
    ['cachePreheatLog', 'cache.prefetch'],
  ] as const;
  const pages = kinds.map(([key, type]) => {
    // The elements name the detail and list routes of their own layout (elements/cache-task-shared/routes.ts).
    const filter: Record<string, string> = { ...(type ? { type } : {}), ...(layout === 'old' ? { layout } : {}) };
    const page = write(`${base}/${key}`, element('ec-job-list', filter), { parent });
    write(`${base}/${key}/detail/:id`, element('ec-job-detail', { ...filter, 'job-id': ':id' }), { parent: page, back: page });
    return page;
  });
  tabs(pages);
}

/** Log download and log templates. */
function logPages(write: Writer, base: string, parent: string): void {
  tabs([
    write(`${base}/download`, element('ec-log-downloads', { view: 'tasks' }), { parent }),
    write(`${base}/template`, element('ec-log-downloads', { view: 'templates' }), { parent }),
  ]);
}

// ── Cloud-speed, old layout (shell §2). ───────────────────────────────────────────────────────────────────────
const old = area({ module: 'cloud-speed', layout: 'old', prefix: 'cloud-speed-old', base: '/cloud-speed' });
const oldHome = 'cloud-speed-old-dashboard';
// The layout's own path lands on its home page.
old('', redirect(oldHome));
old('dashboard', element('ec-dashboard', { layout: 'old' }), { menu: true });
// Traffic detail (shell §2, issue 25 "traffic detail and business report"): bandwidth and traffic over time with the
// per-bucket table, the report's wide-flow-range view; the other four views are the statistics report's tabs.
old('traffic-detail', element('ec-traffic-report', { type: 'wide-flow-range', layout: 'old' }), { menu: true });
const businessList = old('businessList', element('ec-domain-list', { layout: 'old' }), { menu: true });
const websiteList = old('businessList/websiteList', element('ec-domain-list', { layout: 'old' }), { parent: businessList });
const layer4Rules = old('businessList/configLayer4Rule', element('ec-layer4-rules', { layout: 'old' }), { parent: businessList });
tabs([websiteList, layer4Rules], [[businessList, websiteList]]);
old('configLayer4Rule/:id', element('ec-layer4-rule-detail', { 'rule-id': ':id' }), {
  parent: layer4Rules,
  back: layer4Rules,
});
old('websiteGroup', element('ec-website-groups'), { menu: true });
old('batch-add', element('ec-domain-batch', { mode: 'add', layout: 'old' }), { parent: businessList, back: businessList });
old('batch-delete', element('ec-domain-batch', { mode: 'delete', layout: 'old' }), { parent: businessList, back: businessList });
old('batch-setting', element('ec-domain-batch', { mode: 'setting', layout: 'old' }), { parent: businessList, back: businessList });
// A domain's console opens on its first section.
const domainConsole = old('console/:id', redirect('cloud-speed-old-console-backsource'), {
  parent: businessList,
  back: businessList,
});
const inConsole = { parent: domainConsole, back: businessList };
const consoleSection = (key: string, tag: string, attributes: Record<string, string> = {}): string =>
  old(`console/:id/${key}`, element(tag, { 'domain-id': ':id', ...attributes }), inConsole);
// The old layout's console children open the one domain console on their tab (its other tabs are in its own bar).
const consoleTab = (key: string, tab: string): string => consoleSection(key, 'ec-domain-console', { tab });
// The domain console has its own tab bar (origin, HTTPS, cache, performance, error pages, rewrite, live, view,
// trace), so the host's bar names it once ("Website settings", on backsource) beside the security sections; the
// perform, pages and liveVideo children open the console on their tab and show the same bar.
const consoleSettings = consoleTab('backsource', 'origin');
const consoleTabRoutes = [consoleTab('perform', 'performance'), consoleTab('pages', 'pages'), consoleTab('liveVideo', 'live')];
const consoleSections = [
  consoleSettings,
  consoleSection('applicationSecurity', 'ec-web-security', { view: 'domain', section: 'application' }),
  consoleSection('businessSecurity', 'ec-web-security', { view: 'domain', section: 'business' }),
  consoleSection('waf', 'ec-waf-rules'),
];
tabs(
  consoleSections,
  consoleTabRoutes.map((page): [string, string] => [page, consoleSettings]),
);
const consoleAppSecurity = 'cloud-speed-old-console-applicationSecurity';
const consoleWaf = 'cloud-speed-old-console-waf';
// The rule engine behind the application security cards: the WAF rule sets this domain quotes.
old('console/:id/applicationSecurity/wafRuleEngineDetail', element('ec-waf-rules', { 'domain-id': ':id' }), {
  parent: consoleAppSecurity,
  back: consoleAppSecurity,
});
old('console/:id/waf/:groupId', element('ec-waf-rules', { 'domain-id': ':id', 'group-id': ':groupId' }), {
  parent: consoleWaf,
  back: consoleWaf,
});
const statisticsReport = old('statisticsReport', redirect('cloud-speed-old-statisticsReport-wideFlowRange'), {
  menu: true,
});
// Old statisticsReport is one page, so its traffic and security reports share one tab bar.
tabs([
  ...trafficReports(old, 'statisticsReport', statisticsReport, { layout: 'old' }),
  ...securityReports(old, 'statisticsReport', statisticsReport, { layout: 'old' }),
]);
const preUpdate = old('preUpdate', redirect('cloud-speed-old-preUpdate-cleanCache'), { menu: true });
tabs([
  old('preUpdate/cleanCache', element('ec-cache-purge', { layout: 'old' }), { parent: preUpdate }),
  old('preUpdate/cachePreheat', element('ec-cache-prefetch', { layout: 'old' }), { parent: preUpdate }),
]);
const oldTaskList = old('taskList', redirect('cloud-speed-old-taskList-operateLogBatch'), { menu: true });
taskLists(old, 'taskList', oldTaskList, 'old');
// Cloud-speed's log spans its areas (domain, website-group, job ...), so no area is locked.
old('operateLog', element('ec-operation-log'), { menu: true });
old('certificateList', element('ec-certificates'), { menu: true });
const configTemplates = old('configTemplates', element('ec-acceleration-policy', { view: 'config-templates' }), { menu: true });
old('configTemplates/create', element('ec-acceleration-policy', { view: 'config-template' }), { parent: configTemplates, back: configTemplates });
old('configTemplates/edit/:id', element('ec-acceleration-policy', { view: 'config-template', 'template-id': ':id' }), {
  parent: configTemplates,
  back: configTemplates,
});
const oldWafGroups = old('wafRuleGroup', element('ec-waf-rules'), { menu: true });
old('editWafRuleGroup', element('ec-waf-rules', { view: 'edit' }), { parent: oldWafGroups, back: oldWafGroups });
old('conditions-match-engine', element('ec-conditions-match-engine'), { menu: true, gate: 'conditionsMatchEngine' });
old('packages', element('ec-packages'), { menu: true });
// Shell §6 sends users outside the online edition to a work-order page that shell §2 gives no route; it sits here,
// in the old layout's camelCase, next to the packages page the other notice opens.
const oldWorkOrders = old('workOrder', element('ec-work-orders', { layout: 'old' }), { menu: true });
old('workOrder/create', element('ec-work-orders', { view: 'create', layout: 'old' }), { parent: oldWorkOrders, back: oldWorkOrders });
old('workOrder/create/:feature', element('ec-work-orders', { view: 'create', feature: ':feature', layout: 'old' }), { parent: oldWorkOrders, back: oldWorkOrders });
old('workOrder/detail/:id', element('ec-work-orders', { view: 'detail', 'ticket-id': ':id', layout: 'old' }), { parent: oldWorkOrders, back: oldWorkOrders });
const dataReport = old('dataReport', redirect('cloud-speed-old-dataReport-tcpCCAttack'), { menu: true });
tcpReports(old, 'dataReport', dataReport);
const oldLogs = old('logs', redirect('cloud-speed-old-logs-download'), { menu: true });
logPages(old, 'logs', oldLogs);
old('ipList', element('ec-ip-lists'), { menu: true });
old('logRetrieval', element('ec-log-retrieval'), { menu: true });

// ── Cloud-speed, new layout (shell §2). ───────────────────────────────────────────────────────────────────────
const newLayout = (base: string, prefix: string, group?: string): Writer =>
  area({ module: 'cloud-speed', layout: 'new', prefix: `cloud-speed-new${prefix}`, base: `/cloud-speed${base}`, ...(group ? { group } : {}) });
const fresh = newLayout('/new', '');
const newHome = 'cloud-speed-new-domain-management-domain-list';
// Shell §2: the new layout's default redirects to domain management.
fresh('', redirect(newHome));
fresh('dashboard', element('ec-dashboard'), { menu: true });
fresh('traffic-detail', element('ec-traffic-report', { type: 'wide-flow-range' }), { menu: true });

const analytics = newLayout('/data-analytics', '-data-analytics', 'data-analytics');
const businessReport = analytics(
  'business-report',
  redirect('cloud-speed-new-data-analytics-business-report-wideFlowRange'),
  { menu: true },
);
tabs(trafficReports(analytics, 'business-report', businessReport));
const securityReport = analytics('security-report', redirect('cloud-speed-new-data-analytics-security-report-WAFAttack'), {
  menu: true,
});
tabs(securityReports(analytics, 'security-report', securityReport));

const domains = newLayout('/domain-management', '-domain-management', 'domain-management');
const domainList = domains('domain-list', element('ec-domain-list'), { menu: true });
const inDomains = { parent: domainList, back: domainList };
domains('website-group', element('ec-website-groups'), { menu: true });
domains('batch-delete', element('ec-domain-batch', { mode: 'delete' }), inDomains);
domains('source-station/:id', element('ec-domain-console', { 'domain-id': ':id', tab: 'origin' }), inDomains);
// `config-view/:id?`: without an id there is no domain to show; the domain list is where one is picked.
domains('config-view', redirect('cloud-speed-new-domain-management-domain-list'), inDomains);
domains('config-view/:id', element('ec-domain-console', { 'domain-id': ':id', tab: 'config' }), inDomains);
domains('batch-setting', element('ec-domain-batch', { mode: 'setting' }), inDomains);
domains('add-domain', element('ec-domain-list', { view: 'add' }), inDomains);
domains('packages', element('ec-packages'), { menu: true });
// The new layout's work-order page (shell §6; no route in shell §2), kebab-case next to the packages page the other
// notice opens: the notice's WORK_ORDER_ROUTE (core/config/plan-gating.ts) is its form.
const newWorkOrders = domains('work-order', element('ec-work-orders'), { menu: true });
domains('work-order/create', element('ec-work-orders', { view: 'create' }), { parent: newWorkOrders, back: newWorkOrders });
domains('work-order/create/:feature', element('ec-work-orders', { view: 'create', feature: ':feature' }), { parent: newWorkOrders, back: newWorkOrders });
domains('work-order/detail/:id', element('ec-work-orders', { view: 'detail', 'ticket-id': ':id' }), { parent: newWorkOrders, back: newWorkOrders });

newLayout('/ssl-tls', '', 'ssl-tls')('', element('ec-certificates'), { key: 'ssl-tls', menu: true });

const speed = newLayout('/speed-network', '-speed-network', 'speed-network');
const acceleration = speed('domain-acceleration', redirect('cloud-speed-new-speed-network-domain-acceleration-global'), {
  menu: true,
});
const accelerationGlobal = speed('domain-acceleration/global', element('ec-acceleration-policy', { view: 'global' }), {
  parent: acceleration,
});
const accelerationTemplates = speed('domain-acceleration/tpl', element('ec-acceleration-policy', { view: 'templates' }), {
  parent: acceleration,
});
tabs([accelerationGlobal, accelerationTemplates]);
speed('domain-acceleration/add-tpl', element('ec-acceleration-policy', { view: 'template' }), {
  parent: accelerationTemplates,
  back: accelerationTemplates,
});
speed('domain-acceleration/console/:id', element('ec-domain-console', { 'domain-id': ':id', tab: 'cache' }), {
  parent: accelerationGlobal,
  back: accelerationGlobal,
});
speed('clean-cache', element('ec-cache-purge'), { menu: true });
speed('cache-preheat', element('ec-cache-prefetch'), { menu: true });

const safety = newLayout('/safety-protection', '-safety-protection', 'safety-protection');
const webSecurity = safety('web-security', redirect('cloud-speed-new-safety-protection-web-security-global-domain-config'), {
  menu: true,
});
const [globalConfig, onlyConfig, moreConfig] = ['global-domain-config', 'only-domain-config', 'more-domain-config'].map(
  (view) => safety(`web-security/${view}`, element('ec-web-security', { view }), { parent: webSecurity }),
) as [string, string, string];
tabs([globalConfig, onlyConfig, moreConfig]);
safety('web-security/domain-batch-config', element('ec-web-security', { view: 'domain-batch-config' }), { parent: moreConfig, back: moreConfig });
safety('web-security/add-tpl', element('ec-web-security', { view: 'add-tpl' }), { parent: moreConfig, back: moreConfig });
const businessParams = { 'business-id': ':businessId', 'business-name': ':businessName' };
safety(
  'web-security/template-strategy-manage/:businessId/:businessName',
  element('ec-web-security', { view: 'strategy', scope: 'template', ...businessParams }),
  { parent: moreConfig, back: moreConfig },
);
safety(
  'web-security/domain-strategy-manage/:businessId/:businessName',
  element('ec-web-security', { view: 'strategy', scope: 'domain', ...businessParams }),
  { parent: onlyConfig, back: onlyConfig },
);
const wafOfBusiness = safety('web-security/waf-rule/:businessId', element('ec-waf-rules', { 'business-id': ':businessId' }), {
  parent: globalConfig,
  back: globalConfig,
});
safety('web-security/global-domain-manager/:businessId', element('ec-web-security', { view: 'strategy', scope: 'global', 'business-id': ':businessId' }), {
  parent: globalConfig,
  back: globalConfig,
});
safety(
  'web-security/waf/:businessId/:groupId/:businessName',
  element('ec-waf-rules', { ...businessParams, 'group-id': ':groupId' }),
  { parent: wafOfBusiness, back: wafOfBusiness },
);
const newWafGroups = safety('rule-management/wafRuleGroup', element('ec-waf-rules'), { menu: true });
safety('rule-management/editWafRuleGroup', element('ec-waf-rules', { view: 'edit' }), {
  parent: newWafGroups,
  back: newWafGroups,
});
safety('rule-management/conditions-matchEngine', element('ec-conditions-match-engine'), {
  menu: true,
  gate: 'conditionsMatchEngine',
});
safety('rule-management/ip-list', element('ec-ip-lists'), { menu: true });
const banManage = safety('banManage', element('ec-ban-manager'), { menu: true, gate: 'banManage' });
// Shell §4 hides ban record from the sidebar with ban manage, so it is a menu entry of its own.
safety('banManage/banRecord', element('ec-ban-manager', { view: 'records' }), {
  menu: true,
  gate: 'banManage',
  parent: banManage,
  back: banManage,
});

const layer4 = newLayout('/four-layer-agent', '-four-layer-agent', 'four-layer-agent');
const proxies = layer4('list', element('ec-layer4-rules'), { menu: true });
layer4('console/:id', element('ec-layer4-rule-detail', { 'rule-id': ':id' }), { parent: proxies, back: proxies });
const tcpReport = layer4('report', redirect('cloud-speed-new-four-layer-agent-report-tcpCCAttack'), { menu: true });
tcpReports(layer4, 'report', tcpReport);

const newLogs = fresh('logs', redirect('cloud-speed-new-logs-download'), { menu: true, group: 'logs' });
logPages(fresh, 'logs', newLogs);
fresh('logRetrieval', element('ec-log-retrieval'), { menu: true, group: 'logs' });

const audit = newLayout('/operation-audit', '-operation-audit', 'operation-audit');
const newTaskList = audit('taskList', redirect('cloud-speed-new-operation-audit-taskList-operateLogBatch'), {
  menu: true,
});
taskLists(audit, 'taskList', newTaskList, 'new');
audit('operateLog', element('ec-operation-log'), { menu: true });

// ── The finished table. ───────────────────────────────────────────────────────────────────────────────────────
const draftsByName = new Map(drafts.map((draft) => [draft.route.name, draft]));

function breadcrumbOf(name: string): string[] {
  const trail: string[] = [];
  for (let at: string | undefined = name; at !== undefined; at = draftsByName.get(at)?.parent) {
    if (trail.includes(at)) throw new Error(`breadcrumb cycle at ${at}`);
    trail.unshift(at);
  }
  return trail;
}

/** Every route of shell §2, sign-in pages first. */
export const ROUTES: readonly RouteDefinition[] = Object.freeze(
  drafts.map(({ route }): RouteDefinition => {
    const tabList = tabsByName.get(route.name);
    const activeTab = activeTabByName.get(route.name);
    return { ...route, breadcrumb: breadcrumbOf(route.name), ...(tabList ? { tabs: tabList } : {}), ...(activeTab ? { activeTab } : {}) };
  }),
);

const byName = new Map(ROUTES.map((route) => [route.name, route]));

/** Shell §1: the default console home is the cloud-speed console; in the old layout that is its dashboard. */
export const HOME_ROUTE_OLD: string = oldHome;

/** Shell §2: the new layout's default redirects to domain management's domain list. */
export const HOME_ROUTE_NEW: string = newHome;

/**
 * The host's own pages reachable without a session: sign-in (shell §2 Sign-in), the access page of shell §8 code
 * 142005, and the mail viewer (issue 27).
 */
export const SIGN_IN_ROUTES: readonly string[] = Object.freeze([LOGIN, LOGIN_CHILD, ACCESS_DENIED, MAIL_VIEWER]);

/** The route with this name, or undefined. */
export function findRoute(name: string): RouteDefinition | undefined {
  return byName.get(name);
}

/** Routes of a module shown in the given cloud-speed layout ('both' routes belong to either layout). */
export function routesOfModule(module: ModuleId, layout: Layout): RouteDefinition[] {
  return ROUTES.filter(
    (route) => route.module === module && (layout === 'both' || route.layout === 'both' || route.layout === layout),
  );
}
