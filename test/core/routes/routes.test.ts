import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Navigo from 'navigo';
import enRoutes from '../../../core/i18n/locales/en_US/routes.json';
import zhRoutes from '../../../core/i18n/locales/zh_CN/routes.json';
import { hasTranslation, loadCatalogues, translator } from '../../../core/i18n/i18n.js';
import type { Layout, ModuleId, RouteDefinition } from '../../../demo/host/route-types.js';
import {
  findRoute,
  HOME_ROUTE_NEW,
  HOME_ROUTE_OLD,
  ROUTES,
  routesOfModule,
  SIGN_IN_ROUTES,
} from '../../../demo/host/routes.js';
import { hostHasElement } from '../../../demo/host/elements.js';
import '../../../core/i18n/namespaces/routes.js';
import '../../../core/i18n/namespaces/host.js';

// Catalogues load on demand (core/i18n/catalogues.ts); these tests translate synchronously.
for (const language of ['zh_CN', 'en_US'] as const) await loadCatalogues(language, ['routes', 'host', 'common']);

const MODULES: ModuleId[] = [
  'security',
  'cloud-speed',
  'cloud-resolving',
  'taichi-app',
  'user-center',
  'message-center',
  'access-management',
  'access-key',
  'document',
];

const NAMESPACE_PREFIX = 'routes:';

/** Flattens a nested catalogue into dotted keys. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function paramsOf(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

function route(name: string): RouteDefinition {
  const found = findRoute(name);
  assert.ok(found, `route ${name} exists`);
  return found;
}

/** Every route name another route points at, with what points at it. */
function references(): { from: RouteDefinition; to: string; kind: string }[] {
  return ROUTES.flatMap((from) => [
    ...from.breadcrumb.map((to) => ({ from, to, kind: 'breadcrumb' })),
    ...(from.back ? [{ from, to: from.back, kind: 'back' }] : []),
    ...(from.tabs ?? []).map((tab) => ({ from, to: tab.route, kind: 'tab' })),
    ...(from.view.kind === 'redirect' ? [{ from, to: from.view.to, kind: 'redirect' }] : []),
  ]);
}

/** The element or host page a route ends on after its redirects. */
function resolve(start: RouteDefinition): RouteDefinition {
  const seen = new Set<string>();
  let at = start;
  while (at.view.kind === 'redirect') {
    assert.ok(!seen.has(at.name), `redirect cycle through ${at.name}`);
    seen.add(at.name);
    at = route(at.view.to);
  }
  return at;
}

/** Whether a route of this module and layout has the spec key as the end of its path. */
function hasKey(module: ModuleId, layout: Layout, key: string): boolean {
  const base = module === 'document' ? '/document' : `/${module}`;
  return ROUTES.some(
    (candidate) =>
      candidate.module === module &&
      candidate.layout === layout &&
      (key === '' ? candidate.path === base : candidate.path.endsWith(`/${key}`)),
  );
}

function assertKeys(module: ModuleId, layout: Layout, keys: string[]): void {
  const missing = keys.filter((key) => !hasKey(module, layout, key));
  assert.deepEqual(missing, [], `${module} (${layout}) routes of shell §2 missing from the table`);
}

describe('shell §2 route table: names and paths', () => {
  it('every route name is unique', () => {
    const names = ROUTES.map((candidate) => candidate.name);
    assert.equal(new Set(names).size, names.length);
  });

  it('every name is built from its product id plus a router key (cloud-speed adds its layout)', () => {
    for (const candidate of ROUTES) {
      if (SIGN_IN_ROUTES.includes(candidate.name)) continue;
      const product = candidate.module === 'cloud-speed' ? `cloud-speed-${candidate.layout}` : candidate.module;
      assert.ok(
        candidate.name === product || candidate.name.startsWith(`${product}-`),
        `${candidate.name} starts with ${product}`,
      );
    }
  });

  it('every path is unique and starts below the console base with its module', () => {
    const paths = ROUTES.map((candidate) => candidate.path);
    assert.equal(new Set(paths).size, paths.length);
    for (const candidate of ROUTES) {
      assert.match(candidate.path, /^\//, candidate.name);
      if (SIGN_IN_ROUTES.includes(candidate.name)) continue;
      assert.ok(
        candidate.path === `/${candidate.module}` || candidate.path.startsWith(`/${candidate.module}/`),
        `${candidate.name}: ${candidate.path} is under /${candidate.module}`,
      );
    }
  });

  it('no route path is shadowed by another route in navigo 8 (a parameter never swallows a fixed page)', () => {
    const router = new Navigo('/', { noMatchWarning: true });
    for (const page of ROUTES) {
      const matches = ROUTES.filter((candidate) => router.matchLocation(candidate.path, page.path) !== false);
      assert.deepEqual(
        matches.map((candidate) => candidate.name),
        [page.name],
        `${page.path} is matched only by its own route`,
      );
    }
  });

  it('old and new cloud-speed layouts never share a path prefix of the other (shell §2 two layouts)', () => {
    const oldTop = new Set(
      ROUTES.filter((candidate) => candidate.layout === 'old').map((candidate) => candidate.path.split('/')[2]),
    );
    for (const candidate of ROUTES.filter((entry) => entry.layout === 'new')) {
      assert.ok(!oldTop.has(candidate.path.split('/')[2]), `${candidate.path} does not start like an old-layout path`);
    }
  });

  it('layouts: cloud-speed routes are old or new, every other route belongs to both', () => {
    for (const candidate of ROUTES) {
      if (candidate.module === 'cloud-speed') assert.notEqual(candidate.layout, 'both', candidate.name);
      else assert.equal(candidate.layout, 'both', candidate.name);
    }
  });

  it('optional config-view/:id? is two routes, since navigo 8 has no optional named parameter', () => {
    const router = new Navigo('/', { noMatchWarning: true });
    const base = '/cloud-speed/domain-management/config-view';
    assert.equal(route('cloud-speed-new-domain-management-config-view').path, base);
    assert.equal(route('cloud-speed-new-domain-management-config-view-id').path, `${base}/:id`);
    assert.equal(router.matchLocation(`${base}/:id?`, base), false, 'navigo does not make :id? optional');
    const match = router.matchLocation(`${base}/:id`, `${base}/42`);
    assert.ok(match && match.data?.['id'] === '42');
  });
});

describe('shell §2 route table: breadcrumbs, back links, tabs and redirects', () => {
  it('every breadcrumb entry, back target, tab route and redirect target names an existing route', () => {
    for (const { from, to, kind } of references()) {
      assert.ok(findRoute(to), `${kind} of ${from.name} names ${to}`);
    }
  });

  it('every breadcrumb runs from the top and ends with the route itself', () => {
    for (const candidate of ROUTES) {
      assert.equal(candidate.breadcrumb.at(-1), candidate.name);
      assert.equal(new Set(candidate.breadcrumb).size, candidate.breadcrumb.length, candidate.name);
      for (const step of candidate.breadcrumb) {
        const parent = route(step);
        assert.deepEqual(candidate.breadcrumb.slice(0, parent.breadcrumb.length), parent.breadcrumb, candidate.name);
      }
    }
  });

  it('every link target can be built from the current route parameters', () => {
    for (const { from, to, kind } of references()) {
      const available = new Set(paramsOf(from.path));
      for (const needed of paramsOf(route(to).path)) {
        assert.ok(available.has(needed), `${kind} ${to} of ${from.name} needs :${needed}`);
      }
    }
  });

  it('element attributes use only parameters of their own path', () => {
    for (const candidate of ROUTES) {
      if (candidate.view.kind !== 'element') continue;
      assert.match(candidate.view.tag, /^ec-[a-z0-9]+(-[a-z0-9]+)*$/, candidate.name);
      const params = new Set(paramsOf(candidate.path));
      for (const [attribute, value] of Object.entries(candidate.view.attributes ?? {})) {
        assert.match(attribute, /^[a-z]+(-[a-z]+)*$/, `${candidate.name} attribute ${attribute}`);
        for (const [, name] of value.matchAll(/:(\w+)/g)) {
          assert.ok(params.has(name!), `${candidate.name} ${attribute}=":${name}" is a path parameter`);
        }
      }
    }
  });

  it('no redirect cycles: every redirect ends on an element or a host page', () => {
    for (const candidate of ROUTES) assert.notEqual(resolve(candidate).view.kind, 'redirect');
  });

  it('the shell §2 "redirects to" routes redirect where the spec says', () => {
    const expected: Record<string, string> = {
      'security-business-id': 'security-business-applicationAcceleration',
      'security-report': 'security-report-cc',
      'user-center-logs': 'user-center-logs-login',
      'cloud-speed-new': 'cloud-speed-new-domain-management-domain-list',
    };
    for (const [from, to] of Object.entries(expected)) {
      assert.deepEqual(route(from).view, { kind: 'redirect', to }, from);
    }
  });

  it('a page made of tabs redirects to its first tab (statisticsReport, preUpdate, taskList, dataReport, logs...)', () => {
    const expected: Record<string, string> = {
      'cloud-speed-old-statisticsReport': 'cloud-speed-old-statisticsReport-wideFlowRange',
      'cloud-speed-old-preUpdate': 'cloud-speed-old-preUpdate-cleanCache',
      'cloud-speed-old-taskList': 'cloud-speed-old-taskList-operateLogBatch',
      'cloud-speed-old-dataReport': 'cloud-speed-old-dataReport-tcpCCAttack',
      'cloud-speed-old-logs': 'cloud-speed-old-logs-download',
      'cloud-speed-new-data-analytics-business-report': 'cloud-speed-new-data-analytics-business-report-wideFlowRange',
      'cloud-speed-new-data-analytics-security-report': 'cloud-speed-new-data-analytics-security-report-WAFAttack',
      'cloud-speed-new-four-layer-agent-report': 'cloud-speed-new-four-layer-agent-report-tcpCCAttack',
      'cloud-speed-new-operation-audit-taskList': 'cloud-speed-new-operation-audit-taskList-operateLogBatch',
      'cloud-speed-new-logs': 'cloud-speed-new-logs-download',
    };
    for (const [from, to] of Object.entries(expected)) {
      assert.deepEqual(route(from).view, { kind: 'redirect', to }, from);
    }
    for (const candidate of ROUTES) {
      if (candidate.view.kind !== 'redirect') continue;
      const target = route(candidate.view.to);
      if (target.tabs && target.breadcrumb.includes(candidate.name)) {
        assert.equal(target.name, target.tabs[0]!.route, `${candidate.name} opens its first tab`);
      }
    }
  });

  it('business children go back to meal; access-key/:id goes back to accounts (shell §2)', () => {
    for (const child of ['applicationSecurity', 'applicationAcceleration', 'businessSecurity', 'networkSecurity']) {
      assert.equal(route(`security-business-${child}`).back, 'security-meal', child);
    }
    assert.equal(route('access-management-access-key-id').back, 'access-management-accounts');
  });

  it('every detail page (a path with a parameter) has a back link', () => {
    for (const candidate of ROUTES) {
      if (candidate.view.kind === 'redirect' || paramsOf(candidate.path).length === 0) continue;
      assert.ok(candidate.back, `${candidate.name} has a back link`);
    }
  });

  it('every tab bar lists pages that show the same bar, so switching tabs keeps it', () => {
    for (const candidate of ROUTES) {
      for (const tab of candidate.tabs ?? []) {
        assert.deepEqual(route(tab.route).tabs, candidate.tabs, `${tab.route} shares the tabs of ${candidate.name}`);
      }
    }
  });

  it('every page with a tab bar highlights one of its tabs: its own, or the tab it is shown under', () => {
    for (const candidate of ROUTES) {
      if (!candidate.tabs) continue;
      assert.ok(candidate.tabs.some((tab) => tab.route === candidate.activeTab), `${candidate.name} highlights one of its tabs`);
    }
    // The old layout's console children open the domain console on a tab of its own bar: the host's bar keeps
    // "Website settings" (backsource) highlighted for them.
    for (const child of ['perform', 'pages', 'liveVideo']) {
      assert.equal(route(`cloud-speed-old-console-${child}`).activeTab, 'cloud-speed-old-console-backsource', child);
    }
    assert.equal(route('cloud-speed-old-businessList').activeTab, 'cloud-speed-old-businessList-websiteList');
  });

  it('tabbed pages of shell §2 carry their tabs', () => {
    const tabbed: Record<string, string[]> = {
      'security-report-cc': ['cc', 'visit', 'waf'],
      // The error reports (shell §7 error reporting) join the account's logs as a third tab (issue 17).
      'user-center-logs-login': ['login', 'operation', 'errors'],
      'cloud-speed-new-data-analytics-business-report-wideFlowRange': [
        'wideFlowRange',
        'accessAnalysis',
        'distributionRequest',
        'statusCodeAnalysis',
        'hotspotAnalysis',
      ],
      // The firewall block lists (shell §7 `firewall.report.*`) join the security reports as two more tabs (issue 25).
      'cloud-speed-new-data-analytics-security-report-WAFAttack': ['WAFAttack', 'CCAttack', 'AccurateAccessControl', 'Bot', 'FirewallBlockList', 'PackageBlockList'],
      'cloud-speed-old-taskList-operateLogBatch': ['operateLogBatch', 'cleanCacheLog', 'cachePreheatLog'],
      'cloud-speed-new-operation-audit-taskList-operateLogBatch': ['operateLogBatch', 'cleanCacheLog', 'cachePreheatLog'],
      'cloud-speed-old-preUpdate-cleanCache': ['cleanCache', 'cachePreheat'],
      'cloud-speed-new-four-layer-agent-report-tcpCCAttack': ['tcpCCAttack', 'tcpTraffic', 'tcpSession', 'accurateAccessControl'],
      'cloud-speed-old-dataReport-tcpCCAttack': ['tcpCCAttack', 'tcpTraffic', 'tcpSession', 'accurateAccessControl'],
      'cloud-speed-old-logs-download': ['download', 'template'],
      'cloud-speed-new-speed-network-domain-acceleration-global': ['global', 'tpl'],
    };
    for (const [page, keys] of Object.entries(tabbed)) {
      const tabs = route(page).tabs ?? [];
      assert.deepEqual(
        tabs.map((tab) => tab.route.slice(tab.route.lastIndexOf('-') + 1)),
        keys,
        `${page} tabs`,
      );
    }
    const statistics = route('cloud-speed-old-statisticsReport-wideFlowRange').tabs ?? [];
    assert.equal(statistics.length, 11, 'old statisticsReport: five traffic, four security and two block list tabs');
  });
});

describe('shell §2 route table: every route of the spec is present', () => {
  it('sign-in: /login, /login-child/, the access page of shell §8 code 142005 and the mail viewer (issue 27)', () => {
    assert.deepEqual([...SIGN_IN_ROUTES], ['login', 'login-child', 'access-denied', 'mail-viewer']);
    assert.deepEqual(route('mail-viewer').view, { kind: 'host', page: 'mail-viewer' });
    assert.deepEqual(route('login').view, { kind: 'host', page: 'login' });
    assert.equal(route('login').path, '/login');
    assert.deepEqual(route('login-child').view, { kind: 'host', page: 'login-child' });
    assert.equal(route('login-child').path, '/login-child/');
    assert.deepEqual(route('access-denied').view, { kind: 'host', page: 'access-denied' });
    for (const name of SIGN_IN_ROUTES) {
      assert.equal(route(name).module, 'user-center');
      assert.equal(route(name).layout, 'both');
      assert.deepEqual(route(name).breadcrumb, [name]);
    }
  });

  it('security module', () => {
    assertKeys('security', 'both', [
      'meal',
      'business/:id',
      'business/:id/applicationSecurity',
      'business/:id/applicationAcceleration',
      'business/:id/businessSecurity',
      'business/:id/networkSecurity',
      'meal/:id',
      'report',
      'report/cc',
      'report/visit',
      'report/waf',
      'report/waf/:id',
      'logs',
    ]);
  });

  it('user center', () => {
    assertKeys('user-center', 'both', [
      'account-safe',
      'logs',
      'logs/login',
      'logs/operation',
      'basicinfo',
      'authentication',
      'modify',
      'safeConfig',
      'ipList',
      'accountSafe',
    ]);
  });

  it('documents: /document and /document/{aid}, hidden when embedded', () => {
    assertKeys('document', 'both', ['', ':aid']);
    for (const candidate of routesOfModule('document', 'both')) assert.equal(candidate.hiddenWhenEmbedded, true);
  });

  it('access management and access key', () => {
    assertKeys('access-management', 'both', [
      'overview',
      'accounts',
      'access-key/:id',
      'groups',
      'groups/setting/:id',
      'privileges',
      'privileges/system',
      'privileges/custom',
      'privileges/manage',
      'privileges/permission',
      'accounts/:id',
      'groups/:id',
    ]);
    assert.ok(
      ROUTES.some((candidate) => /^\/access-management\/privileges\/.*:id$/.test(candidate.path)),
      'a privileges page with an id',
    );
    assertKeys('access-key', 'both', ['list']);
  });

  it('message center', () => {
    assertKeys('message-center', 'both', [
      'MessageList',
      'MessageList/detail/:id',
      'NoticeConfig',
      'PersonManage',
      'notice-list',
      'notice-list/detail/:id',
    ]);
  });

  it('DNS (cloud-resolving)', () => {
    assertKeys('cloud-resolving', 'both', [
      'domainList',
      'domainList/console/:id/record',
      'domainList/batch-domain-save',
      'domainList/batch-record-save',
      'domainList/importLog',
      'domainList/statistics',
      'domainGroup',
      'jobList',
      'jobList/detail-list',
      'operateLog',
    ]);
  });

  it('SDK (taichi-app): one route per label of the spec', () => {
    // Business list, business detail, package list, operation logs, data reports (CC, visit, WAF), resource
    // configuration, resource management.
    assertKeys('taichi-app', 'both', [
      'businessList',
      'businessList/detail/:id',
      'packageList',
      'operateLog',
      'dataReport/cc',
      'dataReport/visit',
      'dataReport/waf',
      'resourceConfig',
      'resourceManage',
    ]);
  });

  it('cloud-speed, old layout', () => {
    const statistics = [
      'wideFlowRange',
      'accessAnalysis',
      'distributionRequest',
      'statusCodeAnalysis',
      'hotspotAnalysis',
      'WAFAttack',
      'CCAttack',
      'AccurateAccessControl',
      'AccurateAccessControl/:id',
      'Bot',
      'Bot/KnowDetail/:id',
      'Bot/UnknowDetail/:id',
    ];
    assertKeys('cloud-speed', 'old', [
      'dashboard',
      'traffic-detail',
      'businessList',
      'businessList/websiteList',
      'businessList/configLayer4Rule',
      'configLayer4Rule/:id',
      'websiteGroup',
      'batch-add',
      'batch-delete',
      'batch-setting',
      'console/:id',
      ...['backsource', 'perform', 'pages', 'applicationSecurity', 'applicationSecurity/wafRuleEngineDetail'].map(
        (key) => `console/:id/${key}`,
      ),
      ...['businessSecurity', 'waf', 'waf/:groupId', 'liveVideo'].map((key) => `console/:id/${key}`),
      'statisticsReport',
      ...statistics.map((key) => `statisticsReport/${key}`),
      'preUpdate',
      'preUpdate/cleanCache',
      'preUpdate/cachePreheat',
      'taskList',
      'taskList/operateLogBatch',
      'taskList/cleanCacheLog',
      'taskList/cachePreheatLog',
      'operateLog',
      'certificateList',
      'configTemplates',
      'configTemplates/create',
      'configTemplates/edit/:id',
      'wafRuleGroup',
      'editWafRuleGroup',
      'conditions-match-engine',
      'packages',
      'dataReport',
      ...['tcpCCAttack', 'tcpTraffic', 'tcpSession', 'accurateAccessControl', 'accurateAccessControl/:id'].map(
        (key) => `dataReport/${key}`,
      ),
      'logs',
      'logs/download',
      'logs/template',
      'ipList',
      'logRetrieval',
    ]);
  });

  it('cloud-speed, old and new layouts: each task list tab has a detail page', () => {
    for (const base of ['/cloud-speed/taskList', '/cloud-speed/operation-audit/taskList']) {
      for (const key of ['operateLogBatch', 'cleanCacheLog', 'cachePreheatLog']) {
        const detail = ROUTES.find(
          (candidate) => candidate.path.startsWith(`${base}/${key}/`) && paramsOf(candidate.path).length > 0,
        );
        assert.ok(detail, `${base}/${key} detail`);
        assert.equal(detail.back, findRoute(detail.breadcrumb.at(-2)!)?.name);
      }
    }
  });

  it('cloud-speed, new layout (default redirect to domain management)', () => {
    const security = [
      'WAFAttack',
      'CCAttack',
      'AccurateAccessControl',
      'AccurateAccessControl/:id',
      'Bot',
      'Bot/KnowDetail/:id',
      'Bot/UnknowDetail/:id',
    ];
    const webSecurity = [
      'global-domain-config',
      'only-domain-config',
      'more-domain-config',
      'domain-batch-config',
      'add-tpl',
      'template-strategy-manage/:businessId/:businessName',
      'domain-strategy-manage/:businessId/:businessName',
      'waf-rule/:businessId',
      'global-domain-manager/:businessId',
      'waf/:businessId/:groupId/:businessName',
    ];
    assertKeys('cloud-speed', 'new', [
      'dashboard',
      'traffic-detail',
      'data-analytics/business-report',
      ...['wideFlowRange', 'accessAnalysis', 'distributionRequest', 'statusCodeAnalysis', 'hotspotAnalysis'].map(
        (key) => `data-analytics/business-report/${key}`,
      ),
      'data-analytics/security-report',
      ...security.map((key) => `data-analytics/security-report/${key}`),
      ...['domain-list', 'website-group', 'batch-delete', 'source-station/:id', 'config-view', 'config-view/:id'].map(
        (key) => `domain-management/${key}`,
      ),
      ...['batch-setting', 'add-domain', 'packages'].map((key) => `domain-management/${key}`),
      'ssl-tls',
      'speed-network/domain-acceleration',
      ...['global', 'tpl', 'add-tpl', 'console/:id'].map((key) => `speed-network/domain-acceleration/${key}`),
      'speed-network/clean-cache',
      'speed-network/cache-preheat',
      'safety-protection/web-security',
      ...webSecurity.map((key) => `safety-protection/web-security/${key}`),
      ...['wafRuleGroup', 'editWafRuleGroup', 'conditions-matchEngine', 'ip-list'].map(
        (key) => `safety-protection/rule-management/${key}`,
      ),
      'safety-protection/banManage',
      'safety-protection/banManage/banRecord',
      'four-layer-agent/list',
      'four-layer-agent/console/:id',
      'four-layer-agent/report',
      'logs',
      'logRetrieval',
      'operation-audit/taskList',
      ...['operateLogBatch', 'cleanCacheLog', 'cachePreheatLog'].map((key) => `operation-audit/taskList/${key}`),
      'operation-audit/operateLog',
    ]);
  });
});

describe('shell §2, §4, §6 route table: gates, permission, home and menus', () => {
  it('shell §4 gates: access-management routes, conditions match engine, ban manage and ban record', () => {
    for (const candidate of ROUTES) {
      const expected =
        candidate.module === 'access-management'
          ? 'accessManagement'
          : ['cloud-speed-old-conditions-match-engine', 'cloud-speed-new-safety-protection-rule-management-conditions-matchEngine'].includes(
                candidate.name,
              )
            ? 'conditionsMatchEngine'
            : ['cloud-speed-new-safety-protection-banManage', 'cloud-speed-new-safety-protection-banManage-banRecord'].includes(
                  candidate.name,
                )
              ? 'banManage'
              : undefined;
      assert.equal(candidate.gate, expected, candidate.name);
    }
  });

  it('shell §6: DNS domainList needs the domainList permission and remembers its page', () => {
    const domainList = route('cloud-resolving-domainList');
    assert.equal(domainList.permission, 'domainList');
    assert.equal(domainList.remembersPage, true);
    for (const candidate of ROUTES) {
      if (candidate.permission) assert.ok(candidate.breadcrumb.includes(domainList.name), `${candidate.name} is under domainList`);
    }
  });

  it('shell §2: groups/setting/:id is hidden', () => {
    assert.equal(route('access-management-groups-setting-id').hidden, true);
  });

  it('shell §1/§2 home routes: old layout home is the cloud-speed dashboard, new layout home the domain list', () => {
    const oldHome = route(HOME_ROUTE_OLD);
    const newHome = route(HOME_ROUTE_NEW);
    assert.equal(oldHome.module, 'cloud-speed');
    assert.equal(oldHome.layout, 'old');
    assert.equal(oldHome.view.kind, 'element');
    assert.equal(newHome.name, 'cloud-speed-new-domain-management-domain-list');
    assert.equal(newHome.layout, 'new');
    assert.deepEqual(newHome.view, { kind: 'element', tag: 'ec-domain-list' });
    assert.equal(resolve(route('cloud-speed-old')).name, HOME_ROUTE_OLD);
    assert.equal(resolve(route('cloud-speed-new')).name, HOME_ROUTE_NEW);
  });

  it('menu entries are list pages: no path parameter, never hidden', () => {
    for (const candidate of ROUTES.filter((entry) => entry.menu)) {
      assert.deepEqual(paramsOf(candidate.path), [], candidate.name);
      assert.notEqual(candidate.hidden, true, candidate.name);
    }
  });

  it('new layout menu: dashboard and traffic detail on top, everything else in the groups of shell §2', () => {
    const groups = [
      'data-analytics',
      'domain-management',
      'ssl-tls',
      'speed-network',
      'safety-protection',
      'four-layer-agent',
      'logs',
      'operation-audit',
    ].map((group) => `${NAMESPACE_PREFIX}group.${group}`);
    const menu = routesOfModule('cloud-speed', 'new').filter((candidate) => candidate.menu);
    assert.deepEqual(
      menu.filter((candidate) => !candidate.menuGroupKey).map((candidate) => candidate.name),
      ['cloud-speed-new-dashboard', 'cloud-speed-new-traffic-detail'],
    );
    const used = [...new Set(menu.map((candidate) => candidate.menuGroupKey).filter(Boolean))];
    assert.deepEqual(used, groups, 'every group is used, in the spec order');
  });

  it('entries of one menu group are adjacent in the table, so the sidebar shows each group once', () => {
    for (const module of MODULES) {
      for (const layout of ['old', 'new'] as const) {
        const keys = routesOfModule(module, layout)
          .filter((candidate) => candidate.menu)
          .map((candidate) => candidate.menuGroupKey ?? '');
        const runs = keys.filter((key, index) => key !== '' && key !== keys[index - 1]);
        assert.equal(new Set(runs).size, runs.length, `${module} ${layout}: ${runs.join(', ')}`);
      }
    }
  });

  it('findRoute and routesOfModule', () => {
    assert.equal(findRoute('cloud-resolving-domainList')?.path, '/cloud-resolving/domainList');
    assert.equal(findRoute('no-such-route'), undefined);
    const oldSpeed = routesOfModule('cloud-speed', 'old');
    assert.ok(oldSpeed.length > 0 && oldSpeed.every((candidate) => candidate.layout === 'old'));
    const newSpeed = routesOfModule('cloud-speed', 'new');
    assert.ok(newSpeed.length > 0 && newSpeed.every((candidate) => candidate.layout === 'new'));
    const dns = routesOfModule('cloud-resolving', 'new');
    assert.deepEqual(dns, routesOfModule('cloud-resolving', 'old'), 'routes outside cloud-speed are in both layouts');
    assert.equal(routesOfModule('cloud-speed', 'both').length, oldSpeed.length + newSpeed.length);
  });
});

describe('shell §2 route texts: the routes namespace in zh_CN and en_US', () => {
  it('zh_CN and en_US routes.json have identical kebab-case keys', () => {
    const zh = keysOf(zhRoutes).sort();
    assert.deepEqual(keysOf(enRoutes).sort(), zh);
    for (const key of zh) {
      for (const segment of key.split('.')) assert.match(segment, /^[a-z0-9]+(-[a-z0-9]+)*$/, key);
    }
  });

  it('every title, tab label, menu group and module label exists in both languages', () => {
    const wanted = new Set<string>(MODULES.map((module) => `module.${module}`));
    for (const candidate of ROUTES) {
      for (const key of [candidate.titleKey, candidate.menuGroupKey, ...(candidate.tabs ?? []).map((tab) => tab.labelKey)]) {
        if (key === undefined) continue;
        assert.ok(key.startsWith(NAMESPACE_PREFIX), `${candidate.name}: ${key} names the routes namespace`);
        wanted.add(key.slice(NAMESPACE_PREFIX.length));
      }
    }
    for (const key of wanted) {
      assert.ok(hasTranslation('zh_CN', 'routes', key), `zh_CN routes:${key}`);
      assert.ok(hasTranslation('en_US', 'routes', key), `en_US routes:${key}`);
    }
    const unused = keysOf(zhRoutes).filter((key) => !wanted.has(key));
    assert.deepEqual(unused, [], 'no unused route texts');
  });

  it('a namespaced title key resolves whichever namespace the translator is fixed to', () => {
    const domainList = route('cloud-resolving-domainList');
    assert.equal(translator('en_US', 'common')(domainList.titleKey), 'Domains');
    assert.equal(translator('zh_CN', 'routes')(domainList.titleKey), '域名列表');
    assert.equal(translator('zh_CN', 'routes')('module.cloud-speed'), '网站安全加速');
    assert.equal(translator('en_US', 'routes')('module.cloud-resolving'), 'Cloud DNS');
  });

  it('zh_CN texts are Chinese and en_US texts are not', () => {
    for (const key of keysOf(zhRoutes)) {
      const zh = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], zhRoutes);
      const en = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], enRoutes);
      assert.equal(typeof zh, 'string');
      assert.equal(typeof en, 'string');
      assert.doesNotMatch(en as string, /[\u4e00-\u9fff]/, `en_US ${key}`);
      // Product names such as "SSL/TLS" and "WAF" read the same in both languages.
      if (!/^(SSL\/TLS|WAF)$/.test(zh as string)) assert.match(zh as string, /[\u4e00-\u9fff]/, `zh_CN ${key}`);
    }
  });
});

describe('issue 29: every route of shell §2 leads to a real page', () => {
  it('every route that shows an element names one the host ships (none falls back to home or "not available")', () => {
    const unbuilt = ROUTES.filter((route) => route.view.kind === 'element' && !hostHasElement(route.view.tag)).map(
      (route) => `${route.name} → <${(route.view as { tag: string }).tag}>`,
    );
    assert.deepEqual(unbuilt, []);
  });
});
