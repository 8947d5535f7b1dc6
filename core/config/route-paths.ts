/**
 * The console paths of the routes elements link to (shell §2), by route name. An element with `route-mode="hash"` or
 * `"history"` turns a route name into a real link with this table, so a reader can open it in a new tab or copy it;
 * a name missing here (the work-order page has no route in shell §2) stays a button that only sends `ec-navigate`.
 *
 * Only the routes elements name are here, not the demo host's whole table, which would put 200 routes into every
 * element's download. test/elements/route-paths.test.ts holds this table to the demo host's (demo/host/routes.ts):
 * same names, same paths, and every name an element sends is listed.
 */

import { CONSOLE_BASE } from './console-base.js';

/** Route name -> path under the console base, navigo syntax (`:id` parameters). */
export const ROUTE_PATHS: Readonly<Record<string, string>> = {
  // Message center (the message and announcement lists link to their details).
  'message-center-MessageList-detail-id': '/message-center/MessageList/detail/:id',
  'message-center-notice-list-detail-id': '/message-center/notice-list/detail/:id',
  // Cloud speed, new layout (domain management, the domain console, security).
  'cloud-speed-new-domain-management-domain-list': '/cloud-speed/domain-management/domain-list',
  'cloud-speed-new-domain-management-add-domain': '/cloud-speed/domain-management/add-domain',
  'cloud-speed-new-domain-management-batch-delete': '/cloud-speed/domain-management/batch-delete',
  'cloud-speed-new-domain-management-batch-setting': '/cloud-speed/domain-management/batch-setting',
  'cloud-speed-new-domain-management-website-group': '/cloud-speed/domain-management/website-group',
  'cloud-speed-new-domain-management-packages': '/cloud-speed/domain-management/packages',
  'cloud-speed-new-speed-network-domain-acceleration-console-id': '/cloud-speed/speed-network/domain-acceleration/console/:id',
  'cloud-speed-new-safety-protection-web-security-template-strategy-manage-businessId': '/cloud-speed/safety-protection/web-security/template-strategy-manage/:businessId/:businessName',
  'cloud-speed-new-safety-protection-web-security-domain-strategy-manage-businessId': '/cloud-speed/safety-protection/web-security/domain-strategy-manage/:businessId/:businessName',
  'cloud-speed-new-safety-protection-web-security-waf-rule-businessId': '/cloud-speed/safety-protection/web-security/waf-rule/:businessId',
  'cloud-speed-new-safety-protection-banManage': '/cloud-speed/safety-protection/banManage',
  'cloud-speed-new-logRetrieval': '/cloud-speed/new/logRetrieval',
  'cloud-speed-new-safety-protection-banManage-banRecord': '/cloud-speed/safety-protection/banManage/banRecord',
  // Security module (its packages link to their businesses).
  'security-meal-id': '/security/meal/:id',
  'security-business-applicationAcceleration': '/security/business/:id/applicationAcceleration',
  // Cloud speed, old layout.
  'cloud-speed-old-businessList': '/cloud-speed/businessList',
  'cloud-speed-old-batch-add': '/cloud-speed/batch-add',
  'cloud-speed-old-batch-delete': '/cloud-speed/batch-delete',
  'cloud-speed-old-batch-setting': '/cloud-speed/batch-setting',
  'cloud-speed-old-websiteGroup': '/cloud-speed/websiteGroup',
  'cloud-speed-old-console-id': '/cloud-speed/console/:id',
  // Cloud resolving (DNS).
  'cloud-resolving-domainList': '/cloud-resolving/domainList',
  'cloud-resolving-domainList-console-record': '/cloud-resolving/domainList/console/:id/record',
  'cloud-resolving-domainList-batch-domain-save': '/cloud-resolving/domainList/batch-domain-save',
  'cloud-resolving-domainList-batch-record-save': '/cloud-resolving/domainList/batch-record-save',
  'cloud-resolving-domainList-importLog': '/cloud-resolving/domainList/importLog',
  'cloud-resolving-domainList-statistics': '/cloud-resolving/domainList/statistics',
  'cloud-resolving-domainGroup': '/cloud-resolving/domainGroup',
  'cloud-resolving-jobList': '/cloud-resolving/jobList',
  'cloud-resolving-jobList-detail-list': '/cloud-resolving/jobList/detail-list',
  // Access management and access keys (issue 26).
  'access-management-access-key-id': '/access-management/access-key/:id',
  'access-management-groups-setting-id': '/access-management/groups/setting/:id',
  'access-management-privileges-detail-id': '/access-management/privileges/detail/:id',
  // Task lists (cache purge and prefetch, batch operations) and their detail pages, both layouts.
  'cloud-speed-old-taskList-operateLogBatch': '/cloud-speed/taskList/operateLogBatch',
  'cloud-speed-old-taskList-operateLogBatch-detail-id': '/cloud-speed/taskList/operateLogBatch/detail/:id',
  'cloud-speed-old-taskList-cleanCacheLog': '/cloud-speed/taskList/cleanCacheLog',
  'cloud-speed-old-taskList-cleanCacheLog-detail-id': '/cloud-speed/taskList/cleanCacheLog/detail/:id',
  'cloud-speed-old-taskList-cachePreheatLog': '/cloud-speed/taskList/cachePreheatLog',
  'cloud-speed-old-taskList-cachePreheatLog-detail-id': '/cloud-speed/taskList/cachePreheatLog/detail/:id',
  'cloud-speed-new-operation-audit-taskList-operateLogBatch': '/cloud-speed/operation-audit/taskList/operateLogBatch',
  'cloud-speed-new-operation-audit-taskList-operateLogBatch-detail-id': '/cloud-speed/operation-audit/taskList/operateLogBatch/detail/:id',
  'cloud-speed-new-operation-audit-taskList-cleanCacheLog': '/cloud-speed/operation-audit/taskList/cleanCacheLog',
  'cloud-speed-new-operation-audit-taskList-cleanCacheLog-detail-id': '/cloud-speed/operation-audit/taskList/cleanCacheLog/detail/:id',
  'cloud-speed-new-operation-audit-taskList-cachePreheatLog': '/cloud-speed/operation-audit/taskList/cachePreheatLog',
  'cloud-speed-new-operation-audit-taskList-cachePreheatLog-detail-id': '/cloud-speed/operation-audit/taskList/cachePreheatLog/detail/:id',
  // Work orders (shell §6 notice; no route in shell §2), both layouts.
  'cloud-speed-new-domain-management-work-order': '/cloud-speed/domain-management/work-order',
  'cloud-speed-new-domain-management-work-order-create': '/cloud-speed/domain-management/work-order/create',
  'cloud-speed-new-domain-management-work-order-create-feature': '/cloud-speed/domain-management/work-order/create/:feature',
  'cloud-speed-new-domain-management-work-order-detail-id': '/cloud-speed/domain-management/work-order/detail/:id',
  'cloud-speed-old-workOrder': '/cloud-speed/workOrder',
  'cloud-speed-old-workOrder-create': '/cloud-speed/workOrder/create',
  'cloud-speed-old-workOrder-detail-id': '/cloud-speed/workOrder/detail/:id',
  // Application protection (SDK, issue 29): the business list links to each business.
  'taichi-app-businessList': '/taichi-app/businessList',
  'taichi-app-businessList-detail-id': '/taichi-app/businessList/detail/:id',
  // Layer-4 rules and their console (issue 28), both layouts.
  'cloud-speed-new-four-layer-agent-list': '/cloud-speed/four-layer-agent/list',
  'cloud-speed-new-four-layer-agent-console-id': '/cloud-speed/four-layer-agent/console/:id',
  'cloud-speed-new-four-layer-agent-report-accurateAccessControl-id': '/cloud-speed/four-layer-agent/report/accurateAccessControl/:id',
  'cloud-speed-old-businessList-configLayer4Rule': '/cloud-speed/businessList/configLayer4Rule',
  'cloud-speed-old-configLayer4Rule-id': '/cloud-speed/configLayer4Rule/:id',
  'cloud-speed-old-dataReport-accurateAccessControl-id': '/cloud-speed/dataReport/accurateAccessControl/:id',
  // The documentation centre (issue 29; shell §2 /document and /document/{aid}).
  'document-dashboard': '/document',
  'document-aid': '/document/:aid',
  // Bot reports and their details (issue 25), both layouts.
  'cloud-speed-new-data-analytics-security-report-Bot': '/cloud-speed/data-analytics/security-report/Bot',
  'cloud-speed-new-data-analytics-security-report-Bot-KnowDetail-id': '/cloud-speed/data-analytics/security-report/Bot/KnowDetail/:id',
  'cloud-speed-new-data-analytics-security-report-Bot-UnknowDetail-id': '/cloud-speed/data-analytics/security-report/Bot/UnknowDetail/:id',
  'cloud-speed-old-statisticsReport-Bot': '/cloud-speed/statisticsReport/Bot',
  'cloud-speed-old-statisticsReport-Bot-KnowDetail-id': '/cloud-speed/statisticsReport/Bot/KnowDetail/:id',
  'cloud-speed-old-statisticsReport-Bot-UnknowDetail-id': '/cloud-speed/statisticsReport/Bot/UnknowDetail/:id',
};


/** How an element's links route (attribute `route-mode`). */
export type RouteMode = 'hash' | 'history' | 'none';

/**
 * The console path of `route` with its parameters filled in (encoded), or undefined when the route is not in the
 * table or a parameter is missing.
 */
export function routePath(route: string, params: Readonly<Record<string, string | number>> = {}): string | undefined {
  const pattern = ROUTE_PATHS[route];
  if (pattern === undefined) return undefined;
  let complete = true;
  const path = pattern.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      complete = false;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return complete ? path : undefined;
}

/** The href of a console path in a route mode: `#/path` (hash), `/console/path` (history), none for `none`. */
export function consoleHref(mode: RouteMode, path: string): string | undefined {
  if (mode === 'hash') return `#${path}`;
  if (mode === 'history') return `${CONSOLE_BASE}${path}`;
  return undefined;
}
