/**
 * The console paths elements link with (core/config/route-paths.ts) are the demo host's (demo/host/routes.ts,
 * shell §2): same names, same paths; and every route name an element sends with `ec-navigate` is either in the
 * table (the work-order pages of shell §6 included: shell §2 gives them no route, the demo host does).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UPGRADE_ROUTE, WORK_ORDER_FEATURE_ROUTE, WORK_ORDER_ROUTE } from '../../core/config/plan-gating.js';
import { consoleHref, ROUTE_PATHS, routePath } from '../../core/config/route-paths.js';
import { ROUTES } from '../../demo/host/routes.js';
import { BAN_ROUTES } from '../../elements/ban-manager/routes.js';
import { DNS_ROUTES } from '../../elements/dns-shared/routes.js';
import { DOMAIN_ROUTES } from '../../elements/domain-list/routes.js';
import { WORK_ORDER_ROUTES } from '../../elements/work-orders/routes.js';
import { LAYER4_ROUTES } from '../../elements/layer4-shared/routes.js';
import { STRATEGY_ROUTES } from '../../elements/web-security/events.js';

describe('route paths of element links (issue 17 route-mode, shell §2)', () => {
  it('every path in the elements\' table is the demo host\'s path of that route', () => {
    for (const [name, path] of Object.entries(ROUTE_PATHS)) {
      const route = ROUTES.find((candidate) => candidate.name === name);
      assert.ok(route, `${name} is a route of the demo host`);
      assert.equal(path, route.path, name);
    }
  });

  it('every route an element asks for has a path, the work-order pages included (shell §6; the demo host gives them one)', () => {
    const sent = [
      ...Object.values(DOMAIN_ROUTES.new),
      ...Object.values(DOMAIN_ROUTES.old),
      ...Object.values(DNS_ROUTES),
      ...Object.values(BAN_ROUTES),
      ...Object.values(WORK_ORDER_ROUTES.new),
      ...Object.values(WORK_ORDER_ROUTES.old),
      ...Object.values(LAYER4_ROUTES.new),
      ...Object.values(LAYER4_ROUTES.old),
      ...Object.values(STRATEGY_ROUTES),
      UPGRADE_ROUTE,
      WORK_ORDER_ROUTE,
      WORK_ORDER_FEATURE_ROUTE,
    ];
    for (const name of sent) assert.ok(ROUTE_PATHS[name], `${name} has a console path`);
    assert.equal(routePath(WORK_ORDER_FEATURE_ROUTE, { feature: 'waf_mode' }), '/cloud-speed/domain-management/work-order/create/waf_mode');
  });

  it('fills and encodes parameters; a missing parameter or an unknown route gives no path', () => {
    assert.equal(routePath('cloud-resolving-domainList-console-record', { id: 7 }), '/cloud-resolving/domainList/console/7/record');
    assert.equal(routePath('cloud-resolving-domainList-console-record', { id: 'a/b' }), '/cloud-resolving/domainList/console/a%2Fb/record');
    assert.equal(routePath('cloud-resolving-domainList-console-record'), undefined);
    assert.equal(routePath('no-such-route'), undefined);
  });

  it('hash, history and none give #/path, /console/path and no link', () => {
    assert.equal(consoleHref('hash', '/cloud-resolving/domainList'), '#/cloud-resolving/domainList');
    assert.equal(consoleHref('history', '/cloud-resolving/domainList'), '/console/cloud-resolving/domainList');
    assert.equal(consoleHref('none', '/cloud-resolving/domainList'), undefined);
  });
});
