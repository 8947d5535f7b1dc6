import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApiClient } from '../../../core/api/client.js';
import type { PlanActionsAnswer } from '../../../core/api/endpoints/platform.js';
import { appReady, startApp } from '../../../core/config/app-start.js';
import { menuTypeFor, moduleGates, showsLayoutSwitch, syncStoredMenuType } from '../../../core/config/member-console.js';
import { documentationLinksVisible, oemConfig } from '../../../core/config/oem.js';
import { isPlanAtLeast, noticeFor, planGate } from '../../../core/config/plan-gating.js';
import { runMode } from '../../../core/config/run-mode.js';
import { pageLanguage } from '../../../core/i18n/language.js';
import { regionData } from '../../../core/region/region.js';
import { sessionToken } from '../../../core/session/session.js';

/** A Storage in memory, for the menu-type reload rule. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('shell §4 sidebar from the member console info', () => {
  it("version_gray 'done' selects the new menu; 'normal' or absent the old", () => {
    assert.equal(menuTypeFor({ version_gray: { status: 'done' } }), 'new');
    assert.equal(menuTypeFor({ version_gray: { status: 'normal' } }), 'old');
    assert.equal(menuTypeFor({}), 'old');
    assert.equal(menuTypeFor(null), 'old');
  });
  it('the layout switch link shows only when gray or observing', () => {
    assert.equal(showsLayoutSwitch({ version_gray: { status: 'gray' } }), true);
    assert.equal(showsLayoutSwitch({ version_gray: { status: 'observing' } }), true);
    assert.equal(showsLayoutSwitch({ version_gray: { status: 'done' } }), false);
    assert.equal(showsLayoutSwitch(undefined), false);
  });
  it('access-management, conditions match engine, ban manage are hidden when off or absent', () => {
    assert.deepEqual(moduleGates({}), { accessManagement: false, conditionsMatchEngine: false, banManage: false });
    assert.deepEqual(
      moduleGates({ subacl: { status: 'on' }, condition_source: { condition_source_view: 'on' }, ban: { status: 'off' } }),
      { accessManagement: true, conditionsMatchEngine: true, banManage: false },
    );
  });
  it('reloads once when the stored menu type differs, never in a loop', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    assert.equal(syncStoredMenuType('new', reload, local, session), false, 'first visit: store, no reload');
    assert.equal(local.getItem('menuType'), 'new');
    assert.equal(syncStoredMenuType('old', reload, local, session), true);
    assert.equal(reloads, 1);
    local.setItem('menuType', 'new'); // A server flapping between answers…
    assert.equal(syncStoredMenuType('old', reload, local, session), false, '…does not reload twice for the same type');
    assert.equal(reloads, 1);
    assert.equal(syncStoredMenuType('old', reload, local, session), false);
  });
});

describe('shell §6 plan gating', () => {
  const actions: PlanActionsAnswer = {
    actions: ['https', 'waf_custom_rule'],
    package_allow: { https: true, domain_proxy_conf: false, cloud_waf: { waf_mode: ['observe', 'block'] }, waf_block_diy_page: { type: ['default'] } },
  };
  it('allows what the actions and package options allow', () => {
    assert.deepEqual(planGate({ action: 'https' }, { actions, flag: 1 }), { allowed: true, notice: null });
    assert.equal(planGate({ allow: (allow) => allow.https }, { actions, flag: 1 }).allowed, true);
  });
  it('an unsupported feature points online users (flag 1) to the upgrade page, others to a work order', () => {
    assert.deepEqual(planGate({ action: 'cache_regex' }, { actions, flag: 1 }).notice, noticeFor(1));
    assert.equal(noticeFor(1).kind, 'upgrade');
    assert.equal(planGate({ action: 'cache_regex' }, { actions, flag: 2 }).notice!.kind, 'work-order');
    assert.equal(planGate({ allow: (allow) => allow.domain_proxy_conf }, { actions, flag: undefined }).notice!.kind, 'work-order');
  });
  it('rules §6 levels: "business or above" and "flagship or above"', () => {
    assert.equal(isPlanAtLeast('business', 'business'), true);
    assert.equal(isPlanAtLeast('trial', 'business'), false);
    assert.equal(isPlanAtLeast('ultimate', 'flagship'), true);
    assert.equal(planGate({ minimumLevel: 'flagship' }, { actions, flag: 1, level: 'commercial' }).allowed, false);
  });
  it('unknown plan data denies, so nothing gated flashes open', () => {
    assert.equal(planGate({ action: 'https' }, { actions: null, flag: 1 }).allowed, false);
  });
});

describe('shell §4 app start', () => {
  it('sets the language, posts the time zone, then loads region and OEM in parallel; ready once both settle', async () => {
    const order: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    sessionToken.value = 'token';
    const client = createApiClient({
      base: '/api',
      getToken: () => sessionToken.value,
      getLanguage: () => 'en_US',
      notify: () => undefined,
      fetch: async (input) => {
        const path = String(input).replace('/api/', '').split('?')[0]!;
        order.push(path);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        if (path === 'oem/cfg') return new Response('<p class="system-error">down</p>', { status: 200 });
        const data = path === 'V4/share_data.region' ? { countrys: [], provinces: [], ipRegions: [] } : {};
        return new Response(JSON.stringify({ status: { code: 1 }, data }));
      },
    });
    appReady.value = false;
    const result = await startApp(client, { language: 'en_US', timeZone: 'Asia/Shanghai', applyToDocument: false });
    assert.equal(pageLanguage.value, 'en_US');
    assert.equal(order[0], 'sso/V4/timezone');
    assert.deepEqual(order.slice(1).sort(), ['V4/share_data.region', 'oem/cfg']);
    assert.equal(maxInFlight, 2, 'region and OEM load in parallel');
    assert.deepEqual(result, { regionLoaded: true, oemLoaded: false }, 'a failed OEM load does not block start');
    assert.equal(appReady.value, true);
    assert.deepEqual(regionData.value, { countrys: [], provinces: [], ipRegions: [] });
  });

  it('shell §1: documentation links hide under OEM and when embedded', () => {
    oemConfig.value = null;
    runMode.value = 'standalone';
    assert.equal(documentationLinksVisible.value, true);
    runMode.value = 'embedded';
    assert.equal(documentationLinksVisible.value, false);
    runMode.value = 'standalone';
    oemConfig.value = { assets: { favicon: '', logo: '', logoConsole: '' }, title: 'Partner', modulesSettings: {} };
    assert.equal(documentationLinksVisible.value, false);
    oemConfig.value = null;
  });
});
