/**
 * What a route is for the user (issue 19, shell §2, §4, §6): open, forbidden (a child outside its modules: the page
 * says "no permission" naming the module) or unavailable (not built, gate off, documents when embedded: the page says
 * "not available"). Menus list only open routes; a redirect is what its target is.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { oemConfig } from '../../../core/config/oem.js';
import { runMode } from '../../../core/config/run-mode.js';
import { loginType } from '../../../core/session/session.js';
import { isRouteAvailable, routeAccess } from '../../../demo/host/availability.js';
import { callerGrants, memberInfo } from '../../../demo/host/host-store.js';
import { findRoute, ROUTES } from '../../../demo/host/routes.js';
import { MODULE_ORDER } from '../../../demo/host/parts/sidebar.js';
import { OEM_LINK_SETTINGS, OEM_MODULES } from '../../../core/rules/oem.js';

const route = (name: string) => {
  const found = findRoute(name);
  assert.ok(found, name);
  return found;
};

describe('route access (issue 19: a page that cannot be shown says why)', () => {
  afterEach(() => {
    loginType.value = 'parent';
    runMode.value = 'standalone';
    memberInfo.value = null;
    callerGrants.value = null;
    oemConfig.value = null;
  });

  const oem = (modulesSettings: Record<string, Record<string, unknown>>) => {
    oemConfig.value = { assets: { favicon: '', logo: '', logoConsole: '' }, title: 'Partner', modulesSettings };
  };

  it('issue 29: a child reads the documentation (a header link, not a sidebar module)', () => {
    loginType.value = 'child';
    assert.equal(routeAccess(route('document-dashboard')), 'open');
    assert.equal(routeAccess(route('document-aid')), 'open');
  });

  it('OEM <module>.hidden (shell §1, core/rules/oem.ts): every page of the module is unavailable, others stay open', () => {
    oem({ 'message-center': { hidden: true } });
    for (const candidate of ROUTES.filter((entry) => entry.module === 'message-center' && entry.view.kind === 'element')) assert.equal(routeAccess(candidate), 'unavailable', candidate.name);
    assert.equal(routeAccess(route('cloud-resolving-domainList')), 'open');
  });

  it('OEM <module>.menu.<route>.hidden: that entry\'s page is unavailable, its neighbours open', () => {
    oem({ 'cloud-resolving': { menu: { 'cloud-resolving-domainGroup': { hidden: true } } } });
    assert.equal(routeAccess(route('cloud-resolving-domainGroup')), 'unavailable');
    assert.equal(routeAccess(route('cloud-resolving-domainList')), 'open');
  });

  it('OEM document.hidden, and any OEM configuration (shell §1): the documentation centre is unavailable', () => {
    assert.equal(routeAccess(route('document-dashboard')), 'open');
    oem({ document: { hidden: true } });
    assert.equal(routeAccess(route('document-dashboard')), 'unavailable');
    oem({});
    assert.equal(routeAccess(route('document-aid')), 'unavailable');
  });

  it('OEM settings of the wrong type hide nothing (the server answers only checked ones)', () => {
    oem({ 'message-center': { hidden: 'yes' } });
    assert.equal(routeAccess(route('message-center-MessageList')), 'open');
  });

  it('a built route is open; a route whose element is not built is unavailable, not sent home', () => {
    assert.equal(routeAccess(route('cloud-resolving-domainList')), 'open');
    // Every route of the table is built (test/core/routes/routes.test.ts), so an unbuilt one is made up here.
    const unbuilt = { ...route('cloud-resolving-domainList'), name: 'made-up', view: { kind: 'element' as const, tag: 'ec-not-built' } };
    assert.equal(routeAccess(unbuilt), 'unavailable');
    assert.equal(isRouteAvailable(unbuilt), false);
  });

  it('shell §4: a child outside its modules is forbidden (even where nothing is built), inside them open', () => {
    loginType.value = 'child';
    assert.equal(routeAccess(route('access-management-accounts')), 'forbidden');
    assert.equal(routeAccess(route('security-meal')), 'forbidden');
    assert.equal(routeAccess(route('user-center-logs-operation')), 'forbidden', 'a child sees only account security in the user center');
    assert.equal(routeAccess(route('cloud-resolving-domainList')), 'open');
  });

  it('shell §6: a child without the domainList permission (no domain grant) is told so on the DNS domain list and its pages', () => {
    loginType.value = 'child';
    callerGrants.value = [{ module: 'certificate', object_scope: 'all', access: 'read', auto_bind_new: false }];
    assert.equal(routeAccess(route('cloud-resolving-domainList')), 'forbidden');
    const underDomainList = ROUTES.filter((candidate) => candidate.permission === 'domainList');
    assert.ok(underDomainList.length > 1, 'the zone pages under the list carry the flag too');
    for (const candidate of underDomainList) assert.equal(routeAccess(candidate), 'forbidden', candidate.name);
    // DNS zones are their own module (rules §6, issue 26): a website grant does not open them.
    callerGrants.value = [{ module: 'domain', object_scope: 'specified', access: 'read', auto_bind_new: false }];
    assert.equal(routeAccess(route('cloud-resolving-domainList')), 'forbidden', 'a website grant is not a DNS grant');
    callerGrants.value = [{ module: 'dns', object_scope: 'specified', access: 'read', auto_bind_new: false }];
    assert.equal(routeAccess(route('cloud-resolving-domainList')), 'open', 'a read grant is enough to see the list');
    loginType.value = 'parent';
    callerGrants.value = [];
    assert.equal(routeAccess(route('cloud-resolving-domainList')), 'open', 'a parent holds every permission');
  });

  it('shell §4 gates and shell §2 embedding make a route unavailable; a redirect is what its target is', () => {
    const gated = ROUTES.find((candidate) => candidate.gate === 'banManage' && candidate.view.kind === 'element');
    assert.ok(gated);
    assert.equal(routeAccess(gated), 'unavailable', 'the ban gate is off until member info says otherwise');
    runMode.value = 'embedded';
    const documents = ROUTES.find((candidate) => candidate.hiddenWhenEmbedded);
    assert.ok(documents);
    assert.equal(routeAccess(documents), 'unavailable');
    const redirect = ROUTES.find((candidate) => candidate.view.kind === 'redirect' && candidate.view.to === 'user-center-logs-login');
    assert.ok(redirect);
    assert.equal(routeAccess(redirect), routeAccess(route('user-center-logs-login')));
  });
});

describe('shell §1 OEM modulesSettings name the sidebar modules (core/rules/oem.ts beside demo/host MODULE_ORDER)', () => {
  it('every sidebar module is one an OEM may configure (documents through its link setting), and every configurable module is in the sidebar', () => {
    const sidebar = new Set<string>(MODULE_ORDER);
    const configurable: readonly string[] = [...OEM_MODULES, ...OEM_LINK_SETTINGS];
    assert.deepEqual(OEM_MODULES.filter((module) => !sidebar.has(module)), [], 'an OEM setting for a module the sidebar does not have');
    assert.deepEqual([...sidebar].filter((module) => !configurable.includes(module)), [], 'a sidebar module no OEM can hide');
  });
});
