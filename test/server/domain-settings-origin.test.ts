/**
 * The origin tab's settings groups on the reference server (shell §7 `V4/web.domain.set.get`/`save` by group; rules
 * §3 "Origin", "Conditional origin", "Origin health and probe"; rules §4 origin health; rules §5 Origin and
 * performance; rules §6 non-standard ports and per-object grants; rules §9 defaults). Every bad value posted directly
 * must get the same message keys the console's forms show (core/settings/origin.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { WebsiteInfo } from '../../core/api/endpoints/websites.js';
import type { SettingsGroupName, SettingsGroupState, SettingsGroupValues } from '../../core/settings/catalogue.js';
import {
  ORIGIN_DEFAULTS,
  ORIGIN_VALIDATORS,
  newConditionalRule,
  newOriginEntry,
  validateConditionalOrigin,
  type OriginEntry,
  type OriginGroup,
} from '../../core/settings/origin.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { originHealthStates, originUnreachable } from '../../demo/server/features/domain-settings/groups/origin-health.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { ORIGIN_PULL_RANGES } from '../../core/settings/origin.js';
import { call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

let app: FastifyInstance;
let clock: TestClock;
let parent: string;
let reader: string;
const ids: Record<string, number> = {};

const READER = { userName: 'origin-reader', password: 'Reader#2026pass' };

before(async () => {
  ({ app, clock } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  for (const row of app.db.prepare('SELECT id, domain FROM domains').all() as { id: number; domain: string }[]) ids[row.domain] = row.id;
  // A sub-account whose group may only read www.example.com (rules §6: view-only for a read grant).
  const groupId = createPermissionGroup(
    app.db,
    { memberId: DEMO_MEMBER_ID, name: 'Origin readers', grants: [{ module: 'domain', object_scope: 'specified', access: 'read', auto_bind_new: false }] },
    app.now(),
  );
  bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'domain', kind: 'specified', objectIds: [ids['www.example.com']!] });
  createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: READER.userName, passwordHash: hashPasswordSync(READER.password), groupId }, app.now());
  reader = (await signInChild(app, DEMO_MEMBER_ID, READER.userName, READER.password)).token;
});
after(async () => app.close());

type States = { [K in SettingsGroupName]: SettingsGroupState<SettingsGroupValues[K]> };
const ORIGIN_GROUPS = 'origin,back_source_host,conditional_origin,origin_advanced,slice,origin_health';

async function read(domainId: number, token = parent, group = ORIGIN_GROUPS): Promise<States> {
  return expectOk<States>(app, 'GET', 'V4/web.domain.set.get', { token, query: { domain_id: domainId, group } });
}
async function save<N extends SettingsGroupName>(domainId: number, name: N, value: unknown, token = parent) {
  const revision = (await read(domainId, parent, name))[name].revision;
  return call<States>(app, 'PUT', 'V4/web.domain.set.save', { token, body: { domain_id: domainId, group: { [name]: { revision, value } } } });
}
async function errorsOf(domainId: number, name: SettingsGroupName, value: unknown): Promise<FieldIssue[]> {
  const answer = await save(domainId, name, value);
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as unknown as { errors: FieldIssue[] }).errors;
}
/** The server's keys for a bad value equal the shared rule's (the form's), prefixed with the group. */
async function sameKeys(name: keyof typeof ORIGIN_VALIDATORS, value: unknown, expected: Array<[string, string]>) {
  const domainId = ids['www.example.com']!;
  const server = await errorsOf(domainId, name, value);
  const browser = (ORIGIN_VALIDATORS[name] as (v: unknown, d?: string) => FieldIssue[])(value, 'www.example.com').map((found) => ({ ...found, field: `${name}.${found.field}` }));
  assert.deepEqual(server, browser);
  for (const [field, key] of expected) assert.ok(server.some((found) => found.field === `${name}.${field}` && found.key === key), `${field} ${key} in ${JSON.stringify(server)}`);
}
const entry = (fields: Partial<OriginEntry> = {}): OriginEntry => ({ ...newOriginEntry(), address: '203.0.113.50', ...fields });
const originValue = (origins: OriginEntry[], rest: Partial<OriginGroup> = {}): OriginGroup => ({ origins, origin_protocol: 0, load_balancing: 1, ...rest });

describe('shell §7 web.domain.set.get: the origin tab groups and their defaults (rules §5, §9)', () => {
  it('answers every origin group; origins are those the domain list shows (rules §3 Origin)', async () => {
    const groups = await read(ids['www.example.com']!);
    assert.deepEqual(
      groups.origin.value.origins.map((o) => [o.address, o.port, o.line, o.weight, o.protocol, o.listen_port, o.priority]),
      [
        ['203.0.113.10', 80, 'primary', 10, 0, 80, 1],
        ['203.0.113.11', 80, 'backup', 5, 0, 80, 1],
      ],
    );
    assert.equal(groups.origin.editable, true);
    assert.equal(groups.origin.locked_by, null);
    assert.deepEqual(groups.back_source_host.value, ORIGIN_DEFAULTS.back_source_host());
    assert.deepEqual(groups.conditional_origin.value, { rules: [] });
    assert.deepEqual(groups.slice.value, { status: 'off' });
  });

  it('rules §9: origin timeout 30 s, health failure 30, interval 10 s, block 30 s; the timeout is batch setting\'s', async () => {
    const groups = await read(ids['www.example.com']!);
    assert.equal(groups.origin_advanced.value.timeout, 30);
    assert.deepEqual(groups.origin_health.value.health, { status: 'off', failure_threshold: 30, interval: 10, block_seconds: 30 });
    // api.example.com was seeded with origin_timeout 120 through domains.settings.
    assert.equal((await read(ids['api.example.com']!, parent, 'origin_advanced')).origin_advanced.value.timeout, 120);
  });
});

describe('rules §5 Origin and performance: bad origins posted directly get the form\'s keys', () => {
  it('at least one primary line', async () => {
    await sameKeys('origin', originValue([]), [['origins', 'origin.main-line-required']]);
    await sameKeys('origin', originValue([entry({ line: 'backup' })]), [['origins', 'origin.main-line-required']]);
  });
  it('address IPv4, IPv6 or domain', async () => {
    await sameKeys('origin', originValue([entry({ address: 'not an address' }), entry({ address: '' })]), [
      ['origins.0.address', 'origin.address-format'],
      ['origins.1.address', 'origin.address-required'],
    ]);
  });
  it('ports and listening ports 1-65535, weight 1-100, priority 1-100, typed text included', async () => {
    await sameKeys('origin', originValue([entry({ port: 0, listen_port: 70000, weight: 0, priority: 101 }), entry({ address: '2001:db8::1', port: 'abc' as never })]), [
      ['origins.0.port', 'origin.port-error'],
      ['origins.0.listen_port', 'origin.port-error'],
      ['origins.0.weight', 'websites.weight-range'],
      ['origins.0.priority', 'common.integer-range'],
      ['origins.1.port', 'origin.port-error'],
    ]);
  });
  it('a duplicate port is refused: the same address and port, and one listening port for two protocols', async () => {
    await sameKeys('origin', originValue([entry(), entry({ line: 'backup' })]), [['origins.1.port', 'origin.port-exists']]);
    await sameKeys('origin', originValue([entry({ protocol: 0, listen_port: 8080 }), entry({ address: 'origin.example.org', protocol: 1, listen_port: 8080 })]), [
      ['origins.1.listen_port', 'origin.port-exists'],
    ]);
  });
  it('protocol, origin-fetch protocol and balancing are the shell §3 enums', async () => {
    await sameKeys('origin', originValue([entry({ protocol: 3 as never, line: 'side' as never })], { origin_protocol: 7 as never, load_balancing: 'hash' as never }), [
      ['origins.0.protocol', 'origin-tab.choice-invalid'],
      ['origins.0.line', 'origin-tab.choice-invalid'],
      ['origin_protocol', 'origin-tab.choice-invalid'],
      ['load_balancing', 'origin-tab.choice-invalid'],
    ]);
  });
  it('origin timeout 1-300 (stricter reading of "0-300")', async () => {
    const value = (timeout: unknown) => ({ ...ORIGIN_DEFAULTS.origin_advanced(), timeout });
    await sameKeys('origin_advanced', value(0), [['timeout', 'origin.timeout-range']]);
    await sameKeys('origin_advanced', value(301), [['timeout', 'origin.timeout-range']]);
    await sameKeys('origin_advanced', { ...value(30), keepalive: { status: 'maybe', idle_seconds: 0 }, follow_redirect: 1 }, [
      ['keepalive.status', 'websites.switch-value'],
      ['keepalive.idle_seconds', 'common.integer-range'],
      ['follow_redirect', 'websites.switch-value'],
    ]);
  });
  it('health: failure threshold 1-300, interval at least 1 s, block 0-300; the probe path starts with /', async () => {
    const base = ORIGIN_DEFAULTS.origin_health();
    await sameKeys('origin_health', { ...base, health: { status: 'on', failure_threshold: 0, interval: 0, block_seconds: 301 } }, [
      ['health.failure_threshold', 'common.integer-range'],
      ['health.interval', 'common.integer-range'],
      ['health.block_seconds', 'common.integer-range'],
    ]);
    await sameKeys('origin_health', { ...base, health: { ...base.health, failure_threshold: 301 }, probe: { ...base.probe, path: 'health', method: 'PUT', frequency: 5, connect_timeout: 10 } }, [
      ['health.failure_threshold', 'common.integer-range'],
      ['probe.path', 'common.start-with-slash'],
      ['probe.method', 'origin-tab.choice-invalid'],
      ['probe.connect_timeout', 'origin-tab.probe-timeout-frequency'],
    ]);
  });
  it('origin host and SNI: a domain or an IP', async () => {
    await sameKeys('back_source_host', { mode: 'diy', host: '', sni: { status: 'on', name: 'bad name' } }, [
      ['host', 'common.required'],
      ['sni.name', 'origin-tab.host-format'],
    ]);
  });
  it('slice is a switch', async () => {
    await sameKeys('slice', { status: 'yes' }, [['status', 'websites.switch-value']]);
  });
  it('origin protection (shell §3 source_site_protect) is a switch', async () => {
    await sameKeys('source_site_protect', { status: 'maybe' }, [['status', 'websites.switch-value']]);
  });
});

describe('shell §3 setting item "origin protection" (group source_site_protect)', () => {
  it('is off by default and answers the back-to-origin ranges the origin must admit (read-only, never stored)', async () => {
    const domainId = ids['www.example.com']!;
    const before = (await read(domainId, parent, 'source_site_protect')).source_site_protect;
    assert.equal(before.value.status, 'off');
    assert.deepEqual(before.value.ranges, [...ORIGIN_PULL_RANGES]);
    // A post that carries its own ranges cannot change them: they are the edge's, not the customer's.
    const answer = await save(domainId, 'source_site_protect', { status: 'on', ranges: ['0.0.0.0/0'] });
    assert.equal(answer.code, 1, answer.raw);
    const after = (await read(domainId, parent, 'source_site_protect')).source_site_protect;
    assert.equal(after.value.status, 'on');
    assert.deepEqual(after.value.ranges, [...ORIGIN_PULL_RANGES]);
    const stored = app.db
      .prepare("SELECT value FROM domain_setting_groups WHERE owner_kind = 'domain' AND owner_id = ? AND group_name = 'source_site_protect'")
      .get(domainId) as { value: string };
    assert.deepEqual(JSON.parse(stored.value), { status: 'on' });
  });
  it('rules §6: a sub-account with a read grant on the domain sees it and cannot save it', async () => {
    const domainId = ids['www.example.com']!;
    const seen = (await read(domainId, reader, 'source_site_protect')).source_site_protect;
    assert.equal(seen.editable, false);
    const refused = await save(domainId, 'source_site_protect', { status: 'off' }, reader);
    assert.equal(refused.code, PERMISSION_DENIED_CODE, refused.raw);
  });
});

describe('rules §3 Conditional origin: conditions from the condition builder (rules §5 Match rules), origins, priority, status', () => {
  const rule = (fields: Record<string, unknown> = {}) => ({ ...newConditionalRule([]), conditions: [{ type: 'url', operator: 'prefix', value: '/api/' }], origins: [{ address: 'api-origin.example.org', port: 443, weight: 10 }], ...fields });
  it('refuses a rule without conditions, an unavailable match type, no origins and a repeated priority', async () => {
    await sameKeys('conditional_origin', { rules: [rule({ conditions: [] }), rule({ conditions: [{ type: 'status-code', operator: 'equals', value: '404' }], priority: 2 }), rule({ origins: [], priority: 3 }), rule({ priority: 3 })] }, [
      ['rules.0.conditions', 'common.rule-required'],
      ['rules.1.conditions.0.type', 'origin-tab.condition-type-unavailable'],
      ['rules.2.origins', 'origin-tab.rule-origin-required'],
      ['rules.3.priority', 'origin-tab.priority-exists'],
    ]);
  });
  it('checks conditions as the WAF and cache rules do (at most 5; IP and region exclusive)', async () => {
    const six = Array.from({ length: 6 }, () => ({ type: 'url', operator: 'prefix', value: '/a' }));
    await sameKeys('conditional_origin', { rules: [rule({ conditions: six })] }, [['rules.0.conditions', 'waf.too-many-conditions']]);
  });
  it('saves rules with ids that stay across saves', async () => {
    const domainId = ids['shop.example.com']!;
    const first = await save(domainId, 'conditional_origin', { rules: [rule()] });
    assert.equal(first.code, 1, first.raw);
    const [saved] = (await read(domainId, parent, 'conditional_origin')).conditional_origin.value.rules;
    assert.equal(saved!.id, 1);
    const second = await save(domainId, 'conditional_origin', { rules: [saved, rule({ priority: 2, description: 'images' })] });
    assert.equal(second.code, 1, second.raw);
    const rules = (await read(domainId, parent, 'conditional_origin')).conditional_origin.value.rules;
    assert.deepEqual(rules.map((r) => [r.id, r.priority, r.description]), [[1, 1, ''], [2, 2, 'images']]);
    assert.deepEqual(validateConditionalOrigin({ rules }), []);
  });
});

describe('rules §6: non-standard listening ports need an exclusive IP network or a dedicated resource package', () => {
  it('refuses them on a standard network without the package, with a clear message', async () => {
    const errors = await errorsOf(ids['www.example.com']!, 'origin', originValue([entry({ listen_port: 8888 }), entry({ address: 'a.example.org', protocol: 1, listen_port: 8443 })]));
    assert.deepEqual(errors, [{ field: 'origin.origins.0.listen_port', key: 'origin-tab.non-standard-port', values: { port: 8888, ports: '80, 8080', feature: 'non_standard_port', notice: 'upgrade' } }]);
  });
  it('accepts them on an exclusive IP network', async () => {
    const domainId = ids['api.example.com']!;
    app.db.prepare("UPDATE domains SET network_type = 'exclusive_ip' WHERE id = ?").run(domainId);
    const answer = await save(domainId, 'origin', originValue([entry({ address: 'api.example.org', listen_port: 8888 })]));
    assert.equal(answer.code, 1, answer.raw);
    app.db.prepare("UPDATE domains SET network_type = 'standard' WHERE id = ?").run(domainId);
  });
  it('accepts them where the plan has the non_standard_port action', async () => {
    app.db.prepare("UPDATE plans SET actions = json_insert(actions, '$[#]', 'non_standard_port') WHERE member_id = ?").run(DEMO_MEMBER_ID);
    try {
      const answer = await save(ids['api.example.com']!, 'origin', originValue([entry({ address: 'api.example.org', listen_port: 9000 })]));
      assert.equal(answer.code, 1, answer.raw);
    } finally {
      app.db.prepare("UPDATE plans SET actions = (SELECT json_group_array(value) FROM json_each(actions) WHERE value <> 'non_standard_port') WHERE member_id = ?").run(DEMO_MEMBER_ID);
    }
  });
});

describe('one source of truth: the domain list and batch setting see what the console saved', () => {
  it('the domain list shows the edited origins, origin-fetch protocol and balancing', async () => {
    const domainId = ids['m.example.com']!;
    const origins = [entry({ address: 'origin-m.example.org', port: 8080, weight: 30 }), entry({ address: '198.51.100.77', line: 'backup', weight: 5, priority: 2 })];
    const answer = await save(domainId, 'origin', originValue(origins, { origin_protocol: 2, load_balancing: 2 }));
    assert.equal(answer.code, 1, answer.raw);
    const site = await expectOk<WebsiteInfo>(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token: parent, query: { id: domainId } });
    assert.deepEqual(site.origins, [
      { address: 'origin-m.example.org', port: 8080, line: 'primary', weight: 30 },
      { address: '198.51.100.77', port: 80, line: 'backup', weight: 5 },
    ]);
    assert.equal(site.origin_protocol, 2);
    assert.equal(site.load_balancing, 2);
    const list = await expectOk<ListAnswer<WebsiteInfo>>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token: parent, query: { page: 1, per_page: 50 } });
    assert.equal(list.list.find((row) => row.id === domainId)?.origins.length, 2);
    assert.deepEqual((await read(domainId, parent, 'origin')).origin.value.origins, origins);
  });
  it('the origin timeout is domains.settings.origin_timeout, both ways', async () => {
    const domainId = ids['m.example.com']!;
    const saved = await save(domainId, 'origin_advanced', { ...ORIGIN_DEFAULTS.origin_advanced(), timeout: 45, follow_redirect: 'on' });
    assert.equal(saved.code, 1, saved.raw);
    const site = await expectOk<WebsiteInfo>(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token: parent, query: { id: domainId } });
    assert.equal(site.settings.origin_timeout, 45);
    await expectOk(app, 'POST', 'V4/cloudsafe.hwws.website.batch.setting', { token: parent, body: { selection: { ids: [domainId] }, settings: { origin_timeout: 90 } } });
    const advanced = (await read(domainId, parent, 'origin_advanced')).origin_advanced.value;
    assert.equal(advanced.timeout, 90);
    assert.equal(advanced.follow_redirect, 'on');
  });
});

describe('rules §6: a sub-account with a read grant sees the origin tab view-only', () => {
  it('reads every group with editable false and is refused on save', async () => {
    const domainId = ids['www.example.com']!;
    const groups = await read(domainId, reader);
    for (const name of ORIGIN_GROUPS.split(',') as SettingsGroupName[]) assert.equal(groups[name].editable, false, name);
    const answer = await save(domainId, 'slice', { status: 'on' }, reader);
    assert.equal(answer.code, PERMISSION_DENIED_CODE, answer.raw);
    assert.deepEqual((await read(domainId, parent, 'slice')).slice.value, { status: 'off' });
  });
});

describe('rules §3/§4 origin health: a failing origin is disabled temporarily; the checks stop after an hour idle', () => {
  it('the simulation fails the documentation ranges and .invalid hosts only', () => {
    for (const address of ['192.0.2.1', '198.51.100.20', '203.0.113.10', '2001:db8::10', 'down.invalid']) assert.equal(originUnreachable(address), true, address);
    for (const address of ['192.0.3.1', '8.8.8.8', 'origin.example.org', '2001:db9::1']) assert.equal(originUnreachable(address), false, address);
  });

  it('answers each origin\'s state: unchecked while off, then unhealthy, blocked for the block time, and unchecked an hour after the last change', async () => {
    const domainId = ids['static.example.net']!;
    const origins = [entry({ address: 'static-origin.example.org' }), entry({ address: '192.0.2.44', line: 'backup' })];
    assert.equal((await save(domainId, 'origin', originValue(origins))).code, 1);
    const off = (await read(domainId, parent, 'origin_health')).origin_health.value.states!;
    assert.deepEqual(off.map((s) => [s.address, s.state, s.reason]), [
      ['static-origin.example.org', 'unchecked', 'checks-off'],
      ['192.0.2.44', 'unchecked', 'checks-off'],
    ]);
    const started = clock.now();
    const health = { ...ORIGIN_DEFAULTS.origin_health(), health: { status: 'on', failure_threshold: 3, interval: 10, block_seconds: 30 } };
    const saved = await save(domainId, 'origin_health', { ...health, states: [{ address: 'x', port: 1, state: 'healthy', since: null, reason: 'forged' }] });
    assert.equal(saved.code, 1, saved.raw);
    const states = async () => (await read(domainId, parent, 'origin_health')).origin_health.value.states!.map((s) => [s.state, s.since]);
    assert.deepEqual(await states(), [
      ['healthy', new Date(started).toISOString()],
      ['unhealthy', new Date(started).toISOString()],
    ]);
    clock.advance(30_000);
    assert.deepEqual((await states())[1], ['blocked', new Date(started + 30_000).toISOString()]);
    clock.advance(30_000);
    assert.deepEqual((await states())[1], ['unhealthy', new Date(started + 60_000).toISOString()]);
    clock.advance(3600_000);
    assert.deepEqual((await states()).map(([state]) => state), ['unchecked', 'unchecked']);
    // The stored group holds no states: they are computed, never saved.
    const row = app.db.prepare("SELECT value FROM domain_setting_groups WHERE owner_id = ? AND group_name = 'origin_health'").get(domainId) as { value: string };
    assert.equal(JSON.parse(row.value).states, undefined);
  });

  it('with only the probe on, an origin is unhealthy after unavailable_count probes in a row', () => {
    const settings = { ...ORIGIN_DEFAULTS.origin_health(), probe: { ...ORIGIN_DEFAULTS.origin_health().probe, status: 'on' as const, frequency: 20, unavailable_count: 3 } };
    const at = (seconds: number) => originHealthStates([{ address: 'x.invalid', port: 80 }], settings, 0, seconds * 1000)[0]!.state;
    assert.equal(at(59), 'healthy');
    assert.equal(at(60), 'unhealthy');
  });
});
