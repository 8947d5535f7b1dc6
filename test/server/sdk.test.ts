/**
 * The application protection product (issue 29; shell §1 taichi-app, rules §2, §3, §5, §9): businesses, devices with
 * the reputation computed from their sessions at every read (rules §9 boundaries), forwarding packages of up to 1000
 * ports (rules §5), protection settings, SDK keys, data reports from the log store, the operation log (area sdk),
 * and shell §4: a sub-account is refused on every route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { SdkBusiness, SdkDevice, SdkKey, SdkPackage, SdkReport, SdkResourceConfig } from '../../core/api/endpoints/sdk.js';
import { sdkSchemas } from '../../demo/server/features/sdk/index.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { logLine } from '../helpers/log-lines.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

let app: FastifyInstance;
let clock: TestClock;
let parent: string;
let viewer: string;
let shop: SdkBusiness;

const issuesOf = (data: unknown) => (data as { errors: FieldIssue[] }).errors.map((entry) => `${entry.field} ${entry.key}`);

before(async () => {
  ({ app, clock } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
  const list = await expectOk<ListAnswer<SdkBusiness>>(app, 'GET', 'V4/sdk.business.list', { token: parent, query: { keyword: 'shop' } });
  shop = list.list[0]!;
});
after(async () => app.close());

describe('rules §9 device reputation from simulated sessions', () => {
  it('the seeded devices sit on each side of both boundaries, computed from their sessions', async () => {
    const devices = await expectOk<ListAnswer<SdkDevice>>(app, 'GET', 'V4/sdk.device.list', { token: parent, query: { business_id: shop.id, per_page: 100 } });
    const byFigures = new Map(devices.list.map((device) => [`${device.online_hours}h/${device.launches}`, device]));
    const levelOf = (key: string) => byFigures.get(key)?.level;
    assert.equal(levelOf('49h/51'), 'premium');
    assert.equal(levelOf('48h/50'), 'normal', 'rules §9 exactly 48 h and 50 launches is not over them');
    assert.equal(levelOf('48h/51'), 'normal');
    assert.equal(levelOf('49h/50'), 'normal');
    assert.equal(levelOf('9h/21'), 'normal');
    assert.equal(levelOf('8h/20'), 'risk', 'rules §9 exactly 8 h and 20 launches is not over them');
    assert.equal(byFigures.get('8h/20')?.reason.key, 'sdk.reputation-risk-both');
    assert.equal(levelOf('8h/21'), 'risk');
    assert.equal(levelOf('120h/12'), 'risk');
    assert.deepEqual(shop.devices, { premium: 2, normal: 4, risk: 4 });
  });

  it('filters by level and pages the computed list', async () => {
    const risk = await expectOk<ListAnswer<SdkDevice>>(app, 'GET', 'V4/sdk.device.list', { token: parent, query: { business_id: shop.id, level: 'risk', per_page: 3 } });
    assert.equal(risk.total, 4);
    assert.equal(risk.list.length, 3);
    assert.ok(risk.list.every((device) => device.level === 'risk'));
    assert.equal((await call(app, 'GET', 'V4/sdk.device.list', { token: parent, query: { business_id: shop.id, level: 'gold' } })).code, VALIDATION_FAILED_CODE);
  });

  it('a new session moves a device up at once (the level is never stored)', async () => {
    const device = app.db.prepare("SELECT id FROM sdk_devices WHERE model = 'Redmi Note 13'").get() as { id: number };
    const now = clock.now();
    app.db.prepare('INSERT INTO sdk_sessions (member_id, device_id, started_at, ended_at) VALUES (?, ?, ?, ?)').run(DEMO_MEMBER_ID, device.id, now - 3_600_000, now);
    const devices = await expectOk<ListAnswer<SdkDevice>>(app, 'GET', 'V4/sdk.device.list', { token: parent, query: { business_id: shop.id, per_page: 100 } });
    const moved = devices.list.find((entry) => entry.id === device.id)!;
    assert.deepEqual([moved.online_hours, moved.launches, moved.level], [9, 21, 'normal']);
    app.db.prepare('DELETE FROM sdk_sessions WHERE device_id = ? AND ended_at = ?').run(device.id, now);
  });
});

describe('rules §2 SDK businesses', () => {
  it('refuses a bad business with the form\'s keys, and a name already used', async () => {
    const bad = await call(app, 'POST', 'V4/sdk.business.create', { token: parent, body: { name: 'x', android_package: '', ios_bundle: '', remark: '' } });
    assert.equal(bad.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(issuesOf(bad.data), ['name common.length-range', 'android_package sdk.platform-required']);
    const taken = await call(app, 'POST', 'V4/sdk.business.create', { token: parent, body: { name: shop.name, android_package: 'com.a.b', ios_bundle: '', remark: '' } });
    assert.deepEqual(issuesOf(taken.data), ['name sdk.name-taken']);
    const other = addSecondTenant(app);
    const foreign = await call(app, 'POST', 'V4/sdk.business.create', { token: parent, body: { name: 'Foreign site', android_package: 'com.a.b', ios_bundle: '', remark: '', domain_id: other.domainIds[0] } });
    assert.deepEqual(issuesOf(foreign.data), ['domain_id common.format-error']);
  });

  it('creates, finds, edits and deletes a business, each write in the operation log under area sdk', async () => {
    const created = await expectOk<SdkBusiness>(app, 'POST', 'V4/sdk.business.create', { token: parent, body: { name: 'News reader', android_package: 'com.example.news', ios_bundle: '', remark: 'beta', domain_id: null } });
    assert.deepEqual(created.devices, { premium: 0, normal: 0, risk: 0 });
    const found = await expectOk<ListAnswer<SdkBusiness>>(app, 'GET', 'V4/sdk.business.list', { token: parent, query: { keyword: 'news' } });
    assert.deepEqual(found.list.map((row) => row.id), [created.id]);
    const edited = await expectOk<SdkBusiness>(app, 'POST', 'V4/sdk.business.edit', { token: parent, body: { id: created.id, name: 'News reader', android_package: 'com.example.news', ios_bundle: 'com.example.news', remark: '', domain_id: shop.domain_id } });
    assert.equal(edited.ios_bundle, 'com.example.news');
    assert.equal(edited.domain, 'shop.example.com');
    await expectOk(app, 'POST', 'V4/sdk.business.delete', { token: parent, body: { id: created.id } });
    assert.equal((await call(app, 'GET', 'V4/sdk.business.get', { token: parent, query: { id: created.id } })).code, NOT_FOUND_CODE);
    const logged = app.db.prepare("SELECT action FROM operation_log WHERE area = 'sdk' AND object_label = 'News reader' ORDER BY id").all() as { action: string }[];
    assert.deepEqual(logged.map((row) => row.action), ['create', 'update', 'delete']);
    // What ec-operation-log area=sdk reads.
    const visible = await expectOk<ListAnswer<{ area: string; object_label: string }>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'sdk' } });
    assert.ok(visible.total >= 3);
    assert.ok(visible.list.every((entry) => entry.area === 'sdk'));
  });
});

describe('rules §5 forwarding packages: 1000 ports for the application product', () => {
  const body = (ports: string) => ({ name: `Ports ${ports}`, business_id: shop.id, protocol: 'tcp', ports, source_ips: ['10.0.0.1'], source_port: 9000 });
  it('rules §5 accepts 1000 ports and refuses 1001', async () => {
    const created = await expectOk<SdkPackage>(app, 'POST', 'V4/sdk.package.create', { token: parent, body: body('30000-30999') });
    assert.equal(created.ports.length, 1000);
    const refused = await call(app, 'POST', 'V4/sdk.package.create', { token: parent, body: body('40000-41000') });
    assert.equal(refused.code, VALIDATION_FAILED_CODE);
    assert.deepEqual((refused.data as { errors: FieldIssue[] }).errors, [{ field: 'ports', key: 'origin.l4-too-many-ports', values: { max: 1000 } }]);
    const edited = await expectOk<SdkPackage>(app, 'POST', 'V4/sdk.package.edit', { token: parent, body: { id: created.id, ...body('443, 8443') } });
    assert.deepEqual(edited.ports, [443, 8443]);
    const list = await expectOk<ListAnswer<SdkPackage>>(app, 'GET', 'V4/sdk.package.list', { token: parent });
    assert.ok(list.list.some((row) => row.id === created.id && row.business === shop.name));
    await expectOk(app, 'POST', 'V4/sdk.package.delete', { token: parent, body: { id: created.id } });
  });
});

describe('SDK resource configuration and management', () => {
  it('starts from the defaults, saves checked settings and logs the diff', async () => {
    const created = await expectOk<SdkBusiness>(app, 'POST', 'V4/sdk.business.create', { token: parent, body: { name: 'Settings app', android_package: 'com.example.settings', ios_bundle: '', remark: '' } });
    const initial = await expectOk<SdkResourceConfig>(app, 'GET', 'V4/sdk.config.get', { token: parent, query: { business_id: created.id } });
    assert.deepEqual([initial.cc_enabled, initial.cc_threshold, initial.risk_action, initial.updated_at], [true, 600, 'verify', null]);
    const bad = await call(app, 'POST', 'V4/sdk.config.save', { token: parent, body: { business_id: created.id, cc_enabled: true, cc_threshold: 5, risk_action: 'verify', block_emulators: false, block_rooted: false } });
    assert.deepEqual(issuesOf(bad.data), ['cc_threshold common.integer-range']);
    const saved = await expectOk<SdkResourceConfig>(app, 'POST', 'V4/sdk.config.save', { token: parent, body: { business_id: created.id, cc_enabled: false, cc_threshold: 1200, risk_action: 'block', block_emulators: true, block_rooted: true } });
    assert.deepEqual([saved.cc_enabled, saved.cc_threshold, saved.risk_action, saved.block_emulators], [false, 1200, 'block', true]);
    const again = await expectOk<SdkResourceConfig>(app, 'GET', 'V4/sdk.config.get', { token: parent, query: { business_id: created.id } });
    assert.equal(again.cc_threshold, 1200);
  });

  it('creates, rotates and deletes keys; the key value never enters the log', async () => {
    const key = await expectOk<SdkKey>(app, 'POST', 'V4/sdk.key.create', { token: parent, body: { business_id: shop.id, name: 'CI' } });
    assert.match(key.app_key, /^sdk_[0-9a-f]{32}$/);
    const taken = await call(app, 'POST', 'V4/sdk.key.create', { token: parent, body: { business_id: shop.id, name: 'CI' } });
    assert.deepEqual(issuesOf(taken.data), ['name sdk.key-name-taken']);
    const rotated = await expectOk<SdkKey>(app, 'POST', 'V4/sdk.key.rotate', { token: parent, body: { id: key.id } });
    assert.notEqual(rotated.app_key, key.app_key);
    assert.ok(rotated.rotated_at);
    await expectOk(app, 'POST', 'V4/sdk.key.delete', { token: parent, body: { id: key.id } });
    const keys = await expectOk<ListAnswer<SdkKey>>(app, 'GET', 'V4/sdk.key.list', { token: parent, query: { business_id: shop.id } });
    assert.ok(!keys.list.some((row) => row.id === key.id));
    const log = app.db.prepare("SELECT before_json || after_json AS text FROM operation_log WHERE area = 'sdk'").all() as { text: string }[];
    assert.ok(!log.some((row) => row.text.includes(key.app_key) || row.text.includes(rotated.app_key)));
  });
});

describe('SDK data reports from the log store', () => {
  it('counts the lines of the business\'s website only, per type', async () => {
    const now = clock.now();
    const shopId = shop.domain_id!;
    const www = (app.db.prepare("SELECT id FROM domains WHERE domain = 'www.example.com'").get() as { id: number }).id;
    await app.logStore.append([
      logLine({ ts: now - 120_000, member_id: DEMO_MEMBER_ID, domain_id: shopId, domain: 'shop.example.com', client_ip: '198.51.100.7', uri: '/api/cart', request_id: 'a'.repeat(32) }),
      logLine({ ts: now - 60_000, member_id: DEMO_MEMBER_ID, domain_id: shopId, domain: 'shop.example.com', client_ip: '198.51.100.7', uri: '/api/cart', request_id: 'b'.repeat(32) }),
      logLine({ ts: now - 60_000, log_type: 'waf', member_id: DEMO_MEMBER_ID, domain_id: shopId, domain: 'shop.example.com', status: 403, rule_id: 9, action: 'block', attack_type: 'sqli', request_id: 'c'.repeat(32) }),
      logLine({ ts: now - 60_000, member_id: DEMO_MEMBER_ID, domain_id: www, domain: 'www.example.com', request_id: 'd'.repeat(32) }),
    ]);
    const query = (type: string) => ({ business_id: shop.id, type, from: new Date(now - 3_600_000).toISOString(), to: new Date(now).toISOString(), granularity: '5m' });
    const visit = await expectOk<SdkReport>(app, 'GET', 'V4/sdk.report.get', { token: parent, query: query('visit') });
    assert.equal(visit.domain, 'shop.example.com');
    assert.equal(visit.total, 2);
    assert.deepEqual(visit.ips.map((row) => [row.key, row.requests]), [['198.51.100.7', 2]]);
    assert.equal((await expectOk<SdkReport>(app, 'GET', 'V4/sdk.report.get', { token: parent, query: query('waf') })).total, 1);
    assert.equal((await expectOk<SdkReport>(app, 'GET', 'V4/sdk.report.get', { token: parent, query: query('cc') })).total, 0);
    const bad = await call(app, 'GET', 'V4/sdk.report.get', { token: parent, query: { ...query('dns'), granularity: 'weekly' } });
    assert.deepEqual(issuesOf(bad.data), ['type common.format-error', 'granularity common.format-error']);
  });
});

describe('shell §4: sub-accounts see account security, cloud-speed and cloud-resolving only', () => {
  it('every SDK route refuses a sub-account before reading anything', async () => {
    const routes = Object.keys(sdkSchemas);
    assert.equal(routes.length, 17);
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const answer = method === 'GET'
        ? await call(app, 'GET', path.slice(1), { token: viewer, query: { id: shop.id, business_id: shop.id } })
        : await call(app, 'POST', path.slice(1), { token: viewer, body: { id: shop.id, business_id: shop.id, name: 'x', android_package: '', ios_bundle: '', remark: '', protocol: 'tcp', ports: '1', source_ips: [], source_port: 1, cc_enabled: true, cc_threshold: 10, risk_action: 'allow', block_emulators: false, block_rooted: false } });
      assert.equal(answer.code, PERMISSION_DENIED_CODE, route);
    }
  });

  it('another account never reaches this account\'s businesses', async () => {
    const other = addSecondTenant(app);
    const { token } = await signInParent(app, other.email, other.password);
    assert.equal((await call(app, 'GET', 'V4/sdk.business.get', { token, query: { id: shop.id } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'GET', 'V4/sdk.device.list', { token, query: { business_id: shop.id } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'POST', 'V4/sdk.business.delete', { token, body: { id: shop.id } })).code, NOT_FOUND_CODE);
    assert.equal((await expectOk<ListAnswer<SdkBusiness>>(app, 'GET', 'V4/sdk.business.list', { token })).total, 0);
  });
});
