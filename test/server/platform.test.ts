import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  APP_LOGIN_REQUIRED_CODE,
  APP_LOGIN_UNAVAILABLE_CODE,
  VALIDATION_FAILED_CODE,
} from '../../core/api/catalogue.js';
import type {
  AppLoginUnavailableData,
  DomainListItem,
  ListAnswer,
  MemberConsoleInfo,
  OemConfigAnswer,
  PlanActionsAnswer,
  PlansAnswer,
  RegionData,
  TimeZoneAnswer,
} from '../../core/api/endpoints/platform.js';
import { DEMO_DOMAINS } from '../../demo/server/features/websites/domains-seed.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

describe('platform calls (shell §7)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let parent: string;
  let child: string;
  before(async () => {
    ({ app, clock } = await startServer());
    parent = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
  });
  after(() => app.close());

  it('shell §1: oem/cfg needs no session and answers oem null when the deployment has no OEM', async () => {
    const answer = await expectOk<OemConfigAnswer>(app, 'GET', 'oem/cfg');
    assert.deepEqual(answer, { oem: null });
  });

  it('shell §1: oem/cfg answers logo, favicon, title and module settings from the table, per host name first', async () => {
    app.db
      .prepare('INSERT INTO oem_config (host, title, favicon, logo, logo_console, modules_settings) VALUES (?, ?, ?, ?, ?, ?)')
      .run('*', 'Partner Cloud', '/f.ico', '/logo.svg', '/logo-console.svg', '{"cloud-speed":{"title":"Edge"}}');
    app.db.prepare("INSERT INTO oem_config (host, title) VALUES ('partner.example', 'Partner Host')").run();
    try {
      const answer = await expectOk<OemConfigAnswer>(app, 'GET', 'oem/cfg');
      assert.deepEqual(answer.oem, {
        assets: { favicon: '/f.ico', logo: '/logo.svg', logoConsole: '/logo-console.svg' },
        title: 'Partner Cloud',
        modulesSettings: { 'cloud-speed': { title: 'Edge' } },
      });
      const byHost = await app.inject({ method: 'GET', url: '/api/oem/cfg', headers: { host: 'partner.example' } });
      assert.equal((JSON.parse(byHost.body) as { data: OemConfigAnswer }).data.oem?.title, 'Partner Host');
    } finally {
      app.db.prepare('DELETE FROM oem_config').run();
    }
  });

  it('shell §4: V4/member.set.info.console answers the demo parent the new layout and every optional module on', async () => {
    const info = await expectOk<MemberConsoleInfo>(app, 'GET', 'V4/member.set.info.console', { token: parent });
    assert.deepEqual(info, {
      version_gray: { status: 'done' },
      subacl: { status: 'on' },
      condition_source: { condition_source_view: 'on' },
      ban: { status: 'on' },
    });
  });

  it('shell §4: an account without console info gets the old layout and the optional modules off', async () => {
    const other = addSecondTenant(app);
    const { token } = await signInParent(app, other.email, other.password);
    const info = await expectOk<MemberConsoleInfo>(app, 'GET', 'V4/member.set.info.console', { token });
    assert.deepEqual(info, {
      version_gray: { status: 'normal' },
      subacl: { status: 'off' },
      condition_source: { condition_source_view: 'off' },
      ban: { status: 'off' },
    });
  });

  it('shell §4: sso/V4/timezone stores an IANA zone on the session and the user', async () => {
    const answer = await expectOk<TimeZoneAnswer>(app, 'POST', 'sso/V4/timezone', {
      token: parent,
      body: { timezone: 'Asia/Shanghai' },
    });
    assert.deepEqual(answer, { timezone: 'Asia/Shanghai' });
    const stored = app.db.prepare("SELECT timezone FROM users WHERE email = 'admin@example.com'").get() as { timezone: string };
    assert.equal(stored.timezone, 'Asia/Shanghai');
  });

  it('sso/V4/timezone refuses a name that is not an IANA zone with VALIDATION_FAILED_CODE', async () => {
    for (const timezone of ['Mars/Olympus', 'GMT+8; DROP TABLE', '', 42]) {
      const answer = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'sso/V4/timezone', {
        token: parent,
        body: { timezone },
      });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, String(timezone));
      assert.equal(answer.data.errors[0].field, 'timezone');
    }
  });

  it('shell §3: V4/share_data.region answers about 48 countries, 34 provinces and the region tree, without a session', async () => {
    const data = await expectOk<RegionData>(app, 'GET', 'V4/share_data.region');
    assert.equal(data.countrys.length, 48);
    for (const code of ['CN', 'HK', 'MO', 'TW', 'US', 'JP']) assert.ok(data.countrys.some((c) => c.value === code), code);
    assert.equal(data.provinces.length, 34);
    assert.deepEqual(
      data.ipRegions.map((region) => region.key),
      ['CN', 'ASIA', 'AMERICA', 'EUROPE', 'AFRICA', 'OCEANIA'],
    );
    const china = data.ipRegions[0];
    const mainland = china.child?.find((group) => group.key === 'CNPR');
    const hmt = china.child?.find((group) => group.key === 'CNHMT');
    assert.equal(mainland?.child?.length, 31);
    assert.deepEqual(
      hmt?.child?.map((region) => region.key),
      ['HK', 'MO', 'TW'],
    );
    // Every country sits in exactly one region of the tree.
    const inTree = data.ipRegions.flatMap((region) =>
      region.key === 'CN' ? ['CN', 'HK', 'MO', 'TW'] : (region.child ?? []).map((country) => country.key),
    );
    assert.deepEqual([...inTree].sort(), data.countrys.map((country) => country.value).sort());
  });

  it('region labels follow the request language and both languages are given', async () => {
    const english = await expectOk<RegionData>(app, 'GET', 'V4/share_data.region', { lang: 'en_US' });
    const chinese = await expectOk<RegionData>(app, 'GET', 'V4/share_data.region', { lang: 'zh_CN' });
    const us = english.countrys.find((country) => country.value === 'US');
    assert.deepEqual(us, { value: 'US', label: 'United States', label_zh: '美国', label_en: 'United States', region: 'AMERICA' });
    assert.equal(chinese.countrys.find((country) => country.value === 'US')?.label, '美国');
    assert.equal(english.ipRegions[0].child?.[0].name, 'Mainland China');
    assert.equal(chinese.ipRegions[0].child?.[0].name, '中国大陆');
  });

  it('shell §3: V4/member.product.plan answers the plan info with domain usage', async () => {
    const { plans } = await expectOk<PlansAnswer>(app, 'GET', 'V4/member.product.plan', { token: parent });
    assert.equal(plans.length, 1);
    const plan = plans[0];
    assert.deepEqual(Object.keys(plan).sort(), [
      'domain_packet_kurong_nums',
      'domain_usage',
      'expire_time',
      'id',
      'meal_flag',
      'plan_name',
      'plan_setting',
    ]);
    assert.equal(plan.meal_flag, 'business');
    assert.deepEqual(plan.domain_usage, { total: 20, used: DEMO_DOMAINS.length });
    assert.ok(Date.parse(plan.expire_time) > clock.now());
  });

  it('rules §6: V4/member.plan.actions gates features by package (business: regex cache yes, template copy no)', async () => {
    const answer = await expectOk<PlanActionsAnswer>(app, 'GET', 'V4/member.plan.actions', { token: parent });
    assert.ok(answer.actions.includes('cache_regex'));
    assert.ok(!answer.actions.includes('template_copy'));
    assert.ok(!answer.actions.includes('bot_analytics'));
    assert.deepEqual(answer.package_allow, {
      https: true,
      domain_proxy_conf: true,
      cloud_waf: { waf_mode: ['observe', 'block'] },
      waf_block_diy_page: { type: ['default', 'html'] },
    });
  });

  it('an expired plan unlocks nothing', async () => {
    const other = addSecondTenant(app);
    app.db.prepare('UPDATE plans SET expire_at = ? WHERE id = ?').run(clock.now() - 1, other.planId);
    const { token } = await signInParent(app, other.email, other.password);
    const answer = await expectOk<PlanActionsAnswer>(app, 'GET', 'V4/member.plan.actions', { token });
    assert.deepEqual(answer.actions, []);
    assert.equal(answer.package_allow.https, false);
  });

  it('shell §9: V4/cloudsafe.hwws.domain.list?per_page=10000 answers every domain of the parent as { domain, domain_id }', async () => {
    const answer = await expectOk<ListAnswer<DomainListItem>>(app, 'GET', 'V4/cloudsafe.hwws.domain.list', {
      token: parent,
      query: { per_page: 10000 },
    });
    assert.equal(answer.total, DEMO_DOMAINS.length);
    assert.deepEqual(
      answer.list.map((item) => item.domain),
      [...DEMO_DOMAINS],
    );
    assert.deepEqual(Object.keys(answer.list[0]).sort(), ['domain', 'domain_id']);
  });

  it('shell §9: the list pages with page and per_page and accepts size, pagesize and page_size', async () => {
    for (const name of ['per_page', 'size', 'pagesize', 'page_size']) {
      const answer = await expectOk<ListAnswer<DomainListItem>>(app, 'GET', 'V4/cloudsafe.hwws.domain.list', {
        token: parent,
        query: { page: 2, [name]: 4 },
      });
      assert.equal(answer.total, DEMO_DOMAINS.length, name);
      assert.deepEqual(
        answer.list.map((item) => item.domain),
        DEMO_DOMAINS.slice(4),
        name,
      );
    }
    const filtered = await expectOk<ListAnswer<DomainListItem>>(app, 'GET', 'V4/cloudsafe.hwws.domain.list', {
      token: parent,
      query: { domain: 'EXAMPLE.NET' },
    });
    assert.deepEqual(
      filtered.list.map((item) => item.domain),
      ['static.example.net'],
    );
  });

  it('paging out of range answers VALIDATION_FAILED_CODE naming the field', async () => {
    const answer = await call<{ errors: { field: string; key: string }[] }>(app, 'GET', 'V4/cloudsafe.hwws.domain.list', {
      token: parent,
      query: { page: 0, per_page: 10001 },
    });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(
      answer.data.errors.map((issue) => issue.field),
      ['page', 'per_page'],
    );
  });

  it('rules §6: a child lists only the domains its group specifies', async () => {
    const answer = await expectOk<ListAnswer<DomainListItem>>(app, 'GET', 'V4/cloudsafe.hwws.domain.list', {
      token: child,
      query: { per_page: 10000 },
    });
    assert.deepEqual(
      answer.list.map((item) => item.domain),
      DEMO_DOMAINS.slice(0, 2),
    );
    assert.equal(answer.total, 2);
  });

  describe('embedded app-login check (shell §4: codes 44 and 604)', () => {
    it('answers 1 for an open app with a bearer token', async () => {
      const answer = await call(app, 'GET', 'dashboard-api/account/user/appLogin', {
        query: { app: 'cloud-speed' },
        headers: { authorization: `Bearer ${parent}` },
      });
      assert.equal(answer.code, 1);
    });

    it('accepts the console client x-token as well', async () => {
      const answer = await call(app, 'GET', 'dashboard-api/account/user/appLogin', { query: { app: 'taichi-app' }, token: parent });
      assert.equal(answer.code, 1);
    });

    it('answers 44 when the token is missing or invalid', async () => {
      const missing = await call(app, 'GET', 'dashboard-api/account/user/appLogin', { query: { app: 'cloud-speed' } });
      assert.equal(missing.code, APP_LOGIN_REQUIRED_CODE);
      const invalid = await call(app, 'GET', 'dashboard-api/account/user/appLogin', {
        query: { app: 'cloud-speed' },
        headers: { authorization: 'Bearer not-a-session' },
      });
      assert.equal(invalid.code, APP_LOGIN_REQUIRED_CODE);
    });

    it('answers 604 with the edition flag when the app is not open to the account', async () => {
      const other = addSecondTenant(app);
      app.db.prepare('UPDATE members SET flag = 2 WHERE id = ?').run(other.memberId);
      const { token } = await signInParent(app, other.email, other.password);
      const answer = await call<AppLoginUnavailableData>(app, 'GET', 'dashboard-api/account/user/appLogin', {
        query: { app: 'cloud-speed' },
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(answer.code, APP_LOGIN_UNAVAILABLE_CODE);
      assert.deepEqual(answer.data, { flag: 2 });
    });

    it('shell §4: answers 604 to a child for a product children do not see', async () => {
      const answer = await call<AppLoginUnavailableData>(app, 'GET', 'dashboard-api/account/user/appLogin', {
        query: { app: 'taichi-app' },
        headers: { authorization: `Bearer ${child}` },
      });
      assert.equal(answer.code, APP_LOGIN_UNAVAILABLE_CODE);
      assert.deepEqual(answer.data, { flag: 1 });
    });
  });
});
