/**
 * The performance, error page and live streaming groups on the reference server (shell §3 settings groups, shell §7
 * `V4/web.domain.set.get` / `save` by group; rules §3 custom error page, §5 origin and performance, §6 plan gating and
 * grants, §9 upload size and HTML page). A request that skips the form gets the same message keys the form shows.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { SettingsGroupState } from '../../core/settings/catalogue.js';
import { LIVE_GROUPS, liveDefaults } from '../../core/settings/performance.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { PLAN_CATALOGUE } from '../../demo/server/features/plans/catalogue.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';
import { HOSTILE_PAGES } from '../helpers/hostile-html.js';

let app: FastifyInstance;
let parent: string;
let viewer: string;
const ids: Record<string, number> = {};

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
  for (const row of app.db.prepare('SELECT id, domain FROM domains').all() as { id: number; domain: string }[]) ids[row.domain] = row.id;
});
after(async () => app.close());

type State = SettingsGroupState<Record<string, unknown>>;

async function read(domainId: number, group: string, token = parent): Promise<Record<string, State>> {
  return expectOk<Record<string, State>>(app, 'GET', 'V4/web.domain.set.get', { token, query: { domain_id: domainId, group } });
}
function post(domainId: number, group: Record<string, unknown>, token = parent) {
  return call<Record<string, State>>(app, 'PUT', 'V4/web.domain.set.save', { token, body: { domain_id: domainId, group } });
}
async function saveValue(domainId: number, name: string, value: unknown, token = parent) {
  const revision = (await read(domainId, name, token))[name]!.revision;
  return post(domainId, { [name]: { revision, value } }, token);
}
async function issuesOf(domainId: number, name: string, value: unknown) {
  const answer = await saveValue(domainId, name, value);
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as unknown as { errors: { field: string; key: string; values?: Record<string, unknown> }[] }).errors.map(({ field, key, values }) =>
    values ? { field, key, values } : { field, key },
  );
}
function setPlanActions(actions: readonly string[]) {
  app.db.prepare('UPDATE plans SET actions = ? WHERE member_id = ?').run(JSON.stringify(actions), DEMO_MEMBER_ID);
}
const siteSettings = (domainId: number) => JSON.parse((app.db.prepare('SELECT settings FROM domains WHERE id = ?').get(domainId) as { settings: string }).settings) as Record<string, unknown>;

describe('shell §3 performance groups: defaults and what the website list already holds', () => {
  it('page_gzip, Webp and websocket read domains.settings (the seed: statics has gzip and WebP on, api has WebSocket on)', async () => {
    const www = ids['www.example.com']!;
    const groups = await read(www, 'page_gzip,Webp,websocket,mobile_jump,search_engine_optimization,upload_size,req_headers,resp_headers,custom_page');
    assert.deepEqual(groups.page_gzip!.value, { status: siteSettings(www).page_gzip });
    assert.deepEqual(groups.Webp!.value, { status: siteSettings(www).Webp });
    assert.deepEqual(groups.websocket!.value, { status: siteSettings(www).websocket, timeout: 60 });
    assert.deepEqual(groups.mobile_jump!.value, { status: 'off', target: '' });
    assert.deepEqual(groups.upload_size!.value, { megabytes: 100 });
    assert.deepEqual(groups.resp_headers!.value, { headers: [] });
    assert.deepEqual(groups.custom_page!.value, { pages: [] });
    for (const state of Object.values(groups)) assert.equal(state.editable, true);
  });
});

describe('batch setting and the console agree on page_gzip, Webp and websocket (one source of truth)', () => {
  it('a console save is what the website list shows, and a batch setting is what the console reads', async () => {
    const shop = ids['shop.example.com']!;
    await expectOk(app, 'PUT', 'V4/web.domain.set.save', {
      token: parent,
      body: { domain_id: shop, group: { Webp: { revision: (await read(shop, 'Webp')).Webp!.revision, value: { status: 'on' } } } },
    });
    assert.equal(siteSettings(shop).Webp, 'on');
    const website = await expectOk<{ settings: Record<string, unknown> }>(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token: parent, query: { id: shop } });
    assert.equal(website.settings.Webp, 'on');

    assert.equal((await saveValue(shop, 'websocket', { status: 'on', timeout: 300 })).code, 1);
    assert.equal(siteSettings(shop).websocket, 'on');
    await expectOk(app, 'POST', 'V4/cloudsafe.hwws.website.batch.setting', {
      token: parent,
      body: { selection: { ids: [shop] }, settings: { page_gzip: 'off', Webp: 'off', websocket: 'off' } },
    });
    const groups = await read(shop, 'page_gzip,Webp,websocket');
    assert.deepEqual(groups.page_gzip!.value, { status: 'off' });
    assert.deepEqual(groups.Webp!.value, { status: 'off' });
    assert.deepEqual(groups.websocket!.value, { status: 'off', timeout: 300 }, 'batch setting keeps the timeout it does not know');
  });
});

describe('rules §5 / §9 validation, the same keys the forms show', () => {
  it('rules §5 mobile redirect: the target begins with http or https and is a valid URL', async () => {
    const www = ids['www.example.com']!;
    assert.deepEqual(await issuesOf(www, 'mobile_jump', { status: 'on', target: 'ftp://m.example.com' }), [{ field: 'mobile_jump.target', key: 'url.scheme' }]);
    assert.deepEqual(await issuesOf(www, 'mobile_jump', { status: 'on', target: '' }), [{ field: 'mobile_jump.target', key: 'common.required' }]);
    assert.equal((await saveValue(www, 'mobile_jump', { status: 'on', target: 'https://m.example.com/' })).code, 1);
  });

  it('rules §5 / §9 upload size 10-500 MB; WebSocket timeout 1-3600 s', async () => {
    const www = ids['www.example.com']!;
    for (const megabytes of [9, 501, '', 12.5]) {
      assert.deepEqual(await issuesOf(www, 'upload_size', { megabytes }), [{ field: 'upload_size.megabytes', key: 'origin.upload-size-range', values: { min: 10, max: 500 } }]);
    }
    assert.deepEqual(await issuesOf(www, 'upload_size', { megabytes: 'ten' }), [{ field: 'upload_size.megabytes', key: 'common.format-error' }]);
    assert.equal((await saveValue(www, 'upload_size', { megabytes: 500 })).code, 1);
    assert.deepEqual(await issuesOf(www, 'websocket', { status: 'on', timeout: 3601 }), [
      { field: 'websocket.timeout', key: 'performance-tab.websocket-timeout-range', values: { min: 1, max: 3600 } },
    ]);
  });

  it('rules §5 custom headers: name letters/digits/-/_ 1-100, value 1-1000 without Chinese, at most 8 response headers', async () => {
    const www = ids['www.example.com']!;
    assert.deepEqual(
      await issuesOf(www, 'req_headers', {
        headers: [
          { name: 'X Bad', value: 'v', action: 'set' },
          { name: 'a'.repeat(101), value: 'v', action: 'set' },
          { name: 'X-Ok', value: '中文', action: 'set' },
          { name: 'X-Empty', value: '', action: 'set' },
          { name: 'X-Long', value: 'v'.repeat(1001), action: 'set' },
          { name: 'x-ok', value: 'v', action: 'set' },
        ],
      }),
      [
        { field: 'req_headers.headers.0.name', key: 'origin.header-name-format' },
        { field: 'req_headers.headers.1.name', key: 'common.too-long', values: { max: 100 } },
        { field: 'req_headers.headers.2.value', key: 'origin.no-chinese' },
        { field: 'req_headers.headers.3.value', key: 'common.required' },
        { field: 'req_headers.headers.4.value', key: 'common.too-long', values: { max: 1000 } },
        { field: 'req_headers.headers.5.name', key: 'performance-tab.header-duplicate' },
      ],
    );
    const nine = Array.from({ length: 9 }, (_, index) => ({ name: `X-Custom-${index}`, value: 'v', action: 'set' }));
    assert.deepEqual(await issuesOf(www, 'resp_headers', { headers: nine }), [{ field: 'resp_headers.headers', key: 'origin.response-headers-limit', values: { max: 8 } }]);
    const saved = await saveValue(www, 'resp_headers', { headers: [{ name: 'Cache-Control', value: 'no-store', action: 'set' }, { name: 'X-Powered-By', value: '', action: 'delete', extra: 1 }] });
    assert.equal(saved.code, 1, saved.raw);
    assert.deepEqual((await read(www, 'resp_headers')).resp_headers!.value, {
      headers: [
        { name: 'Cache-Control', value: 'no-store', action: 'set' },
        { name: 'X-Powered-By', value: '', action: 'delete' },
      ],
    });
  });

  it('rules §3 / §5 / §9 custom pages: HTML not empty, at most 64K ("Size limit exceeded (64K)"), no JavaScript; URL http(s); codes once', async () => {
    const www = ids['www.example.com']!;
    assert.deepEqual(
      await issuesOf(www, 'custom_page', {
        pages: [
          { code: 404, type: 'html', html: '   ' },
          { code: 500, type: 'html', html: 'x'.repeat(64_001) },
          { code: 502, type: 'url', url: 'javascript:alert(1)' },
          { code: 404, type: 'default' },
          { code: 200, type: 'default' },
        ],
      }),
      [
        { field: 'custom_page.pages.0.html', key: 'common.cannot-be-empty' },
        { field: 'custom_page.pages.1.html', key: 'origin.page-too-large' },
        { field: 'custom_page.pages.2.url', key: 'url.scheme' },
        { field: 'custom_page.pages.3.code', key: 'performance-tab.page-code-duplicate' },
        { field: 'custom_page.pages.4.code', key: 'performance-tab.page-code' },
      ],
    );
  });

  it('rules §5 no JavaScript: every hostile page of the parser tests is refused by the server', async (t) => {
    const www = ids['www.example.com']!;
    // A URL page type needs a commercial package or above (shell §3 waf_block_diy_page; the demo plan is business).
    const planId = (app.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
    changePlanLevel(app.db, planId, 'commercial');
    t.after(() => changePlanLevel(app.db, planId, 'business'));
    const pages = HOSTILE_PAGES.slice(0, 12).map((html, index) => ({ code: [400, 403, 404, 405, 408, 410, 429, 500, 501, 502, 503, 504][index]!, type: 'html', html }));
    const found = await issuesOf(www, 'custom_page', { pages });
    assert.deepEqual(found, pages.map((_, index) => ({ field: `custom_page.pages.${index}.html`, key: 'origin.page-no-javascript' })));
    for (const html of HOSTILE_PAGES.slice(12)) {
      assert.deepEqual(await issuesOf(www, 'custom_page', { pages: [{ code: 404, type: 'html', html }] }), [{ field: 'custom_page.pages.0.html', key: 'origin.page-no-javascript' }], html);
    }
    const ok = await saveValue(www, 'custom_page', { pages: [{ code: 404, type: 'html', html: '<h1>Not here</h1>' }, { code: 503, type: 'url', url: 'https://status.example.com/' }] });
    assert.equal(ok.code, 1, ok.raw);
    assert.deepEqual((await read(www, 'custom_page')).custom_page!.value, {
      pages: [
        { code: 404, type: 'html', html: '<h1>Not here</h1>', url: '' },
        { code: 503, type: 'url', html: '', url: 'https://status.example.com/' },
      ],
    });
  });

  it('wrong shapes are refused with "Format Error", unknown fields dropped', async () => {
    const www = ids['www.example.com']!;
    assert.deepEqual(await issuesOf(www, 'page_gzip', { status: 'yes' }), [{ field: 'page_gzip.status', key: 'common.format-error' }]);
    assert.deepEqual(await issuesOf(www, 'custom_page', { pages: 'none' }), [{ field: 'custom_page.pages', key: 'common.format-error' }]);
  });
});

describe('rules §6 plan gating: websocket and the live groups', () => {
  it('without the plan action the groups are locked and the server refuses them; with it they save and validate', async () => {
    const www = ids['www.example.com']!;
    const business = PLAN_CATALOGUE.business.actions;
    try {
      let groups = await read(www, LIVE_GROUPS.join(','));
      for (const name of LIVE_GROUPS) {
        assert.equal(groups[name]!.locked_by, 'live_streaming');
        assert.equal(groups[name]!.editable, false);
        assert.deepEqual(groups[name]!.value, liveDefaults(name));
      }
      const refused = await saveValue(www, 'push', { ...liveDefaults('push'), status: 'on' });
      assert.equal(refused.code, VALIDATION_FAILED_CODE);
      assert.deepEqual((refused.data as unknown as { errors: unknown[] }).errors, [{ field: 'push', key: 'domain-settings.plan-locked', values: { feature: 'live_streaming', notice: 'upgrade' } }]);

      setPlanActions(business.filter((action) => action !== 'websocket'));
      assert.equal((await read(www, 'websocket')).websocket!.locked_by, 'websocket');
      assert.deepEqual((((await saveValue(www, 'websocket', { status: 'on', timeout: 10 })).data as unknown as { errors: unknown[] }).errors), [{ field: 'websocket', key: 'websites.websocket-not-in-plan', values: { feature: 'websocket', notice: 'upgrade' } }]);

      setPlanActions(PLAN_CATALOGUE.flagship.actions);
      groups = await read(www, LIVE_GROUPS.join(','));
      for (const name of LIVE_GROUPS) assert.equal(groups[name]!.editable, true, name);
      assert.deepEqual(await issuesOf(www, 'push', { status: 'on', options: { auth: true, key: 'short', ttl: 0 } }), [
        { field: 'push.options.key', key: 'performance-tab.live-key' },
        { field: 'push.options.ttl', key: 'common.integer-range', values: { min: 1, max: 3600 } },
      ]);
      assert.deepEqual(await issuesOf(www, 'hls', { status: 'on', options: { segment: 61, playlist: 25 } }), [
        { field: 'hls.options.segment', key: 'common.integer-range', values: { min: 1, max: 60 } },
        { field: 'hls.options.playlist', key: 'common.integer-range', values: { min: 1, max: 24 } },
      ]);
      assert.deepEqual(await issuesOf(www, 'tscode', { status: 'on', options: { codec: 'vp9', qualities: [] } }), [
        { field: 'tscode.options.codec', key: 'common.format-error' },
        { field: 'tscode.options.qualities', key: 'performance-tab.live-choose-one' },
      ]);
      assert.deepEqual(await issuesOf(www, 'storage', { status: 'on', options: { days: 8, path: 'live' } }), [
        { field: 'storage.options.days', key: 'common.integer-range', values: { min: 1, max: 7 } },
        { field: 'storage.options.path', key: 'common.start-with-slash' },
      ]);
      assert.deepEqual(await issuesOf(www, 'pull', { status: 'on', options: { protocol: 'rtmp', origin: 'not a host', port: 70000 } }), [
        { field: 'pull.options.origin', key: 'origin.address-format' },
        { field: 'pull.options.port', key: 'common.integer-range', values: { min: 1, max: 65535 } },
      ]);
      assert.deepEqual(await issuesOf(www, 'record', { status: 'on', options: { format: 'mp4', minutes: 61 } }), [
        { field: 'record.options.minutes', key: 'common.integer-range', values: { min: 1, max: 60 } },
      ]);
      assert.deepEqual(await issuesOf(www, 'refer', { status: 'on', options: { mode: 'white', domains: ['example.com', 'bad domain'], allow_empty: true } }), [
        { field: 'refer.options.domains', key: 'performance-tab.live-list-entry', values: { line: 2 } },
      ]);
      assert.deepEqual(await issuesOf(www, 'wblist', { status: 'on', options: { mode: 'black', ips: [] } }), [{ field: 'wblist.options.ips', key: 'common.rule-required' }]);
      const saved = await saveValue(www, 'wblist', { status: 'on', options: { mode: 'black', ips: ['10.0.0.0/8', ' 192.0.2.1 '] } });
      assert.equal(saved.code, 1, saved.raw);
      assert.deepEqual((await read(www, 'wblist')).wblist!.value, { status: 'on', options: { mode: 'black', ips: ['10.0.0.0/8', '192.0.2.1'] } });
    } finally {
      setPlanActions(business);
    }
  });
});

describe('rules §6 grants: a read grant sees the groups view-only and cannot save them', () => {
  it('the demo viewer (read grant on www.example.com) reads every group not editable and is refused a save', async () => {
    const www = ids['www.example.com']!;
    const groups = await read(www, 'page_gzip,resp_headers,custom_page', viewer);
    for (const state of Object.values(groups)) assert.equal(state.editable, false);
    const answer = await post(www, { page_gzip: { revision: groups.page_gzip!.revision, value: { status: 'off' } } }, viewer);
    assert.equal(answer.code, PERMISSION_DENIED_CODE, answer.raw);
  });
});
