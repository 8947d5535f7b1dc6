/**
 * Issue 28, layer-4 forwarding on the reference server: rules §3 (rule fields), §4 (forwarding status texts), §5 (at
 * most 100 ports at once, 1000 for the application product; batch edit needs the same source port, package and
 * source IPs), §6 (non-standard ports gated), §8 (activate the TCP package first; a bound domain cannot be deleted),
 * object grants of the `layer4` module (a sub-account granted one rule) and the operation log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { Layer4BatchAnswer, Layer4BatchCheckAnswer, Layer4Rule, Layer4RuleListAnswer, TcpPackageActivateAnswer, TcpPackageListAnswer } from '../../core/api/endpoints/layer4.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { setOriginHealth } from '../../demo/server/features/layer4/index.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

let app: FastifyInstance;
let parent: string;

const errorsOf = (data: unknown) => (data as { errors: FieldIssue[] }).errors;
const rule = { protocol: 'tcp', type: 'ip', source_ips: ['203.0.113.50'], source_port: 9000, remark: 'batch', lb_mode: 'round-robin' };

async function packages(): Promise<TcpPackageListAnswer> {
  return expectOk<TcpPackageListAnswer>(app, 'GET', 'V4/layer4.package.list', { token: parent });
}

async function activate(id: number): Promise<void> {
  const { job_id } = await expectOk<TcpPackageActivateAnswer>(app, 'POST', 'V4/layer4.package.activate', { token: parent, body: { id } });
  assert.equal((await app.jobs.waitFor(job_id)).state, 'complete');
}

async function listAll(query: Record<string, unknown> = {}): Promise<Layer4RuleListAnswer> {
  return expectOk<Layer4RuleListAnswer>(app, 'GET', 'V4/layer4.rule.list', { token: parent, query: { page: 1, per_page: 1000, ...query } });
}

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  // Rules §6: non-standard ports need the package that has them; the business demo plan's refusal is tested below.
  for (const plan of app.db.prepare('SELECT id FROM plans WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number }[]) changePlanLevel(app.db, plan.id, 'ultimate');
});
after(async () => app.close());

describe('issue 28 layer-4 forwarding (rules §3-§6, §8)', () => {
  it('rules §8: forwarding refuses an inactive TCP package with the spec message; activation is a job', async () => {
    const list = await packages();
    assert.deepEqual(list.list.map((entry) => [entry.name, entry.product, entry.active]), [['TCP Pro 01', 'standard', false], ['TCP App 01', 'application', false]]);
    const app01 = list.list[1]!;
    const refused = await call(app, 'POST', 'V4/layer4.rule.batch_add', { token: parent, body: { ...rule, package_id: app01.id, ports: '10000-10099' } });
    assert.equal(refused.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(errorsOf(refused.data).map((entry) => `${entry.field} ${entry.key}`), ['package_id layer4.activate-package']);
    assert.match(refused.message ?? '', /./);
    await activate(app01.id);
    assert.equal((await packages()).list[1]!.active, true);
  });

  it('rules §4: seeded rules read "access key not recognized" until their package is active, then each status appears', async () => {
    const before = await listAll();
    assert.ok(before.list.every((entry) => entry.status === 'key-unrecognized'));
    await activate((await packages()).list[0]!.id);
    const after = await listAll();
    const byPort = new Map(after.list.map((entry) => [entry.rule_port, entry.status]));
    assert.deepEqual([byPort.get(443), byPort.get(8080), byPort.get(80)], ['normal', 'origin-failure', 'not-configured']);
    const failing = after.list.find((entry) => entry.rule_port === 8080)!;
    assert.deepEqual(failing.origins.map((origin) => origin.health), ['up', 'down']);
    assert.deepEqual((await listAll({ status: 'origin-failure' })).list.map((entry) => entry.rule_port), [8080]);
  });

  it('rules §5: batch add takes at most 100 ports, 1000 on the application product, refuses taken and repeated ports', async () => {
    const { list } = await packages();
    const [pro, application] = list;
    const tooMany = await call(app, 'POST', 'V4/layer4.rule.batch_add', { token: parent, body: { ...rule, package_id: pro!.id, ports: '20000-20100' } });
    assert.deepEqual(errorsOf(tooMany.data).map((entry) => [entry.key, entry.values?.max]), [['origin.l4-too-many-ports', 100]]);
    const repeated = await call(app, 'POST', 'V4/layer4.rule.batch_add', { token: parent, body: { ...rule, package_id: pro!.id, ports: '20000, 20000' } });
    assert.deepEqual(errorsOf(repeated.data).map((entry) => entry.key), ['layer4.port-taken']);
    const hundred = await expectOk<Layer4BatchAnswer>(app, 'POST', 'V4/layer4.rule.batch_add', { token: parent, body: { ...rule, package_id: application!.id, ports: '10000-10099' } });
    assert.equal(hundred.ids.length, 100);
    const taken = await call(app, 'POST', 'V4/layer4.rule.batch_add', { token: parent, body: { ...rule, package_id: application!.id, ports: '10099-10100' } });
    assert.deepEqual(errorsOf(taken.data).map((entry) => [entry.key, entry.values?.port]), [['layer4.port-taken', 'TCP 10099']]);
    const thousand = await expectOk<Layer4BatchAnswer>(app, 'POST', 'V4/layer4.rule.batch_add', { token: parent, body: { ...rule, protocol: 'udp', package_id: application!.id, ports: '30000-30999' } });
    assert.equal(thousand.ids.length, 1000);
    const over = await call(app, 'POST', 'V4/layer4.rule.batch_add', { token: parent, body: { ...rule, package_id: application!.id, ports: '40000-41000' } });
    assert.deepEqual(errorsOf(over.data).map((entry) => entry.values?.max), [1000]);
    await expectOk(app, 'POST', 'V4/layer4.rule.delete', { token: parent, body: { ids: thousand.ids } });
  });

  it('rules §3, §5: a bad rule form is refused field by field with the keys the form shows', async () => {
    const pro = (await packages()).list[0]!;
    const answer = await call(app, 'POST', 'V4/layer4.rule.create', {
      token: parent,
      body: { protocol: 'sctp', type: 'ip', source_ips: ['1.2.3.999'], source_port: 70000, remark: 'x'.repeat(65), package_id: pro.id, lb_mode: 'sticky', rule_port: 0 },
    });
    assert.deepEqual(errorsOf(answer.data).map((entry) => `${entry.field} ${entry.key}`), [
      'protocol common.required',
      'source_ips ip.incorrect',
      'source_port origin.port-error',
      'remark common.too-long',
      'lb_mode common.required',
      'rule_port origin.port-error',
    ]);
    const domains = await call(app, 'POST', 'V4/layer4.rule.create', { token: parent, body: { ...rule, type: 'domain', source_ips: ['a.example.com', 'b.example.com'], package_id: pro.id, rule_port: 12000 } });
    assert.deepEqual(errorsOf(domains.data).map((entry) => entry.key), ['layer4.one-domain']);
  });

  it('rules §5: batch edit needs the same source port, package and source IPs; the preview and refusal name the odd records', async () => {
    const rows = (await listAll({ keyword: '203.0.113.50' })).list.filter((entry) => entry.rule_port >= 10000 && entry.rule_port < 10010);
    const ids = rows.map((entry) => entry.id);
    const same = await expectOk<Layer4BatchCheckAnswer>(app, 'POST', 'V4/layer4.rule.batch_check', { token: parent, body: { ids } });
    assert.deepEqual(same, { same: true, differing: [] });
    const edited = await expectOk<Layer4BatchAnswer>(app, 'POST', 'V4/layer4.rule.batch_edit', { token: parent, body: { ids, changes: { source_ips: ['203.0.113.60', '203.0.113.61'], lb_mode: 'ip-hash' } } });
    assert.equal(edited.ids.length, 10);
    const odd = (await listAll({ keyword: '10010' })).list[0]!;
    const mixed = [...ids, odd.id];
    const check = await expectOk<Layer4BatchCheckAnswer>(app, 'POST', 'V4/layer4.rule.batch_check', { token: parent, body: { ids: mixed } });
    assert.deepEqual(check.differing.map((entry) => entry.rule_port), [10010]);
    const refused = await call(app, 'POST', 'V4/layer4.rule.batch_edit', { token: parent, body: { ids: mixed, changes: { remark: 'x' } } });
    assert.deepEqual(errorsOf(refused.data).map((entry) => [entry.key, entry.values?.ports]), [['layer4.batch-differs', 'TCP 10010']]);
    const logged = app.db.prepare("SELECT action FROM operation_log WHERE area = 'layer4' ORDER BY id").all() as { action: string }[];
    assert.ok(['activate', 'batch-add', 'batch-edit', 'delete'].every((action) => logged.some((row) => row.action === action)));
  });

  it('rules §4: one origin failing its check turns the status to origin failure, and back', async () => {
    const target = (await listAll({ keyword: '10001' })).list[0]!;
    assert.equal(target.status, 'normal');
    setOriginHealth(app.db, DEMO_MEMBER_ID, target.id, target.source_ips[0]!, 'down', app.now());
    const failed = await expectOk<Layer4Rule>(app, 'GET', 'V4/layer4.rule.get', { token: parent, query: { id: target.id } });
    assert.equal(failed.status, 'origin-failure');
    setOriginHealth(app.db, DEMO_MEMBER_ID, target.id, target.source_ips[0]!, 'up', app.now());
  });

  it('rules §6: a non-standard port needs the package that has it; standard ports do not', async () => {
    const pro = (await packages()).list[0]!;
    for (const plan of app.db.prepare('SELECT id FROM plans WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number }[]) changePlanLevel(app.db, plan.id, 'business');
    try {
      const refused = await call(app, 'POST', 'V4/layer4.rule.create', { token: parent, body: { ...rule, package_id: pro.id, rule_port: 15000 } });
      assert.deepEqual(errorsOf(refused.data).map((entry) => [entry.field, entry.key, entry.values?.feature]), [['rule_port', 'origin-tab.non-standard-port', 'non_standard_port']]);
      await expectOk(app, 'POST', 'V4/layer4.rule.create', { token: parent, body: { ...rule, protocol: 'udp', package_id: pro.id, rule_port: 443 } });
    } finally {
      for (const plan of app.db.prepare('SELECT id FROM plans WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number }[]) changePlanLevel(app.db, plan.id, 'ultimate');
    }
  });

  it('rules §8: a website bound to a TCP package cannot be deleted until it is unbound', async () => {
    const application = (await packages()).list[1]!;
    const domain = app.db.prepare("SELECT id FROM domains WHERE member_id = ? AND tcp_package = '' ORDER BY id LIMIT 1").get(DEMO_MEMBER_ID) as { id: number };
    const bound = await expectOk<{ domains: { id: number }[] }>(app, 'POST', 'V4/layer4.package.bind', { token: parent, body: { id: application.id, domain_id: domain.id } });
    assert.ok(bound.domains.some((entry) => entry.id === domain.id));
    const refused = await expectOk<{ results: { id: number; ok: boolean; reason?: { key: string } }[] }>(app, 'POST', 'V4/cloudsafe.hwws.website.delete', {
      token: parent,
      body: { selection: { ids: [domain.id] } },
    });
    assert.deepEqual(refused.results.map((entry) => [entry.id, entry.ok, entry.reason?.key]), [[domain.id, false, 'websites.tcp-bound']]);
    await expectOk(app, 'POST', 'V4/layer4.package.unbind', { token: parent, body: { id: application.id, domain_id: domain.id } });
  });

  it('rules §6 grants: a sub-account granted one rule sees and changes only that rule, and cannot activate packages', async () => {
    const target = (await listAll({ keyword: '10005' })).list[0]!;
    const other = (await listAll({ keyword: '10006' })).list[0]!;
    const now = app.now();
    const groupId = createPermissionGroup(app.db, { memberId: DEMO_MEMBER_ID, name: 'One rule', grants: [{ module: 'layer4', object_scope: 'specified', access: 'manage', auto_bind_new: false }] }, now);
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'layer4', kind: 'specified', objectIds: [target.id] });
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: 'l4-one', passwordHash: hashPasswordSync('OneRule#2026'), groupId }, now);
    const child = (await signInChild(app, DEMO_MEMBER_ID, 'l4-one', 'OneRule#2026')).token;
    const list = await expectOk<Layer4RuleListAnswer>(app, 'GET', 'V4/layer4.rule.list', { token: child, query: { per_page: 100 } });
    assert.deepEqual(list.list.map((entry) => [entry.id, entry.editable]), [[target.id, true]]);
    assert.equal((await call(app, 'GET', 'V4/layer4.rule.get', { token: child, query: { id: other.id } })).code, PERMISSION_DENIED_CODE);
    const body = { ...rule, id: other.id, rule_port: other.rule_port, package_id: other.package_id, source_ips: other.source_ips, source_port: other.source_port };
    assert.equal((await call(app, 'POST', 'V4/layer4.rule.update', { token: child, body })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/layer4.rule.delete', { token: child, body: { ids: [target.id, other.id] } })).code, PERMISSION_DENIED_CODE);
    await expectOk(app, 'POST', 'V4/layer4.rule.update', { token: child, body: { ...body, id: target.id, rule_port: target.rule_port, remark: 'mine' } });
    assert.equal((await call(app, 'POST', 'V4/layer4.package.activate', { token: child, body: { id: target.package_id } })).code, PERMISSION_DENIED_CODE);
    // A group without the module sees no rules at all.
    const operator = (await signInChild(app)).token;
    const none = await expectOk<Layer4RuleListAnswer>(app, 'GET', 'V4/layer4.rule.list', { token: operator });
    assert.deepEqual([none.total, none.creatable], [0, false]);
  });

  it('access control: allow and deny lists are checked and stored with the rule', async () => {
    const target = (await listAll({ keyword: '10002' })).list[0]!;
    const base = { ...rule, id: target.id, rule_port: target.rule_port, package_id: target.package_id, source_ips: target.source_ips, source_port: target.source_port };
    const overlap = await call(app, 'POST', 'V4/layer4.rule.update', { token: parent, body: { ...base, access: { allow_ips: ['10.0.0.0/8'], deny_ips: ['10.0.0.0/8'], deny_regions: [] } } });
    assert.deepEqual(errorsOf(overlap.data).map((entry) => `${entry.field} ${entry.key}`), ['access.deny_ips layer4.allow-deny-overlap']);
    const saved = await expectOk<Layer4Rule>(app, 'POST', 'V4/layer4.rule.update', { token: parent, body: { ...base, access: { allow_ips: ['10.0.0.0/8'], deny_ips: ['192.0.2.1'], deny_regions: ['CN-HK'] } } });
    assert.deepEqual(saved.access, { allow_ips: ['10.0.0.0/8'], deny_ips: ['192.0.2.1'], deny_regions: ['CN-HK'] });
  });
});
